#!/usr/bin/env bash
# Run a command (the test suite) beside a throwaway PostgreSQL server, when one can be had.
#
# Uses Debian's postgresql package (installed here if missing and we are root), initdb in a
# temporary folder, a free loopback port, as the postgres user when run as root; stops it and
# deletes the folder afterwards.  The command sees TABLETOP_TEST_POSTGRES=postgresql://...
# When no server can be started, the command runs anyway and the PostgreSQL tests skip: this
# script says so before and after it.
set -u

say() { printf '%s\n' "with-postgres: $*" >&2; }

find_bin() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

run_without() {
    local reason=$1
    shift
    say "PostgreSQL tests will be SKIPPED: $reason"
    "$@"
    local status=$?
    say "PostgreSQL tests were SKIPPED: $reason"
    exit $status
}

bin=$(find_bin)
if [ -z "$bin" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing Debian's postgresql package"
    { apt-get install -y -qq postgresql || { apt-get update -qq && apt-get install -y -qq postgresql; }; } \
        >/tmp/tabletop-apt-postgresql.log 2>&1 </dev/null
    bin=$(find_bin)
fi
[ -n "$bin" ] || run_without "no PostgreSQL server binaries (apt-get install postgresql)" "$@"

dir=$(mktemp -d /tmp/tabletop-pg.XXXXXX)
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then  # initdb refuses to run as root
    owner=postgres
    id "$owner" >/dev/null 2>&1 || owner=nobody
    chown "$owner" "$dir"
    as_owner() { runuser -u "$owner" -- "$@"; }
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

stop() {
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1
    rm -rf "$dir"
}

if ! as_owner "$bin/initdb" -D "$dir/data" -U tabletop --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1; then
    reason="initdb failed: $(tail -n 1 "$dir/initdb.log")"
    rm -rf "$dir"
    run_without "$reason" "$@"
fi
options="-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off"
options="$options -c full_page_writes=off -c max_connections=200"
if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "$options" -w -t 60 start >/dev/null 2>&1; then
    reason="the server did not start: $(tail -n 1 "$dir/server.log" 2>/dev/null)"
    stop
    run_without "$reason" "$@"
fi
trap stop EXIT INT TERM
export TABLETOP_TEST_POSTGRES="postgresql://tabletop@127.0.0.1:$port/postgres"
say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') for the tests on 127.0.0.1:$port"
"$@"
status=$?
say "PostgreSQL tests ran against that server"
exit $status
