#!/usr/bin/env bash
# Reliability checks beyond `swift test`, with their figures.
#
#   Scripts/reliability.sh           CI form: 200 SIGKILLs, 10,000 fuzzed keys, 60 s of file fuzzing
#   Scripts/reliability.sh --long    1,000 SIGKILLs, 100,000 fuzzed keys, 10 min of file fuzzing
#
# Needs a debug build with tests (`swift build --build-tests`); builds one if missing. The disk
# fault tests (tmpfs, read-only bind mount) run as part of `swift test` and skip, saying so,
# where mounting is not allowed. Prints one figure line per check; exits 1 if any check fails.
set -euo pipefail
cd "$(dirname "$0")/.."
KILLS=200 KEYS=10000 FUZZ_SECONDS=60
if [ "${1:-}" = "--long" ]; then KILLS=1000 KEYS=100000 FUZZ_SECONDS=600; fi

BIN_DIR=$(swift build --show-bin-path)
[ -x "$BIN_DIR/roadtrip" ] || swift build --build-tests
figures=()

echo "== crash safety: $KILLS SIGKILLs during saves" >&2
figures+=("$(python3 Scripts/crash_harness.py "$BIN_DIR/roadtrip" "$KILLS")")

echo "== keystroke fuzzing: $KEYS keys through the full app" >&2
log=$(mktemp)
if ROADTRIP_FUZZ_KEYS=$KEYS swift test --skip-build --filter KeystrokeFuzzTests >"$log" 2>&1; then
  figures+=("$(grep -m1 '^keystroke fuzz:' "$log")")
else
  grep -E "✘|Fatal|error" "$log" | head -20 >&2
  echo "keystroke fuzzing FAILED (full log: $log)" >&2
  exit 1
fi
rm -f "$log"

echo "== file fuzzing: ${FUZZ_SECONDS}s of libFuzzer" >&2
while IFS= read -r line; do figures+=("$line"); done < <(Scripts/fuzz.sh "$FUZZ_SECONDS")

echo
printf '%s\n' "${figures[@]}"
