#!/usr/bin/env bash
# Packs the project (npm pack), installs the tarball globally into a temporary prefix, offline,
# and runs the installed sysbench from / : --version, cpu run (its JSON report merged by the
# installed sysbench-ts), and oltp_read_write
# prepare / run / cleanup against the local MariaDB ($MYSQL_SOCKET, default
# /run/mysqld/mysqld.sock, user root) in a throwaway database. Removes everything it made.
# Used by .ci/run; runs as any user who can log in to that server as root.
set -euo pipefail
cd "$(dirname "$0")/.."
sock=${MYSQL_SOCKET:-/run/mysqld/mysqld.sock}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sbts-package-XXXXXX")
db=sbtest_package_smoke_$$
cleanup() {
  mariadb -uroot --socket="$sock" -e "DROP DATABASE IF EXISTS \`$db\`" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

step() { echo "package-smoke: $*"; }
step "npm pack"
npm pack --silent --pack-destination "$tmp" >/dev/null
tarball=$(ls "$tmp"/sysbench-ts-*.tgz)
step "npm install -g --prefix $tmp/prefix --offline $(basename "$tarball")"
npm install -g --silent --prefix "$tmp/prefix" --offline "$tarball"
sysbench=$tmp/prefix/bin/sysbench

cd /
# run, then look at the whole output (grep -q in a pipe could cut sysbench short)
expect_in() {
  local pattern=$1 out
  shift
  out=$("$sysbench" "$@") || { echo "$out"; echo "package-smoke: sysbench $* failed"; exit 1; }
  grep -Eq -- "$pattern" <<<"$out" || { echo "$out"; echo "package-smoke: sysbench $*: no match for $pattern"; exit 1; }
}
step "sysbench --version"
expect_in '^sysbench 1\.0\.20$' --version
step "sysbench cpu --time=2 --report-interval=1 --json-report=... run"
expect_in 'events per second:' cpu --time=2 --report-interval=1 "--json-report=$tmp/cpu.json" run
step "sysbench memory --memory-access-mode=rnd run (the package's WebAssembly, bundle/builtin-*.wasm)"
expect_in 'MiB transferred' memory --memory-access-mode=rnd --memory-total-size=64M run
step "sysbench-ts merge / plot of that report"
companion=$tmp/prefix/bin/sysbench-ts
out=$("$companion" merge "$tmp/cpu.json") || { echo "$out"; echo "package-smoke: sysbench-ts merge failed"; exit 1; }
grep -q 'total number of events:' <<<"$out" || { echo "$out"; echo "package-smoke: sysbench-ts merge: no report"; exit 1; }
"$companion" plot "$tmp/cpu.json" "--output=$tmp/cpu.svg" >/dev/null
grep -q '<svg' "$tmp/cpu.svg" || { echo "package-smoke: sysbench-ts plot wrote no SVG"; exit 1; }
mariadb -uroot --socket="$sock" -e "CREATE DATABASE \`$db\`"
conn=(--db-driver=mysql "--mysql-socket=$sock" --mysql-user=root "--mysql-db=$db" --tables=2 --table-size=1000)
step "sysbench oltp_read_write prepare / run / cleanup"
expect_in "Creating a secondary index on 'sbtest2'" oltp_read_write "${conn[@]}" prepare
expect_in 'transactions: +[1-9]' oltp_read_write "${conn[@]}" --threads=2 --time=2 run
expect_in "Dropping table 'sbtest2'" oltp_read_write "${conn[@]}" cleanup
[ -z "$(mariadb -uroot --socket="$sock" -N -e "SHOW TABLES FROM \`$db\`")" ]
step "the installed package works"
