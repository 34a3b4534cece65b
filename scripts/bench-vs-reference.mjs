#!/usr/bin/env node
// Runs our sysbench and /usr/bin/sysbench alternately on the same server and prints, per case,
// tps(ours)/tps(reference) and the client CPU time (user+sys, from /usr/bin/time) per 1000 events.
//
// usage: node scripts/bench-vs-reference.mjs [--time=10] [--threads=1,16,64]
//        [--workloads=oltp_point_select,oltp_read_write] [--table-size=10000] [--db=sbtest_bench]
//        [--mysql-socket=PATH | --mysql-host=HOST --mysql-port=PORT] [--mysql-user=U --mysql-password=P]
// The server: the one the --mysql-* options or the MYSQL_* variables name, else the local one
// (as for the quickstart; see the README).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import mysql from 'mysql2/promise';
import { describeTarget, targetConnection, targetSysbenchArgs } from '../dist/server/connection.js';
import { discoverServer } from '../dist/server/discover.js';

const arg = (name, def) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : def;
};
const time = Number(arg('time', '10'));
const threadList = arg('threads', '1,16,64').split(',').map(Number);
const workloads = arg('workloads', 'oltp_point_select,oltp_read_write').split(',');
const tableSize = arg('table-size', '10000');
const db = arg('db', 'sbtest_bench');
const { found, tried } = await discoverServer(process.argv.slice(2));
if (!found) {
  for (const { target, result } of tried) console.error(`${describeTarget(target)}: ${result.message}`);
  console.error('bench: no MySQL/MariaDB server to use');
  process.exit(1);
}
const ours = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'sysbench');
const reference = '/usr/bin/sysbench';

const common = [...targetSysbenchArgs(found.target), `--mysql-db=${db}`, `--table-size=${tableSize}`];

async function admin(sql) {
  const con = await mysql.createConnection({ ...targetConnection(found.target), multipleStatements: true });
  try {
    await con.query(sql);
  } finally {
    await con.end();
  }
}

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r;
}

function measure(bin, workload, threads) {
  const r = sh('/usr/bin/time', ['-f', 'CPU %U %S', bin, workload, ...common, `--threads=${threads}`, `--time=${time}`, 'run']);
  const tps = Number(/transactions:\s+\d+\s+\(([\d.]+) per sec/.exec(r.stdout)?.[1]);
  const events = Number(/total number of events:\s+(\d+)/.exec(r.stdout)?.[1]);
  const [, user, sys] = /CPU ([\d.]+) ([\d.]+)/.exec(r.stderr) ?? [];
  const cpu = Number(user) + Number(sys);
  return { tps, events, cpuPer1000: (cpu / events) * 1000 };
}

await admin(`DROP DATABASE IF EXISTS ${db}; CREATE DATABASE ${db}; SET GLOBAL max_connections=600`);
sh(reference, ['oltp_read_write', ...common, 'prepare']);
console.log(`${time}s per run, table size ${tableSize}; CPU = client user+sys seconds per 1000 events`);
console.log('workload            threads  tps(ours)  tps(ref)  ratio  cpu/1k ours  cpu/1k ref');
for (const w of workloads) {
  for (const t of threadList) {
    const o = measure(ours, w, t);
    const r = measure(reference, w, t);
    console.log(
      `${w.padEnd(20)}${String(t).padStart(7)}  ${o.tps.toFixed(0).padStart(9)}  ${r.tps.toFixed(0).padStart(8)}  ${(o.tps / r.tps).toFixed(2).padStart(5)}` +
      `  ${o.cpuPer1000.toFixed(3).padStart(11)}s  ${r.cpuPer1000.toFixed(3).padStart(9)}s`);
  }
}
await admin(`DROP DATABASE IF EXISTS ${db}`);
