#!/usr/bin/env node
// Runs our sysbench and /usr/bin/sysbench alternately on the same server and prints, per case,
// tps(ours)/tps(reference) and the client CPU time (user+sys, from /usr/bin/time) per 1000 events.
//
// usage: node scripts/bench-vs-reference.mjs [--time=10] [--threads=1,16,64]
//        [--workloads=oltp_point_select,oltp_read_write] [--table-size=10000] [--db=sbtest_bench]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const arg = (name, def) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : def;
};
const time = Number(arg('time', '10'));
const threadList = arg('threads', '1,16,64').split(',').map(Number);
const workloads = arg('workloads', 'oltp_point_select,oltp_read_write').split(',');
const tableSize = arg('table-size', '10000');
const db = arg('db', 'sbtest_bench');
const socket = arg('socket', '/run/mysqld/mysqld.sock');
const ours = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'sysbench');
const reference = '/usr/bin/sysbench';

const common = ['--db-driver=mysql', '--mysql-user=root', `--mysql-db=${db}`, `--mysql-socket=${socket}`, `--table-size=${tableSize}`];

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

sh('mariadb', ['-uroot', `--socket=${socket}`, '-e', `DROP DATABASE IF EXISTS ${db}; CREATE DATABASE ${db}; SET GLOBAL max_connections=600`]);
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
sh('mariadb', ['-uroot', `--socket=${socket}`, '-e', `DROP DATABASE IF EXISTS ${db}`]);
