#!/usr/bin/env bash
# What the test suite can use (npm test runs this first, as `pretest`):
#   MariaDB (server and client), PostgreSQL (server and client) and Debian's sysbench (the
#   reference binary and the stock Lua scripts).
#
# By default it only reports: what is missing, and what the tests do instead (a private MariaDB
# when the server is installed but not running, skipped tests otherwise). It never fails.
#
# With SYSBENCH_TS_INSTALL=1 (or --install), as root on Debian/Ubuntu (CI: .ci/run), it installs
# what is missing with apt-get, starts MariaDB, sets up PostgreSQL for the tests (trust on
# 127.0.0.1) and raises MariaDB's max_connections; then it fails when MariaDB does not answer.
set -uo pipefail

install=${SYSBENCH_TS_INSTALL:-0}
[ "${1:-}" = "--install" ] && install=1
say() { echo "ensure-services: $*"; }

have_mariadbd() { command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ]; }
sock=${MYSQL_SOCKET:-/run/mysqld/mysqld.sock}
mariadb_ok() { mariadb -uroot --socket="$sock" -e 'select 1' >/dev/null 2>&1; }
pg_ok() { psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; }

missing=()
have_mariadbd || missing+=(mariadb-server)
command -v mariadb >/dev/null 2>&1 || missing+=(mariadb-client)
[ -x /usr/bin/sysbench ] || missing+=(sysbench)
command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)

# ---- report only ---------------------------------------------------------------------------
if [ "$install" != 1 ]; then
  if mariadb_ok; then
    say "MariaDB answers on $sock"
  elif have_mariadbd; then
    say "no MariaDB answers on $sock (as root): the tests start a private one (mariadbd is installed)"
  else
    say "no MariaDB answers on $sock and mariadbd is not installed: the MySQL tests will be SKIPPED"
  fi
  pg_ok && say "PostgreSQL answers on 127.0.0.1:5432" ||
    say "PostgreSQL does not answer on 127.0.0.1:5432 as postgres: the pgsql tests will be SKIPPED"
  [ -x /usr/bin/sysbench ] || say "/usr/bin/sysbench is missing: the comparisons with the reference binary will be SKIPPED"
  if [ ${#missing[@]} -gt 0 ]; then
    say "not installed: ${missing[*]} (Debian/Ubuntu: sudo apt-get install ${missing[*]};" \
      "or run the tests as root with SYSBENCH_TS_INSTALL=1 to install and start them)"
  fi
  exit 0
fi

# ---- install and start (CI) --------------------------------------------------------------------
set -e
if [ "$(id -u)" != 0 ]; then
  say "SYSBENCH_TS_INSTALL=1 needs root (apt-get, starting the servers)"
  exit 1
fi
if [ ${#missing[@]} -gt 0 ]; then
  say "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! mariadb_ok; then
  say "starting MariaDB"
  mkdir -p /run/mysqld
  chown mysql:mysql /run/mysqld 2>/dev/null || true
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd -- --user=mysql
  for _ in $(seq 1 60); do
    mariadb_ok && break
    sleep 1
  done
fi
mariadb -uroot --socket="$sock" -e 'select version()' >/dev/null
# runs with 100+ threads need more than the default 151 connections
mariadb -uroot --socket="$sock" -e 'SET GLOBAL max_connections = 600'
say "MariaDB ready on $sock"

# ---- PostgreSQL: the pgsql driver's tests connect to 127.0.0.1:5432 as postgres, no password.
# Not fatal: without it the pgsql tests skip (and say so).
pg_setup() {
  local ver conf hba
  ver=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)
  if [ -z "$ver" ]; then
    ver=$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1)
    [ -n "$ver" ] || return 1
    pg_createcluster "$ver" main >/dev/null || return 1
  fi
  conf=/etc/postgresql/$ver/main
  hba=$conf/pg_hba.conf
  # trust local TCP connections (first matching line wins, so they go first)
  if ! grep -qE '^host[[:space:]]+all[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  grep -qE "^listen_addresses" "$conf/postgresql.conf" || echo "listen_addresses = 'localhost'" >> "$conf/postgresql.conf"
  if pg_ctlcluster "$ver" main status >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$ver" main reload || true
  else
    say "starting PostgreSQL $ver"
    pg_ctlcluster --skip-systemctl-redirect "$ver" main start || return 1
  fi
  for _ in $(seq 1 60); do
    pg_ok && return 0
    sleep 1
  done
  return 1
}
if pg_ok || pg_setup; then
  # the cram suite's psql calls connect through the socket as the current user, to "sbtest"
  me=$(id -un)
  psql -h 127.0.0.1 -U postgres -d postgres -Atc "select 1 from pg_roles where rolname = '$me'" | grep -q 1 ||
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "create role \"$me\" superuser login" || true
  psql -h 127.0.0.1 -U postgres -d postgres -Atc "select 1 from pg_database where datname = 'sbtest'" | grep -q 1 ||
    psql -q -h 127.0.0.1 -U postgres -d postgres -c 'create database sbtest' || true
  say "PostgreSQL ready on 127.0.0.1:5432"
else
  say "PostgreSQL is not available: the pgsql tests will be skipped"
fi
