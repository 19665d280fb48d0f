#!/usr/bin/env bash
# File fuzzing with libFuzzer: every reader of outside bytes.
#
#   Scripts/tests/fuzz.sh [SECONDS] [TARGET...]     (default: all targets)
#
#   store           the trips file (TripDocumentCodec): valid coordinates, a save reads back the same
#   gpx geojson kml kmz    the importers: valid coordinates only
#   pbf             `places import` of an OpenStreetMap extract: places on the Earth, true populations
#   nominatim       a Nominatim answer over a loopback socket: such places only, printable, cached alike
#   geocache        geocoder-cache.json: fresh answers only (never from the future), such places only
#   places          an imported region file: such places only, and the search over them
#   pack            an imported region's pack (places/REGION.pack), mapped by the search: such places only
#   osrm valhalla   a /route answer through the fetch funnel: every leg one a road between its stops can have
#   osrm-table valhalla-table    a travel-time table into the best order: only true tables used, real figures
#   legcache        the leg cache: legs on the Earth a road can have, never fetched in the future, saved alike
#   http            a raw HTTP answer through PlainHTTP: a failure or a body within the limit, no trap
#
# Builds the modules they need (RoadtripCore, TripFile, Exchange, HTTP, Routing, Gazetteer, Itinerary,
# PlaceImport and the ZIPFoundation and SwiftProtobuf they read KMZ and PBF with) straight from their
# sources with `swiftc -sanitize=fuzzer` into .build/fuzz (SwiftPM would link its own main into the
# executables), so a hostile archive or extract that traps inside a dependency is found too; then runs
# each target for SECONDS / number of targets from the seed corpus in Tests/Fixtures/fuzz/<target>
# (Tests/Fuzz/make-pbf-seeds.py writes the PBF seeds). New inputs go to .build/fuzz/corpus/<target>;
# a crash leaves its input in .build/fuzz/crash-* and fails the script. Prints one line per target:
# executions, and the time it ran.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_TOTAL=${1:-60}
shift || true
TARGETS=("$@")
ALL=(store gpx geojson kml kmz pbf nominatim geocache places pack valhalla valhalla-table osrm osrm-table legcache http)
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=("${ALL[@]}")
for target in "${TARGETS[@]}"; do
  [[ " ${ALL[*]} " == *" $target "* ]] || { echo "fuzz: unknown target $target (one of: ${ALL[*]})" >&2; exit 2; }
done
OUT=.build/fuzz
BIN=$OUT/roadtrip-fuzz
mkdir -p "$OUT"

# ZIPFoundation's and SwiftProtobuf's sources as SwiftPM checked them out (Package.resolved pins the versions).
ZIP=.build/checkouts/ZIPFoundation/Sources
PROTOBUF=.build/checkouts/swift-protobuf/Sources/SwiftProtobuf
{ [ -d "$ZIP/ZIPFoundation" ] && [ -d "$PROTOBUF" ]; } || swift package resolve >&2

# A module is compiled again when a file of its own, or the object of a module before it, is newer
# than its object (the order is one each module's imports come before it in, as in Package.swift).
# After changing the flags below, remove .build/fuzz.
compile() {  # NAME "DIR..." SWIFTC-FLAGS...
  local name=$1 dirs=$2 object=$OUT/$1.o stale=false
  shift 2
  [ -f "$object" ] || stale=true
  for earlier in "${OBJECTS[@]}"; do [ "$earlier" -nt "$object" ] && stale=true; done
  # shellcheck disable=SC2086
  [ -n "$(find $dirs -name '*.[sch]*' -newer "$object" -print -quit 2>/dev/null)" ] && stale=true
  if $stale; then
    echo "fuzz: compiling $name" >&2
    # shellcheck disable=SC2046,SC2086
    swiftc "${FLAGS[@]}" "$@" -module-name "$name" -I "$OUT" -emit-module -emit-module-path "$OUT/$name.swiftmodule" \
      -c -o "$object" $(find $dirs -name '*.swift' | sort) || { rm -f "$object"; exit 1; }
  fi
  OBJECTS+=("$object")
}

# RoadtripCore imports the C target CGuardedMapping: compile it and describe it to swiftc as SwiftPM would.
printf 'module CGuardedMapping {\n  header "%s"\n  export *\n}\n' "$PWD/Sources/CGuardedMapping/include/CGuardedMapping.h" \
  > "$OUT/CGuardedMapping.modulemap"
[ "$OUT/GuardedMapping.o" -nt Sources/CGuardedMapping/GuardedMapping.c ] \
  || clang -O2 -g -c Sources/CGuardedMapping/GuardedMapping.c -I Sources/CGuardedMapping/include -o "$OUT/GuardedMapping.o"
FLAGS=(-sanitize=fuzzer -parse-as-library -O -enable-testing -wmo -g -Xcc -fmodule-map-file="$OUT/CGuardedMapping.modulemap")
# ZIPFoundation reaches zlib through its own CZlib module map, which every module importing Exchange
# (it re-exports ZIPFoundation) must see too; ZIPFoundation and Exchange need _GNU_SOURCE for
# fopencookie, as its manifest says (not the others: it changes the socket calls' types). ZIPFoundation
# is written for the Swift 5 language mode; SwiftProtobuf for Swift 6 with ExistentialAny.
ZIP_MAP=(-Xcc -fmodule-map-file="$PWD/$ZIP/CZLib/module.modulemap")
ZIP_FLAGS=("${ZIP_MAP[@]}" -Xcc -D_GNU_SOURCE=1)
OBJECTS=("$OUT/GuardedMapping.o")
compile ZIPFoundation "$ZIP/ZIPFoundation" "${ZIP_FLAGS[@]}" -swift-version 5
compile SwiftProtobuf "$PROTOBUF" -swift-version 6 -enable-upcoming-feature ExistentialAny -package-name swift_protobuf
compile RoadtripCore "Sources/RoadtripCore Sources/CGuardedMapping"
compile TripFile Sources/TripFile
compile Exchange Sources/Exchange "${ZIP_FLAGS[@]}"
compile HTTP Sources/HTTP
compile Routing Sources/Routing
compile Gazetteer Sources/Gazetteer
compile Itinerary Sources/Itinerary
compile PlaceImport Sources/PlaceImport "${ZIP_MAP[@]}"
relink=false
[ -f "$BIN" ] || relink=true
for object in "${OBJECTS[@]}"; do [ "$object" -nt "$BIN" ] && relink=true; done
[ -n "$(find Tests/Fuzz -name '*.swift' -newer "$BIN" -print -quit 2>/dev/null)" ] && relink=true
if $relink; then
  echo "fuzz: linking $BIN" >&2
  # shellcheck disable=SC2046
  # Compiled, then linked on its own: a link that compiles too leaves a module for the debugger in the working folder.
  swiftc "${FLAGS[@]}" "${ZIP_MAP[@]}" -module-name RoadtripFuzz -I "$OUT" -c -o "$OUT/RoadtripFuzz.o" \
    $(find Tests/Fuzz -name '*.swift' | sort)
  swiftc -sanitize=fuzzer "$OUT/RoadtripFuzz.o" "${OBJECTS[@]}" -lz -o "$BIN.new"
  mv "$BIN.new" "$BIN"
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
