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

. "$root/Benchmarks/gazetteer-bench.sh"
compile_gazetteer_bench "$root" "$work" "$here/AlongBench.swift" "$work/along-bench"

echo "== in-process (release)"
"$work/along-bench" "$root/Data" "$work" "${IMPORTED:-300000}"
