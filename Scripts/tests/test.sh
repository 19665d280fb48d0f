#!/usr/bin/env bash
# Runs every Swift test (already built) and, when any fails, repeats what failed at the very
# end: CI logs are often read from the bottom, and a failure 3,000 lines up is easy to miss.
# Usage: Scripts/tests/test.sh [extra `swift test` arguments]
set -uo pipefail
cd "$(dirname "$0")/../.."
log=$(mktemp "${TMPDIR:-/tmp}/roadtrip-test.XXXXXX")
trap 'rm -f "$log"' EXIT

export ROADTRIP_BIN="${ROADTRIP_BIN:-$(swift build --show-bin-path)/roadtrip}"
swift test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

if [ "$status" -ne 0 ]; then
  echo
  echo "==== what failed (swift test exited with $status) ===="
  # Swift Testing marks failures with ✘ and follows each with indented detail lines;
  # XCTest writes "error:" lines. A crash leaves neither, so the log's last lines follow.
  # An issue's message may span lines (a screen dump): keep them until the next event line.
  awk '/✘/ { shown = 40; print; next }
       /^(◇|✔|✘|􀟈|Test Suite|Test Case)/ { shown = 0 }
       shown > 0 { shown--; print }' "$log" | head -300
  grep -E "Fatal error:|: error: |Test Case .* failed|exited with signal|unexpected signal" "$log" | head -40
  echo "---- last lines ----"
  tail -n 15 "$log"
fi
exit "$status"
