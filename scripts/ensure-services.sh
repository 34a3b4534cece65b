#!/usr/bin/env bash
# Makes sure what the test suite needs is installed and running: MariaDB (server and client),
# PostgreSQL (server and client) and Debian's sysbench (the stock Lua scripts and the
# reference binary). Idempotent.
set -euo pipefail

need_apt=()
command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || need_apt+=(mariadb-server)
command -v mariadb >/dev/null 2>&1 || need_apt+=(mariadb-client)
[ -x /usr/bin/sysbench ] || need_apt+=(sysbench)
command -v pg_ctlcluster >/dev/null 2>&1 || need_apt+=(postgresql)
command -v psql >/dev/null 2>&1 || need_apt+=(postgresql-client)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing: ${need_apt[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

sock=/run/mysqld/mysqld.sock
if ! mariadb -uroot -e 'select 1' >/dev/null 2>&1; then
  echo "starting MariaDB"
  mkdir -p /run/mysqld
  chown mysql:mysql /run/mysqld 2>/dev/null || true
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd -- --user=mysql
  for _ in $(seq 1 60); do
    mariadb -uroot -e 'select 1' >/dev/null 2>&1 && break
    sleep 1
  done
fi
mariadb -uroot -e 'select version()' >/dev/null
# runs with 100+ threads need more than the default 151 connections
mariadb -uroot -e 'SET GLOBAL max_connections = 600'
echo "MariaDB ready on $sock"

# ---- PostgreSQL: the pgsql driver's tests connect to 127.0.0.1:5432 as postgres, no password.
# Not fatal: without it the pgsql tests skip (and say so).
pg_ok() { psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; }
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
    echo "starting PostgreSQL $ver"
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
  echo "PostgreSQL ready on 127.0.0.1:5432"
else
  echo "PostgreSQL is not available: the pgsql tests will be skipped"
fi
