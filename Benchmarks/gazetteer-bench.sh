# Sourced by Benchmarks/places/bench.sh and Benchmarks/along/bench.sh: compiles one benchmark file
# with swiftc -O against Sources/RoadtripCore, HTTP and Gazetteer, outside the package's build.
#
#   compile_gazetteer_bench ROOT WORK SOURCE.swift OUTPUT
compile_gazetteer_bench() {
  local root="$1" work="$2" source="$3" output="$4"
  echo "== compiling (swiftc -O, whole module)"
  # RoadtripCore imports the C target CGuardedMapping: compile it and describe it to swiftc as SwiftPM would.
  printf 'module CGuardedMapping {\n  header "%s"\n  export *\n}\n' "$root/Sources/CGuardedMapping/include/CGuardedMapping.h" \
    > "$work/CGuardedMapping.modulemap"
  clang -O2 -c "$root/Sources/CGuardedMapping/GuardedMapping.c" -I "$root/Sources/CGuardedMapping/include" -o "$work/GuardedMapping.o"
  local cmap=(-Xcc -fmodule-map-file="$work/CGuardedMapping.modulemap")
  swiftc -O -wmo -parse-as-library "${cmap[@]}" -module-name RoadtripCore -emit-module -emit-module-path "$work/RoadtripCore.swiftmodule" \
    -c $(find "$root/Sources/RoadtripCore" -name '*.swift' | sort) -o "$work/RoadtripCore.o"
  swiftc -O -wmo -parse-as-library -module-name HTTP -emit-module -emit-module-path "$work/HTTP.swiftmodule" \
    -c $(find "$root/Sources/HTTP" -name '*.swift' | sort) -o "$work/HTTP.o"
  swiftc -O -wmo -parse-as-library "${cmap[@]}" -module-name Gazetteer -I "$work" -emit-module -emit-module-path "$work/Gazetteer.swiftmodule" \
    -c $(find "$root/Sources/Gazetteer" -name '*.swift' | sort) -o "$work/Gazetteer.o"
  swiftc -O -parse-as-library "${cmap[@]}" -I "$work" "$source" "$work/RoadtripCore.o" "$work/Gazetteer.o" \
    "$work/HTTP.o" "$work/GuardedMapping.o" -o "$output"
}
