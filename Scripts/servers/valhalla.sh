#!/usr/bin/env bash
# Valhalla for roadtrip: fetches the self-contained programs of the pyvalhalla wheel, builds
# routing tiles from any .osm.pbf and serves them on 127.0.0.1.
#
#   Scripts/servers/valhalla.sh install              fetch the programs (once); prints the bin folder
#   Scripts/servers/valhalla.sh tiles PBF DIR        build DIR/valhalla.json and DIR/valhalla_tiles from PBF;
#                                            prints the config's path
#   Scripts/servers/valhalla.sh monaco [DIR]         install + build the Monaco test extract's tiles (in DIR,
#                                            default vendor/valhalla/data/monaco); prints the config
#   Scripts/servers/valhalla.sh serve CONFIG [PORT]  run valhalla_service for CONFIG on 127.0.0.1:PORT (default 8002)
#
# Every step skips what is already done, so re-running is cheap. Logs go to stderr, the one
# answer of each command to stdout. ROADTRIP_VALHALLA_HOME moves the folder (default vendor/valhalla).
set -euo pipefail

VERSION=3.9.1
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VALHALLA_HOME="${ROADTRIP_VALHALLA_HOME:-$ROOT/vendor/valhalla}"
DIST="$VALHALLA_HOME/$VERSION"
BIN="$DIST/valhalla/bin"
MONACO_FIXTURE="$ROOT/Tests/Fixtures/osrm/monaco.osm.pbf"

log() { printf 'valhalla.sh: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

# Serialises installs and tile builds: tests of several suites may ask at the same time.
lock() {
    mkdir -p "$VALHALLA_HOME"
    exec 9>"$VALHALLA_HOME/.lock"
    flock 9
}

runs() { "$BIN/valhalla_service" --version >/dev/null 2>&1; }

install() {
    if [[ -x "$BIN/valhalla_service" ]] && runs; then
        echo "$BIN"; return
    fi
    lock
    if [[ ! -x "$BIN/valhalla_service" ]]; then
        local wheels="$VALHALLA_HOME/wheels"
        mkdir -p "$wheels"
        if ! ls "$wheels"/pyvalhalla-"$VERSION"-*.whl >/dev/null 2>&1; then
            log "downloading the pyvalhalla $VERSION wheel (about 38 MB)"
            # The wheel is for Python 3.12 and later (abi3); it is only unpacked here, so any pip will
            # do. Its programs find their bundled libraries (pyvalhalla.libs) through their RPATH.
            python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 \
                --platform manylinux_2_28_x86_64 "pyvalhalla==$VERSION" -d "$wheels"
        fi
        rm -rf "$DIST.partial"
        python3 -m zipfile -e "$wheels"/pyvalhalla-"$VERSION"-*.whl "$DIST.partial"
        chmod +x "$DIST.partial"/valhalla/bin/*
        rm -rf "$DIST"
        mv "$DIST.partial" "$DIST"
    fi
    if ! runs; then
        log "valhalla_service does not run on this machine; missing libraries:"
        ldd "$BIN/valhalla_service" | grep 'not found' >&2 || true
        die "install the Debian packages that provide them (apt-file search LIBRARY)"
    fi
    echo "$BIN"
}

# The config the tiles are built and served with. valhalla_build_config is a Python script in the
# wheel (standard library only); the admin and time-zone databases are left out, so routes
# cross no borders' rules, which Monaco does not need.
config() {
    local dir="$1"
    python3 "$DIST/valhalla/valhalla_build_config.py" \
        --mjolnir-tile-dir "$dir/valhalla_tiles" \
        --mjolnir-tile-extract "$dir/valhalla_tiles.tar" \
        --mjolnir-traffic-extract "$dir/traffic.tar" \
        --mjolnir-timezone "$dir/timezones.sqlite" \
        --mjolnir-admin "$dir/admins.sqlite" \
        --httpd-service-listen "tcp://127.0.0.1:8002" >"$dir/valhalla.json.partial"
    mv "$dir/valhalla.json.partial" "$dir/valhalla.json"
}

tiles() {
    local pbf="${1:?usage: valhalla.sh tiles PBF DIR}" dir="${2:?usage: valhalla.sh tiles PBF DIR}"
    [[ -f "$pbf" ]] || die "no such file: $pbf"
    [[ "$pbf" == *.osm.pbf ]] || die "expected an .osm.pbf file: $pbf"
    install >/dev/null
    pbf="$(cd "$(dirname "$pbf")" && pwd)/$(basename "$pbf")"
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
    lock
    local stamp="$dir/stamp-tiles"
    if [[ ! -f "$stamp" || "$pbf" -nt "$stamp" ]]; then
        local started=$EPOCHREALTIME
        log "building tiles for $(basename "$pbf") in $dir"
        rm -rf "$dir/valhalla_tiles"
        config "$dir"
        if ! "$BIN/valhalla_build_tiles" -c "$dir/valhalla.json" "$pbf" >"$dir/build.log" 2>&1; then
            tail -n 5 "$dir/build.log" >&2
            die "valhalla_build_tiles failed; the whole log is $dir/build.log"
        fi
        touch "$stamp"
        log "tiles took $(awk "BEGIN { printf \"%.2f\", $EPOCHREALTIME - $started }") s"
    fi
    echo "$dir/valhalla.json"
}

monaco() {
    [[ -f "$MONACO_FIXTURE" ]] || die "the Monaco extract is missing: $MONACO_FIXTURE"
    tiles "$MONACO_FIXTURE" "${1:-$VALHALLA_HOME/data/monaco}"
}

serve() {
    local config="${1:?usage: valhalla.sh serve CONFIG [PORT]}" port="${2:-8002}"
    [[ -f "$config" ]] || die "no such config: $config (valhalla.sh tiles prints it)"
    install >/dev/null
    # The listening address lives in the config: serve a copy that names this port. Its other
    # sockets are in-process (valhalla_service's default), so several servers can run side by side.
    # No draining on SIGTERM (28 s by default): a local server stops when asked.
    local served="${config%.json}-$port.json"
    python3 - "$config" "$served" "$port" <<'EOF'
import json, sys
source, target, port = sys.argv[1:]
with open(source) as f:
    config = json.load(f)
config["httpd"]["service"]["listen"] = f"tcp://127.0.0.1:{port}"
config["httpd"]["service"]["drain_seconds"] = 0
config["httpd"]["service"]["shutdown_seconds"] = 0
with open(target, "w") as f:
    json.dump(config, f, indent=1)
EOF
    exec "$BIN/valhalla_service" "$served" 2
}

case "${1:-}" in
    install) install ;;
    tiles) shift; tiles "$@" ;;
    monaco) shift; monaco "$@" ;;
    serve) shift; serve "$@" ;;
    *) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
