#!/usr/bin/env bash
# Packs Data/destinations.tsv into Data/destinations.pack, the form searches map (issue 34).
# Run it after editing the table; `make test` fails while the committed pack is stale.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product roadtrip >&2
"$(swift build --show-bin-path)/roadtrip" places pack Data
