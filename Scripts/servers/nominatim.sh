#!/usr/bin/env bash
# A real Nominatim for roadtrip's geocoder tests: Debian's PostgreSQL, PostGIS and osm2pgsql with
# PyPI's nominatim-db and nominatim-api, imported from a small .osm.pbf, served on 127.0.0.1.
#
#   Scripts/servers/nominatim.sh install          install what is missing (apt-get as root, pip); exit 1 if it cannot
#   Scripts/servers/nominatim.sh serve [PBF] [PORT] import PBF (default: the Monaco test extract) once, start
#                                          PostgreSQL and `nominatim serve`; prints the server URL
#   Scripts/servers/nominatim.sh stop             stops both
#
# The database cluster is private (initdb in its own folder, its own port and socket), so nothing
# of the system's PostgreSQL is touched; as root it runs as the postgres user, as PostgreSQL
# requires. Every step skips what is already done. Logs go to stderr, the answer to stdout.
# ROADTRIP_NOMINATIM_HOME moves the folder (default vendor/nominatim).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HOME_DIR="${ROADTRIP_NOMINATIM_HOME:-$ROOT/vendor/nominatim}"
PG_PORT=5439
PGBIN=""
PIP_PACKAGES=(nominatim-db==5.3.3 nominatim-api==5.3.3 falcon uvicorn)

log() { printf 'nominatim.sh: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

find_pgbin() {
    PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [[ -n "$PGBIN" && -x "$PGBIN/initdb" ]]
}

as_db_owner() {
    if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

install() {
    local need=()
    find_pgbin || need+=(postgresql)
    ls /usr/share/postgresql/*/extension/postgis.control >/dev/null 2>&1 || need+=(postgis)
    command -v osm2pgsql >/dev/null || need+=(osm2pgsql)
    python3 -c 'import icu' 2>/dev/null || need+=(python3-icu)
    if [[ ${#need[@]} -gt 0 ]]; then
        [[ $(id -u) -eq 0 ]] || die "needs ${need[*]} (apt-get, as root)"
        log "installing with apt-get: ${need[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    fi
    if ! command -v nominatim >/dev/null || ! python3 -c 'import nominatim_api, falcon, uvicorn' 2>/dev/null; then
        log "installing with pip: ${PIP_PACKAGES[*]}"
        python3 -m pip install --quiet --disable-pip-version-check "${PIP_PACKAGES[@]}"
    fi
    find_pgbin || die "PostgreSQL's binaries are missing after installing"
}

dsn() { echo "pgsql:host=$HOME_DIR/socket;port=$PG_PORT;dbname=nominatim"; }

start_db() {
    mkdir -p "$HOME_DIR/socket"
    if [[ ! -f "$HOME_DIR/db/PG_VERSION" ]]; then
        log "creating a private PostgreSQL cluster in $HOME_DIR/db"
        rm -rf "$HOME_DIR/db"
        mkdir -p "$HOME_DIR/db"
        [[ $(id -u) -eq 0 ]] && chown postgres "$HOME_DIR/db" "$HOME_DIR/socket"
        as_db_owner "$PGBIN/initdb" -D "$HOME_DIR/db" -U postgres --auth=trust >/dev/null
    fi
    if ! as_db_owner "$PGBIN/pg_ctl" -D "$HOME_DIR/db" status >/dev/null 2>&1; then
        # Without the lock's descriptor, which the server would otherwise hold for ever.
        as_db_owner "$PGBIN/pg_ctl" -D "$HOME_DIR/db" -w -l "$HOME_DIR/db/server.log" \
            -o "-k $HOME_DIR/socket -p $PG_PORT -c listen_addresses=" start >/dev/null 9>&-
    fi
    local me; me=$(id -un)
    for role in "$me" www-data; do
        psql -h "$HOME_DIR/socket" -p $PG_PORT -U postgres -d postgres -tAc \
            "SELECT 1 FROM pg_roles WHERE rolname = '$role'" | grep -q 1 \
            || psql -h "$HOME_DIR/socket" -p $PG_PORT -U postgres -d postgres -qc \
                "CREATE ROLE \"$role\" LOGIN $([[ $role == "$me" ]] && echo SUPERUSER)" >/dev/null
    done
}

import() {
    local pbf="$1"
    local stamp; stamp="$(basename "$pbf") $(stat -c %s "$pbf")"
    if [[ -f "$HOME_DIR/imported" && "$(cat "$HOME_DIR/imported")" == "$stamp" ]]; then return; fi
    log "importing $pbf (about 20 s for Monaco)"
    rm -rf "$HOME_DIR/project"
    mkdir -p "$HOME_DIR/project"
    psql -h "$HOME_DIR/socket" -p $PG_PORT -U postgres -d postgres -qc "DROP DATABASE IF EXISTS nominatim" >/dev/null
    (cd "$HOME_DIR/project" && NOMINATIM_DATABASE_DSN="$(dsn)" nominatim import --osm-file "$pbf" --threads 2 \
        >"$HOME_DIR/import.log" 2>&1) || die "the import failed; see $HOME_DIR/import.log"
    echo "$stamp" >"$HOME_DIR/imported"
}

serve() {
    local pbf="${1:-$ROOT/Tests/Fixtures/osrm/monaco.osm.pbf}" port="${2:-8088}"
    [[ -f "$pbf" ]] || die "no extract at $pbf"
    pbf="$(cd "$(dirname "$pbf")" && pwd)/$(basename "$pbf")"
    install
    mkdir -p "$HOME_DIR"
    exec 9>"$HOME_DIR/.lock"
    flock 9
    start_db
    import "$pbf"
    local url="http://127.0.0.1:$port"
    if ! curl -fsS "$url/status" >/dev/null 2>&1; then
        # Its own session, and without the lock's descriptor: the server outlives this script.
        (cd "$HOME_DIR/project" && NOMINATIM_DATABASE_DSN="$(dsn)" exec setsid nominatim serve --server "127.0.0.1:$port" \
            --engine falcon >"$HOME_DIR/serve.log" 2>&1 9>&-) &
        echo $! >"$HOME_DIR/serve.pid"
        for _ in $(seq 1 100); do
            curl -fsS "$url/status" >/dev/null 2>&1 && break
            sleep 0.2
        done
        curl -fsS "$url/status" >/dev/null 2>&1 || die "nominatim serve did not start; see $HOME_DIR/serve.log"
    fi
    echo "$url"
}

stop() {
    if [[ -f "$HOME_DIR/serve.pid" ]]; then
        kill "$(cat "$HOME_DIR/serve.pid")" 2>/dev/null || true
        rm -f "$HOME_DIR/serve.pid"
    fi
    if find_pgbin && [[ -f "$HOME_DIR/db/PG_VERSION" ]]; then
        as_db_owner "$PGBIN/pg_ctl" -D "$HOME_DIR/db" -m fast stop >/dev/null 2>&1 || true
    fi
}

case "${1:-}" in
    install) install ;;
    serve) shift; serve "$@" ;;
    stop) stop ;;
    *) die "usage: nominatim.sh install | serve [PBF] [PORT] | stop" ;;
esac
