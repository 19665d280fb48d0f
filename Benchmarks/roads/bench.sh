#!/usr/bin/env bash
# What `roadtrip roads import` costs: wall time, peak memory (the largest of roadtrip and the OSRM
# programs it waits for) and disk, for the Monaco extract, Monaco and Helsinki merged, and a
# synthetic extract of Monaco copies (Benchmarks/roads/synthetic_extract.py; python3-pyosmium),
# each with --no-places so only the roads are timed. The release binary is used.
# Usage: Benchmarks/roads/bench.sh [COPIES]   (default 36 copies, about 61 MB)
set -euo pipefail
cd "$(dirname "$0")/../.."
copies=${1:-36}
bin=.build/release/roadtrip
[ -x "$bin" ] || make --no-print-directory release >/dev/null
work=$(mktemp -d "${TMPDIR:-/tmp}/roads-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
synthetic=${ROADTRIP_BENCH_CACHE:-/tmp}/roadtrip-synthetic-$copies.osm.pbf
if [ ! -f "$synthetic" ]; then
  echo "making $synthetic ($copies copies of Monaco)…" >&2
  /usr/bin/python3 Benchmarks/roads/synthetic_extract.py Tests/Fixtures/osrm/monaco.osm.pbf "$copies" "$synthetic.partial"
  mv "$synthetic.partial" "$synthetic"
fi
printf '%-34s %10s %9s %11s %11s %s\n' "extracts" "input MB" "time s" "peak MB" "disk MB" "estimate said"
measure() {
  local label=$1; shift
  local data="$work/$label/trips.json"
  mkdir -p "$(dirname "$data")"
  local input=0
  for f in "$@"; do input=$((input + $(stat -c %s "$f"))); done
  /usr/bin/time -f "%e %M" -o "$work/time" "$bin" roads import --data "$data" --no-places --name bench "$@" \
    >/dev/null 2>"$work/err"
  read -r seconds kilobytes <"$work/time"
  local disk
  disk=$(du -sb "$(dirname "$data")/roads/bench" | cut -f1)
  local said
  said=$(grep -o 'about [^,]*, [^ ]* [^ ]* of disk and [^ ]* [^ ]* of memory' "$work/err" | head -1)
  printf '%-34s %10.1f %9.1f %11.0f %11.1f %s\n' "$label" "$(echo "$input / 1000000" | bc -l)" "$seconds" \
    "$(echo "$kilobytes / 1000" | bc -l)" "$(echo "$disk / 1000000" | bc -l)" "$said"
}
measure monaco Tests/Fixtures/osrm/monaco.osm.pbf
measure monaco+helsinki Tests/Fixtures/osrm/monaco.osm.pbf Tests/Fixtures/places/helsinki.osm.pbf
measure "synthetic-$copies" "$synthetic"
