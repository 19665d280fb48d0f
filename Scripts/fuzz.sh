#!/usr/bin/env bash
# File fuzzing with libFuzzer: the data-file loader and the GPX, GeoJSON, KML and KMZ importers.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]     TARGET: store gpx geojson kml kmz (default: all five)
#
# Builds RoadtripCore, TripFile, Exchange and the ZIPFoundation it reads KMZ with straight from their sources
# with `swiftc -sanitize=fuzzer` into .build/fuzz (SwiftPM would link its own main into the
# executables), so a hostile archive that traps inside ZIPFoundation is found too; then runs each target
# for SECONDS / number of targets from the seed corpus in Tests/Fixtures/fuzz/<target>. New
# inputs go to .build/fuzz/corpus/<target>; a crash leaves its input in .build/fuzz/crash-* and
# fails the script. Prints one line per target: executions, and the time it ran.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TOTAL=${1:-60}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(store gpx geojson kml kmz)
OUT=.build/fuzz
BIN=$OUT/roadtrip-fuzz
mkdir -p "$OUT"

# ZIPFoundation's sources as SwiftPM checked them out (Package.resolved pins the version).
ZIP=.build/checkouts/ZIPFoundation/Sources
[ -d "$ZIP/ZIPFoundation" ] || swift package resolve >&2

sources_newer() { [ ! -f "$BIN" ] || [ -n "$(find Sources/RoadtripCore Sources/TripFile Sources/CGuardedMapping Sources/Exchange Tests/Fuzz "$ZIP" -name '*.[sch]*' -newer "$BIN")" ]; }
if sources_newer; then
  echo "fuzz: building $BIN (swiftc -sanitize=fuzzer)" >&2
  # RoadtripCore imports the C target CGuardedMapping: compile it and describe it to swiftc as SwiftPM would.
  printf 'module CGuardedMapping {\n  header "%s"\n  export *\n}\n' "$PWD/Sources/CGuardedMapping/include/CGuardedMapping.h" \
    > "$OUT/CGuardedMapping.modulemap"
  clang -O2 -g -c Sources/CGuardedMapping/GuardedMapping.c -I Sources/CGuardedMapping/include -o "$OUT/GuardedMapping.o"
  FLAGS=(-sanitize=fuzzer -parse-as-library -O -enable-testing -wmo -g -Xcc -fmodule-map-file="$OUT/CGuardedMapping.modulemap")
  swiftc "${FLAGS[@]}" -module-name RoadtripCore -emit-module -emit-module-path "$OUT/RoadtripCore.swiftmodule" \
    -c -o "$OUT/RoadtripCore.o" $(find Sources/RoadtripCore -name '*.swift' | sort)
  swiftc "${FLAGS[@]}" -module-name TripFile -I "$OUT" -emit-module -emit-module-path "$OUT/TripFile.swiftmodule" \
    -c -o "$OUT/TripFile.o" $(find Sources/TripFile -name '*.swift' | sort)
  # ZIPFoundation reaches zlib through its own CZlib module map, and needs _GNU_SOURCE for fopencookie,
  # as its manifest says; it is written for the Swift 5 language mode.
  ZIP_FLAGS=(-Xcc -fmodule-map-file="$PWD/$ZIP/CZLib/module.modulemap" -Xcc -D_GNU_SOURCE=1)
  swiftc "${FLAGS[@]}" "${ZIP_FLAGS[@]}" -swift-version 5 -module-name ZIPFoundation -emit-module \
    -emit-module-path "$OUT/ZIPFoundation.swiftmodule" -c -o "$OUT/ZIPFoundation.o" $(find "$ZIP/ZIPFoundation" -name '*.swift' | sort)
  swiftc "${FLAGS[@]}" "${ZIP_FLAGS[@]}" -module-name Exchange -I "$OUT" -emit-module -emit-module-path "$OUT/Exchange.swiftmodule" \
    -c -o "$OUT/Exchange.o" $(find Sources/Exchange -name '*.swift' | sort)
  swiftc "${FLAGS[@]}" "${ZIP_FLAGS[@]}" -module-name RoadtripFuzz -I "$OUT" Tests/Fuzz/FuzzTarget.swift \
    "$OUT/RoadtripCore.o" "$OUT/TripFile.o" "$OUT/ZIPFoundation.o" "$OUT/Exchange.o" "$OUT/GuardedMapping.o" -lz -o "$BIN"
fi

PER_TARGET=$(( SECONDS_TOTAL / ${#TARGETS[@]} ))
[ "$PER_TARGET" -ge 1 ] || PER_TARGET=1
status=0
for target in "${TARGETS[@]}"; do
  corpus=$OUT/corpus/$target
  mkdir -p "$corpus"
  log=$OUT/$target.log
  # -rss_limit_mb guards against a reader that balloons; -max_len lets whole small files through.
  # The Swift runtime's backtracer would catch the trap before libFuzzer saves the input.
  if SWIFT_BACKTRACE=enable=no ROADTRIP_FUZZ_TARGET=$target "$BIN" -max_total_time="$PER_TARGET" -max_len=65536 -timeout=10 \
      -rss_limit_mb=2048 -artifact_prefix="$OUT/crash-$target-" -print_final_stats=1 \
      "$corpus" "Tests/Fixtures/fuzz/$target" >"$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz $target: $execs executions in ${PER_TARGET}s, no crash (corpus: $(ls "$corpus" | wc -l) inputs)"
  else
    echo "fuzz $target: FAILED, see $log and $OUT/crash-$target-*" >&2
    grep -E "ERROR|Fatal|precondition|deadly" "$log" | head -5 >&2 || true
    status=1
  fi
done
exit $status
