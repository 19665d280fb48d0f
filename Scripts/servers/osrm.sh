#!/usr/bin/env bash
# OSRM for roadtrip: fetches the self-contained binaries of the osrm-bindings wheel, prepares
# road data from any .osm.pbf (MLD: extract, partition, customize) and serves it on 127.0.0.1.
#
#   Scripts/servers/osrm.sh install              fetch the binaries (once); prints the bin folder
#   Scripts/servers/osrm.sh prepare PBF [PROFILE] prepare PBF beside itself (profile car.lua unless given);
#                                         prints the dataset path (X.osrm)
#   Scripts/servers/osrm.sh monaco               install + prepare the Monaco test extract; prints its dataset path
#   Scripts/servers/osrm.sh serve DATASET [PORT] run osrm-routed for DATASET on 127.0.0.1:PORT (default 5000)
#
# Every step skips what is already done, so re-running is cheap. Logs go to stderr, the one
# answer of each command to stdout. ROADTRIP_OSRM_HOME moves the folder (default vendor/osrm).
set -euo pipefail

VERSION=26.10.0
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OSRM_HOME="${ROADTRIP_OSRM_HOME:-$ROOT/vendor/osrm}"
DIST="$OSRM_HOME/$VERSION"
BIN="$DIST/osrm/bin"
PROFILES="$DIST/osrm/share/profiles"
MONACO_FIXTURE="$ROOT/Tests/Fixtures/osrm/monaco.osm.pbf"

log() { printf 'osrm.sh: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

# Serialises installs and preparations: tests of several suites may ask at the same time.
lock() {
    mkdir -p "$OSRM_HOME"
    exec 9>"$OSRM_HOME/.lock"
    flock 9
}

pip_download() { python3 -m pip download --quiet --no-deps "$@"; }

install() {
    if [[ -x "$BIN/osrm-routed" ]] && "$BIN/osrm-routed" --version >/dev/null 2>&1; then
        echo "$BIN"; return
    fi
    lock
    if [[ ! -x "$BIN/osrm-routed" ]]; then
        local wheels="$OSRM_HOME/wheels"
        mkdir -p "$wheels"
        if ! ls "$wheels"/osrm_bindings-"$VERSION"-*.whl >/dev/null 2>&1; then
            log "downloading the osrm-bindings $VERSION wheel (about 21 MB)"
            # The wheel installs on no Python below 3.12; it is only unpacked here, so any pip will do.
            pip_download --only-binary=:all: --python-version 3.12 \
                --platform manylinux_2_28_x86_64 "osrm-bindings==$VERSION" -d "$wheels"
        fi
        rm -rf "$DIST.partial"
        python3 -m zipfile -e "$wheels"/osrm_bindings-"$VERSION"-*.whl "$DIST.partial"
        chmod +x "$DIST.partial"/osrm/bin/*
        rm -rf "$DIST"
        mv "$DIST.partial" "$DIST"
    fi
    if ! "$BIN/osrm-routed" --version >/dev/null 2>&1; then
        log "osrm-routed does not run on this machine; missing libraries:"
        ldd "$BIN/osrm-routed" | grep 'not found' >&2 || true
        die "install the Debian packages that provide them (apt-file search LIBRARY)"
    fi
    echo "$BIN"
}

# Runs one preparation step unless its stamp is newer than the input: an interrupted step leaves no stamp.
step() {
    local name="$1" input="$2" base="$3"; shift 3
    local stamp="$base.stamp-$name"
    if [[ -f "$stamp" && "$stamp" -nt "$input" ]]; then return; fi
    local started=$EPOCHREALTIME
    log "$name: $(basename "$base")"
    if ! "$@" >"$base.$name.log" 2>&1; then
        tail -n 5 "$base.$name.log" >&2
        die "$name failed; the whole log is $base.$name.log"
    fi
    touch "$stamp"
    log "$name took $(awk "BEGIN { printf \"%.2f\", $EPOCHREALTIME - $started }") s"
}

prepare() {
    local pbf="${1:?usage: osrm.sh prepare PBF [PROFILE]}"
    [[ -f "$pbf" ]] || die "no such file: $pbf"
    [[ "$pbf" == *.osm.pbf ]] || die "expected an .osm.pbf file: $pbf"
    install >/dev/null
    local profile="${2:-$PROFILES/car.lua}"
    [[ -f "$profile" ]] || die "no such profile: $profile"
    pbf="$(cd "$(dirname "$pbf")" && pwd)/$(basename "$pbf")"
    local base="${pbf%.osm.pbf}.osrm"
    lock
    step extract "$pbf" "$base" "$BIN/osrm-extract" -p "$profile" "$pbf"
    step partition "$base.stamp-extract" "$base" "$BIN/osrm-partition" "$base"
    step customize "$base.stamp-partition" "$base" "$BIN/osrm-customize" "$base"
    echo "$base"
}

monaco() {
    local dir="$OSRM_HOME/data/monaco"
    mkdir -p "$dir"
    if [[ ! -f "$dir/monaco.osm.pbf" ]]; then
        if [[ -f "$MONACO_FIXTURE" ]]; then
            cp "$MONACO_FIXTURE" "$dir/monaco.osm.pbf"
        else
            # The extract ships in the package's source archive. Only the archive is wanted:
            # pinning --no-binary to this one package lets pip take its build tools as wheels.
            local src="$OSRM_HOME/sdist"
            mkdir -p "$src"
            log "downloading the osrm-bindings $VERSION source archive for its Monaco extract"
            pip_download --no-binary=osrm-bindings "osrm-bindings==$VERSION" -d "$src"
            tar -xzf "$src/osrm_bindings-$VERSION.tar.gz" -O \
                "osrm_bindings-$VERSION/test/data/monaco.osm.pbf" >"$dir/monaco.osm.pbf.partial"
            mv "$dir/monaco.osm.pbf.partial" "$dir/monaco.osm.pbf"
        fi
    fi
    prepare "$dir/monaco.osm.pbf"
}

serve() {
    local dataset="${1:?usage: osrm.sh serve DATASET [PORT]}" port="${2:-5000}"
    [[ -f "$dataset.stamp-customize" || -f "$dataset.mldgr" ]] \
        || die "$dataset is not prepared: run osrm.sh prepare on its .osm.pbf first"
    install >/dev/null
    exec "$BIN/osrm-routed" --algorithm MLD --ip 127.0.0.1 --port "$port" "$dataset"
}

case "${1:-}" in
    install) install ;;
    prepare) shift; prepare "$@" ;;
    monaco) monaco ;;
    serve) shift; serve "$@" ;;
    *) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
