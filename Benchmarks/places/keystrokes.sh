#!/usr/bin/env bash
# Keystrokes until the intended place is the settled top result, over the typed targets in
# Tests/Fixtures/places/typed-targets.tsv, for roadtrip's search and a naive prefix-by-population
# search over the same names. Runs KeystrokeTests (which also fails when the figures slip) and prints
# its report. Usage: Benchmarks/places/keystrokes.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
report=$(mktemp "${TMPDIR:-/tmp}/keystrokes.XXXXXX")
trap 'rm -f "$report"' EXIT
swift build --build-tests >/dev/null
ROADTRIP_KEYSTROKE_REPORT="$report" swift test --skip-build --filter KeystrokeTests >/dev/null || true
cat "$report"
echo
