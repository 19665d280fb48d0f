#!/usr/bin/env bash
# Installs what roadtrip needs and is missing, through apt-get (and pip for test-only Python tools).
# Usage: Scripts/install_deps.sh run|test|release
set -euo pipefail
purpose=${1:-run}

need_apt=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
want() { have_pkg "$1" || need_apt+=("$1"); }

want libncursesw5-dev
want pkg-config
want libqrencode-dev      # the QR codes of `roadtrip link --qr`
want osmium-tool          # merges several extracts into one region for `roadtrip roads import`
if [ "$purpose" = release ]; then
  # The release build links Swift's own libraries statically (`make release`); Foundation's
  # networking then links the system's libcurl, which needs its development package.
  want libcurl4-openssl-dev
fi
if [ "$purpose" = test ]; then
  want tmux
  want unzip
  want libxml2-utils        # xmllint, to check exported GPX against the schema
  want geographiclib-tools  # GeodSolve, the reference for geodesic distances
  want zbar-tools           # zbarimg, which decodes the QR codes the tests draw
fi

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Installing with apt-get: ${need_apt[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ "$purpose" = test ]; then
  # A real Nominatim for the geocoder tests (PostgreSQL, PostGIS, osm2pgsql, nominatim-db/-api).
  # Where it cannot be installed (no root, no network) those tests say so and are skipped.
  "$(dirname "$0")/servers/nominatim.sh" install || echo "install-deps: Nominatim could not be installed; the geocoder tests will be skipped" >&2
fi

if [ "$purpose" = test ]; then
  # A real Valhalla for the second routing engine's tests: the programs of the pyvalhalla wheel,
  # unpacked under vendor/valhalla. The other tests still run where it cannot be installed; the
  # Valhalla tests try again and fail, never skip.
  "$(dirname "$0")/servers/valhalla.sh" install >/dev/null \
    || echo "install-deps: Valhalla could not be installed; the Valhalla tests will fail" >&2
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "roadtrip needs a Swift 6 toolchain on PATH (https://www.swift.org/install/linux/)." >&2
  exit 1
fi

if [ "$purpose" = test ]; then
  py_need=()
  python3 -c 'import gpxpy' 2>/dev/null || py_need+=(gpxpy)
  python3 -c 'import icalendar' 2>/dev/null || py_need+=(icalendar)  # Scripts/checks/check_itinerary.py
  python3 -c 'import shapefile' 2>/dev/null || py_need+=(pyshp==3.1.6)  # Scripts/data/check_destinations.py
  if [ ${#py_need[@]} -gt 0 ]; then
    echo "Installing with pip: ${py_need[*]}"
    python3 -m pip install --quiet --disable-pip-version-check "${py_need[@]}"
  fi
fi
