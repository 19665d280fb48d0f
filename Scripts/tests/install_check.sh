#!/usr/bin/env bash
# Installs roadtrip as a user would (`make install`, here the debug build into a temporary PREFIX),
# runs it from / with a clean environment, then `make uninstall` and checks nothing it put there is left.
# Usage: Scripts/tests/install_check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d "${TMPDIR:-/tmp}/roadtrip-prefix.XXXXXX")
home=$(mktemp -d "${TMPDIR:-/tmp}/roadtrip-home.XXXXXX")
trap 'rm -rf "$prefix" "$home"' EXIT
fail() { echo "install check FAILED: $*" >&2; exit 1; }

make --no-print-directory install PREFIX="$prefix" CONFIG=debug >/dev/null
run() { (cd / && env -i HOME="$home" PATH=/usr/bin:/bin "$prefix/bin/roadtrip" "$@"); }

run places Hallstatt --limit 1 | grep -q "Upper Austria" || fail "the installed binary does not find its places"
run places Crater Lake --limit 1 | grep -q "Crater Lake National Park" || fail "the installed binary does not find the curated destinations"
run new "Installed trip" >/dev/null || fail "cannot create a trip"
run add-stop "Installed trip" Salzburg >/dev/null || fail "cannot add a stop by name"
run list | grep -q "Installed trip" || fail "the trip is not listed"
run route "Paris, Texas" "Paris, France" | grep -q "across the sea" || fail "the installed binary does not know the land masses"
[ -f "$home/.local/share/roadtrip/trips.json" ] || fail "the data file is not in XDG_DATA_HOME's default"
for f in share/man/man1/roadtrip.1 share/bash-completion/completions/roadtrip share/zsh/site-functions/_roadtrip \
         share/fish/vendor_completions.d/roadtrip.fish share/roadtrip/outlines-110m.bin; do
  [ -s "$prefix/$f" ] || fail "$f is missing or empty"
done
grep -q "edit-stop" "$prefix/share/bash-completion/completions/roadtrip" || fail "bash completion lacks edit-stop"

# A data folder that is not there is said in one line naming where it looked. (Moving share/roadtrip
# away is not enough here: a binary built in a checkout falls back to the checkout's Data, as it should.)
out=$(cd / && env -i HOME="$home" PATH=/usr/bin:/bin ROADTRIP_DATA_DIR=/nonexistent "$prefix/bin/roadtrip" places Hallstatt 2>&1 || true)
echo "$out" | grep -q "looked in /nonexistent" || fail "a missing data folder is not explained: $out"
[ "$(echo "$out" | wc -l)" -eq 1 ] || fail "the missing data folder takes more than one line: $out"

# Real roads from the installed copy alone: no checkout, no Scripts/, no OSRM on PATH. roads import
# installs OSRM's programs itself (the osrm-bindings wheel from PyPI) under the home's XDG data folder.
cp Tests/Fixtures/osrm/monaco.osm.pbf "$home/monaco-latest.osm.pbf"
run roads import "$home/monaco-latest.osm.pbf" >"$home/roads.out" 2>&1 || fail "roads import: $(tail -3 "$home/roads.out")"
grep -q "Installed OSRM" "$home/roads.out" || fail "roads import did not install OSRM itself: $(cat "$home/roads.out")"
[ -x "$home/.local/share/roadtrip/osrm/26.10.0/osrm/bin/osrm-routed" ] || fail "OSRM is not in the home's data folder"
run roads list | grep -q "^monaco " || fail "roads list does not show monaco"
route=$(run route "43.7384,7.4246" "43.7311,7.4197" 2>&1) || fail "route through the imported roads: $route"
echo "$route" | grep -q "OSRM" || fail "the installed copy does not route on the imported roads: $route"
run roads forget monaco >/dev/null || fail "roads forget"
route=$(run route "43.7384,7.4246" "43.7311,7.4197" 2>&1)
echo "$route" | grep -q "estimate" || fail "after roads forget the leg is not an estimate: $route"

make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f | head -5)
[ -z "$left" ] || fail "uninstall left: $left"
echo "install check: make install into a temporary PREFIX ran from / with a clean environment (places and destinations, new, add-stop, list, roads import with OSRM installed by roadtrip, route on them, roads forget), completions and manual installed, a missing data folder explained, make uninstall left no file"
