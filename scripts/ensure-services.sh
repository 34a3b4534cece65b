#!/usr/bin/env bash
# Makes sure what the test suite needs is installed and running: MariaDB (server and client)
# and Debian's sysbench (the stock Lua scripts and the reference binary). Idempotent.
set -euo pipefail

need_apt=()
command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || need_apt+=(mariadb-server)
command -v mariadb >/dev/null 2>&1 || need_apt+=(mariadb-client)
[ -x /usr/bin/sysbench ] || need_apt+=(sysbench)
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
