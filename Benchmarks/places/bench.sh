#!/usr/bin/env bash
# Place search benchmark (the towns with the curated destinations, as the CLI and the planner search):
# in-process load time and query latency (release build), peak RSS,
# and the whole process against Debian's `fzf --filter` over a file of the same place names.
#
#   Benchmarks/places/bench.sh            # from anywhere; needs swiftc, fzf (apt-get install fzf), /usr/bin/time
#
# The benchmark is compiled here with swiftc -O from Sources/RoadtripCore and Sources/Gazetteer,
# so it stays out of the package's build and tests. When the roadtrip binary exists
# (.build/release/roadtrip, or $ROADTRIP_BIN), its `places QUERY --limit 10` is timed too.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
data="$root/Data"
work="$root/.build-bench/places"
mkdir -p "$work"
runs="${RUNS:-20}"

command -v fzf >/dev/null || { echo "bench.sh: fzf is missing (apt-get install fzf)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }

. "$root/Benchmarks/gazetteer-bench.sh"
compile_gazetteer_bench "$root" "$work" "$here/PlacesBench.swift" "$work/places-bench"

echo "== in-process (release)"
"$work/places-bench" "$data" latency

echo "== peak resident memory of one load + query"
/usr/bin/time -v "$work/places-bench" "$data" once "Portland" 2>"$work/time.txt" >/dev/null
grep -E "Maximum resident set size" "$work/time.txt" | awk '{printf "peak RSS: %.1f MB\n", $NF/1024}'

"$work/places-bench" "$data" names > "$work/names.txt"
echo "== whole process, $runs runs each, over $(wc -l < "$work/names.txt") place names"
# Milliseconds for one run of the command given as arguments, output discarded.
time_ms() {
  local start end
  start=$(date +%s%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s%N)
  echo $(( (end - start) / 1000 ))
}
# Median (ms, 1 decimal) of $runs runs of the command given as arguments.
median_ms() {
  local samples=()
  for _ in $(seq "$runs"); do samples+=("$(time_ms "$@")"); done
  printf '%s\n' "${samples[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}
fzf_filter() { fzf --filter "$1" < "$work/names.txt" | head -n 10; }
bin="${ROADTRIP_BIN:-$root/.build/release/roadtrip}"
printf '%-16s %12s %16s %14s %8s\n' query "fzf (ms)" "bench once (ms)" "roadtrip (ms)" ratio
for q in "Portland" "san fran" "Albuqerque" "Queenstown, NZ" "zurich" "s"; do
  f=$(median_ms fzf_filter "$q")
  b=$(median_ms "$work/places-bench" "$data" once "$q")
  if [ -x "$bin" ]; then
    r=$(median_ms "$bin" places "$q" --limit 10)
    ratio=$(awk -v r="$r" -v f="$f" 'BEGIN {printf "%.2f", r / f}')
  else
    r="(no binary)"
    ratio=$(awk -v r="$b" -v f="$f" 'BEGIN {printf "%.2f*", r / f}')
  fi
  printf '%-16s %12s %16s %14s %8s\n' "$q" "$f" "$b" "$r" "$ratio"
done
[ -x "$bin" ] || echo "* ratio of the one-shot benchmark (load + search + print, like the CLI) to fzf; build roadtrip in release (make release) for the CLI column"
[ -x "$bin" ] && /usr/bin/time -v "$bin" places Portland --limit 10 2>"$work/time-cli.txt" >/dev/null && \
  grep -E "Maximum resident set size" "$work/time-cli.txt" | awk '{printf "roadtrip places peak RSS: %.1f MB\n", $NF/1024}'
exit 0
