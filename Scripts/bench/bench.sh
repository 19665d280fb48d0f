#!/usr/bin/env bash
# Builds roadtrip and the perf benchmark (Benchmarks/performance) in release mode and prints every
# figure of BENCHMARKS.md in one table, with the machine's details.
#   Scripts/bench/bench.sh            the full run (about 3 minutes after the builds)
#   Scripts/bench/bench.sh --quick    few repetitions, for CI: it checks that the benchmark runs
#   Scripts/bench/bench.sh --strict   exit 1 when a target is missed
# Needs python3, and for the geodesic lines geographiclib-tools, libgeographiclib-dev and g++ (apt-get).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
if ! command -v GeodSolve >/dev/null || [ ! -e /usr/include/GeographicLib/Geodesic.hpp ]; then
  echo "bench.sh: installing geographiclib-tools and libgeographiclib-dev (GeographicLib, for the geodesic comparison)" >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq geographiclib-tools libgeographiclib-dev g++ >/dev/null || true
  else sudo apt-get install -y -qq geographiclib-tools libgeographiclib-dev g++ >/dev/null || true; fi
fi
# The real binary, for the pseudo-terminal lines (the quick mode skips that build and those lines unless a
# release binary is already there); the benchmark package, for everything else.
case " $* " in
  *" --quick "*) ;;
  *) make -s release 2>&1 | grep -E "error" >&2 || true ;;
esac
(cd Benchmarks/performance && swift build -c release --product PerfBenchmark 2>&1 | grep -E "error" >&2 || true)
exec Benchmarks/performance/.build/release/PerfBenchmark --repository "$root" "$@"
