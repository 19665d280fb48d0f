#!/usr/bin/env bash
# Reliability checks beyond `swift test`, with their figures.
#
#   Scripts/tests/reliability.sh           CI form: 200 SIGKILLs, 10,000 fuzzed keys, 60 s of file fuzzing
#   Scripts/tests/reliability.sh --long    1,000 SIGKILLs, 100,000 fuzzed keys, 10 min of file fuzzing
#
# Then the classes of issues 17 and 33, each through its own tests of the real binary and store: locking,
# saves that tell the truth (full disk on a small tmpfs where mounting is allowed, else the
# injected fault at the same call), numbers from outside, exports, bounded input, output safety,
# edits from elsewhere, and hostile routing servers (with their memory measured). Ends with a table.
#
# Needs a debug build with tests (`swift build --build-tests`); builds one if missing. The disk
# fault tests (tmpfs, read-only bind mount) run as part of `swift test` and skip, saying so,
# where mounting is not allowed. Prints one figure line per check; exits 1 if any check fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
KILLS=200 KEYS=10000 FUZZ_SECONDS=60
if [ "${1:-}" = "--long" ]; then KILLS=1000 KEYS=100000 FUZZ_SECONDS=600; fi

BIN_DIR=$(swift build --show-bin-path)
[ -x "$BIN_DIR/roadtrip" ] || swift build --build-tests
figures=()
status=0

echo "== crash safety: $KILLS SIGKILLs during saves" >&2
figures+=("$(python3 Scripts/tests/crash_harness.py "$BIN_DIR/roadtrip" "$KILLS")")

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
# Its output is read after it ends, so a fuzzer that does not build or finds a crash fails the run.
fuzz_out=$(mktemp)
if ! Scripts/tests/fuzz.sh "$FUZZ_SECONDS" >"$fuzz_out"; then
  echo "file fuzzing FAILED (see above)" >&2
  status=1
fi
while IFS= read -r line; do figures+=("$line"); done <"$fuzz_out"
rm -f "$fuzz_out"

echo "== issue 17 classes: their tests, one row each" >&2
rows=()
class_row() {  # NAME FILTER
  local log out passed failed
  log=$(mktemp)
  if swift test --skip-build --filter "$2" >"$log" 2>&1; then out=ok; else out=FAILED; fi
  passed=$(grep -cE '^✔ Test .*passed' "$log" || true)
  failed=$(grep -cE '^✘ Test .*failed' "$log" || true)
  [ "$out" = ok ] || { grep -E "✘" "$log" | head -10 >&2; status=1; }
  rows+=("| $1 | $passed | $failed | $([ "$out" = ok ] && echo 0 || echo '?') |")
  rm -f "$log"
}
class_row "locking that cannot be bypassed" 'LockingTests|TwoCopiesTests'
class_row "saves that tell the truth (disk full, read-only, I/O error)" 'SaveFailureScreenTests|DiskFaultTests|CommandDiskFaultTests|JSONTripStoreFailureTests'
class_row "numbers from outside" 'OutsideNumbersTests|OSRMAnswerTests|CLIBadImportTests|ImportSafetyTests'
class_row "exports never destroy" 'ExportSafetyTests|JSONTripStoreSaveTests|CacheFileOwnershipTests'
class_row "bounded input, bounded work" 'BoundedInputTests|HugeTextTests|TextFieldTests|escStopsTheSearch'
class_row "output that cannot be turned against its reader" 'CLISanitizingTests|TerminalTextTests|CSVAndJSONTests|OutsideTextTests'
class_row "edits from elsewhere" 'EditsFromElsewhereTests|ChangedElsewhereTests'
class_row "hostile servers" 'OSRMFaultTests'
echo "== issue 33 classes: their tests, one row each" >&2
class_row "33.1 the lock and the data file cannot be sidestepped" 'SidestepTests|LockingTests'
class_row "33.2 no input traps" 'OutsideFiguresTests|OutsideFiguresUnitTests|fuzzCorpusNeverCrashes'
class_row "33.3 bounded work" 'BoundedWorkAndMessagesTests|TripDetailFileTests|InputBudget'
class_row "33.4 never run what a stranger placed" 'OSRMBinariesTests'
class_row "33.5 output that cannot be turned against its reader" 'OutputSafetyTests|NCursesAdapterTests'
class_row "33.6 no figure that cannot be true" 'OutsideFiguresTests|OutsideFiguresUnitTests'
class_row "33.7 messages" 'BoundedWorkAndMessagesTests|KMZArchiveTests|CLIConfigTests'
while IFS= read -r line; do figures+=("$line"); done < <(python3 Scripts/servers/hostile_osrm.py "$BIN_DIR/roadtrip" || echo "hostile OSRM: FAILED")

echo
printf '%s\n' "${figures[@]}"
echo
echo "| Class | Tests passed | Tests failed | Edits lost |"
echo "|---|---|---|---|"
printf '%s\n' "${rows[@]}"
if printf '%s\n' "${figures[@]}" | grep -q FAILED; then status=1; fi
exit $status
