#!/usr/bin/env bash
# "Along the route" benchmark: corridor queries on three 1,000 km routes (the US West, Germany,
# India) over every built-in town, the curated destinations and a synthetic imported region of
# 300,000 places (IMPORTED=… to change), in-process, release build; the index's build time and memory.
#
#   Benchmarks/along/bench.sh            # from anywhere; needs swiftc
#
# Compiled here with swiftc -O from Sources/RoadtripCore, HTTP and Gazetteer, outside the package's build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$root/.build-bench/along"
mkdir -p "$work"

echo "== compiling (swiftc -O, whole module)"
printf 'module CGuardedMapping {\n  header "%s"\n  export *\n}\n' "$root/Sources/CGuardedMapping/include/CGuardedMapping.h" \
  > "$work/CGuardedMapping.modulemap"
clang -O2 -c "$root/Sources/CGuardedMapping/GuardedMapping.c" -I "$root/Sources/CGuardedMapping/include" -o "$work/GuardedMapping.o"
cmap=(-Xcc -fmodule-map-file="$work/CGuardedMapping.modulemap")
swiftc -O -wmo -parse-as-library "${cmap[@]}" -module-name RoadtripCore -emit-module -emit-module-path "$work/RoadtripCore.swiftmodule" \
  -c $(find "$root/Sources/RoadtripCore" -name '*.swift' | sort) -o "$work/RoadtripCore.o"
swiftc -O -wmo -parse-as-library -module-name HTTP -emit-module -emit-module-path "$work/HTTP.swiftmodule" \
  -c $(find "$root/Sources/HTTP" -name '*.swift' | sort) -o "$work/HTTP.o"
swiftc -O -wmo -parse-as-library "${cmap[@]}" -module-name Gazetteer -I "$work" -emit-module -emit-module-path "$work/Gazetteer.swiftmodule" \
  -c $(find "$root/Sources/Gazetteer" -name '*.swift' | sort) -o "$work/Gazetteer.o"
swiftc -O -parse-as-library "${cmap[@]}" -I "$work" "$here/AlongBench.swift" "$work/RoadtripCore.o" "$work/Gazetteer.o" \
  "$work/HTTP.o" "$work/GuardedMapping.o" -o "$work/along-bench"

echo "== in-process (release)"
"$work/along-bench" "$root/Data" "$work" "${IMPORTED:-300000}"
