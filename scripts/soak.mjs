#!/usr/bin/env node
// Soak test (issue 16): a long run with many threads, checking that the memory of the sysbench
// process stays flat and that every interval report comes on time.
//
//   node scripts/soak.mjs [--minutes=10] [--threads=64] [--test=oltp_point_select] [--mysql-socket=... | --mysql-host=... ...]
//
// Runs `prepare`, then `run --report-interval=1` for --minutes, then `cleanup`, in a database of
// its own (sbtest_soak) on the server named by the --mysql-* options, else on a private,
// throwaway MariaDB (never the system's server unless you name it). While it runs, it samples
// the RSS of bin/sysbench (/proc/PID/status, every 250 ms) and stamps every `[ Ns ]` line as
// it arrives. It prints, and checks:
//   - RSS: after the first minute, the largest sample is within --rss-slack (10%) of the
//     sample at the end of the first minute;
//   - timing: line k arrives k-1 seconds after line 1, within --jitter-ms (100 ms).
// Exit status 0 when both hold, 1 otherwise.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { acquireServer } from '../dist/server/acquire.js';
import { describeTarget, targetSysbenchArgs } from '../dist/server/connection.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'sysbench');

const opts = { minutes: 10, threads: 64, test: 'oltp_point_select', 'table-size': 10000, 'rss-slack': 10, 'jitter-ms': 100, 'warm-s': 60 };
const mysqlArgs = [];
for (const a of process.argv.slice(2)) {
  const m = /^--([\w-]+)=(.*)$/.exec(a);
  if (m && m[1].startsWith('mysql-')) mysqlArgs.push(a);
  else if (m && m[1] in opts) opts[m[1]] = typeof opts[m[1]] === 'number' ? Number(m[2]) : m[2];
  else if (a === '--help' || a === '-h') {
    console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 16).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
    process.exit(0);
  } else {
    console.error(`soak: unknown argument ${a} (--help lists them)`);
    process.exit(2);
  }
}

const DB = 'sbtest_soak';
const got = await acquireServer({ argv: mysqlArgs, privateOnly: mysqlArgs.length === 0, databases: [DB], notice: (l) => console.log(`soak: ${l}`) });
if (!got.ok) {
  console.error(`soak: ${got.message}`);
  process.exit(1);
}
const base = [opts.test, '--db-driver=mysql', ...targetSysbenchArgs(got.target), `--mysql-db=${DB}`, '--tables=1', `--table-size=${opts['table-size']}`];

function run(args, onLine) {
  return new Promise((resolve) => {
    const p = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    p.stdout.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        onLine?.(line, performance.now());
      }
    });
    onLine?.(null, performance.now(), p.pid);
    p.on('close', (code) => resolve(code ?? 1));
  });
}

function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// this script's own stalls (its timer firing late): when a late interval line coincides with
// one, the machine, not sysbench, held things up
const stalls = [];
let tickAt = performance.now();
const stallTimer = setInterval(() => {
  const now = performance.now();
  if (now - tickAt > 120) stalls.push({ at: now, ms: now - tickAt - 20 });
  tickAt = now;
}, 20);
const stallNear = (at) => stalls.filter((s) => Math.abs(s.at - at) < 2500).reduce((m, s) => Math.max(m, s.ms), 0);

let failed = false;
try {
  console.log(`soak: ${opts.threads} threads, ${opts.minutes} min of ${opts.test} on ${describeTarget(got.target)}`);
  if ((await run([...base, 'cleanup'])) !== 0 || (await run([...base, 'prepare'])) !== 0) throw new Error('prepare failed');

  const seconds = Math.round(opts.minutes * 60);
  const lines = [];
  const rss = [];
  let startedAt = null;
  let sampler = null;
  let last = '';
  const code = await run([...base, `--threads=${opts.threads}`, `--time=${seconds}`, '--report-interval=1', 'run'], (line, at, pid) => {
    if (line === null) {
      sampler = setInterval(() => {
        const kb = rssKb(pid);
        if (kb !== null && startedAt !== null) rss.push({ t: (performance.now() - startedAt) / 1000, kb });
      }, 250);
      return;
    }
    if (line.includes('Threads started!')) startedAt = at;
    const m = /^\[ (\d+)s \]/.exec(line);
    if (m) {
      lines.push({ n: Number(m[1]), at });
      last = line;
    }
  });
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the run failed (exit ${code})`);
  console.log(`soak: last interval line: ${last}`);

  // RSS after the first minute (or after --warm-s)
  const warm = Math.min(opts['warm-s'], seconds / 2);
  const atWarm = rss.find((s) => s.t >= warm);
  // samples of the run itself (not of the report and shutdown after it)
  const after = rss.filter((s) => s.t >= warm && s.t <= seconds);
  if (!atWarm || after.length === 0) throw new Error('no RSS samples');
  const max = Math.max(...after.map((s) => s.kb));
  const min = Math.min(...after.map((s) => s.kb));
  const growth = (max / atWarm.kb - 1) * 100;
  const rssOk = growth <= opts['rss-slack'];
  console.log(`soak: RSS at ${warm} s: ${(atWarm.kb / 1024).toFixed(1)} MB; after it: min ${(min / 1024).toFixed(1)} MB, ` +
    `max ${(max / 1024).toFixed(1)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%, limit ${opts['rss-slack']}%): ${rssOk ? 'OK' : 'FAIL'}`);

  // interval lines: numbered 1, 2, ... and each (k - 1) s after the first
  let worst = 0;
  let late = 0;
  let misnumbered = 0;
  lines.forEach((l, k) => {
    if (l.n !== k + 1) misnumbered++;
    const off = l.at - lines[0].at - k * 1000;
    if (Math.abs(off) > Math.abs(worst)) worst = off;
    if (Math.abs(off) > opts['jitter-ms']) {
      late++;
      const own = stallNear(l.at);
      if (late <= 5) {
        console.log(`soak: line [ ${l.n}s ] came ${off >= 0 ? '+' : ''}${off.toFixed(1)} ms off` +
          (own > 0 ? ` (this script itself stalled ${own.toFixed(0)} ms then: the machine is busy)` : ''));
      }
    }
  });
  const timeOk = late === 0 && misnumbered === 0 && lines.length >= seconds - 1;
  console.log(`soak: interval lines: ${lines.length} of ${seconds}; off by more than ${opts['jitter-ms']} ms: ${late}; ` +
    `worst ${worst >= 0 ? '+' : ''}${worst.toFixed(1)} ms; misnumbered: ${misnumbered}: ${timeOk ? 'OK' : 'FAIL'}`);
  failed = !rssOk || !timeOk;
} catch (e) {
  console.error(`soak: ${e.message}`);
  failed = true;
} finally {
  await run([...base, 'cleanup']);
  await got.release();
}
clearInterval(stallTimer);
process.exit(failed ? 1 : 0);
