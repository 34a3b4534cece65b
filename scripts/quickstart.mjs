#!/usr/bin/env node
// First benchmark: oltp_read_write prepare / run (10 s, a report every second) / cleanup
// against the local MariaDB/MySQL, in a database of its own that it creates and drops.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import mysql from 'mysql2/promise';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'sysbench');
const db = 'sbtest_quickstart';
const socket = process.env.MYSQL_SOCKET ?? '/run/mysqld/mysqld.sock';

const con = await mysql.createConnection({ socketPath: socket, user: process.env.MYSQL_USER ?? 'root', password: process.env.MYSQL_PASSWORD ?? '' })
  .catch((e) => {
    console.error(`quickstart: cannot connect to MariaDB/MySQL on ${socket}: ${e.message}`);
    console.error('Install and start one (Debian/Ubuntu: sudo apt-get install -y mariadb-server), or set MYSQL_SOCKET.');
    process.exit(1);
  });
await con.query(`CREATE DATABASE IF NOT EXISTS \`${db}\``);
const args = ['oltp_read_write', '--db-driver=mysql', `--mysql-socket=${socket}`, `--mysql-user=${process.env.MYSQL_USER ?? 'root'}`,
  `--mysql-password=${process.env.MYSQL_PASSWORD ?? ''}`, `--mysql-db=${db}`, '--table-size=10000'];
let code = 0;
try {
  for (const step of [['cpu', 'run'], [...args, 'prepare'], [...args, '--time=10', '--report-interval=1', 'run'], [...args, 'cleanup']]) {
    console.log(`\n$ sysbench ${step.join(' ')}`);
    const r = spawnSync(bin, step, { stdio: 'inherit' });
    if (r.status !== 0 && step[0] !== 'cpu') { code = r.status ?? 1; break; }
  }
} finally {
  await con.query(`DROP DATABASE IF EXISTS \`${db}\``);
  await con.end();
}
process.exit(code);
