#!/usr/bin/env node
// Benchmark of the built-in tests against the reference binary, in the same run:
//   cpu:    events per second per thread (--threads=1, and --threads=N)
//   memory: MiB/s for seq/rnd x read/write (default block size, and 1M blocks), and operations
//           per second of --memory-oper=none
//   threads, mutex: events per second (N threads); fileio: operations per second (reads, writes
//   and fsyncs) of seqwr, seqrd, rndrd and rndrw on 256M of files in a temporary directory
// Each case runs ROUNDS times alternating ours and the reference; the median round counts.
// Check that the machine is otherwise quiet first (uptime): the figures are wall-clock ones.
//
// usage: node scripts/bench-builtin.mjs [--time=S] [--rounds=N] [--threads=N] [--ref=/usr/bin/sysbench] [--only=REGEX]
// Build first (npm run build).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => {
  const m = /^--([^=]+)=(.*)$/.exec(a);
  return m ? [m[1], m[2]] : [a.replace(/^--/, ''), 'on'];
}));
const TIME = Number(args.time ?? 5);
const ROUNDS = Number(args.rounds ?? 3);
const THREADS = Number(args.threads ?? 2);
const ONLY = args.only ? new RegExp(args.only) : null;
const REF = args.ref ?? '/usr/bin/sysbench';
const OURS = join(root, 'bin', 'sysbench');

if (!existsSync(join(root, 'bundle', 'main.cjs'))) {
  console.error('bundle/ is missing: run `npm run build` first');
  process.exit(1);
}
const haveRef = existsSync(REF);
if (!haveRef) console.warn(`${REF} not found: only our figures are shown`);

const workdir = { ours: mkdtempSync(join(tmpdir(), 'bench-ours-')), ref: mkdtempSync(join(tmpdir(), 'bench-ref-')) };
process.on('exit', () => {
  for (const d of Object.values(workdir)) rmSync(d, { recursive: true, force: true });
});

function run(bin, argv) {
  const cwd = bin === OURS ? workdir.ours : workdir.ref;
  const r = spawnSync(bin, argv, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, cwd });
  if (r.status !== 0) throw new Error(`${bin} ${argv.join(' ')} failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

const num = (re, text) => {
  const m = re.exec(text);
  if (!m) throw new Error(`no match for ${re} in:\n${text}`);
  return Number(m[1]);
};

/** the figure of one run: cpu events/s per thread, memory MiB/s (or operations/s), ... */
const eventsPerSecond = (out) => num(/total number of events:\s+(\d+)/, out) / num(/total time:\s+([\d.]+)s/, out);
const metrics = {
  cpu: (out, threads) => num(/events per second:\s+([\d.]+)/, out) / threads,
  memory: (out) => (/MiB\/sec/.test(out) ? num(/MiB transferred \(([\d.]+) MiB\/sec\)/, out)
    : num(/Total operations: \d+ \(\s*([\d.]+) per second\)/, out)),
  threads: eventsPerSecond,
  mutex: eventsPerSecond,
  fileio: (out) => num(/reads\/s:\s+([\d.]+)/, out) + num(/writes\/s:\s+([\d.]+)/, out) + num(/fsyncs\/s:\s+([\d.]+)/, out),
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function medians(kind, argv, threads) {
  const ours = [];
  const ref = [];
  for (let r = 0; r < ROUNDS; r++) {
    ours.push(metrics[kind](run(OURS, argv), threads));
    if (haveRef) ref.push(metrics[kind](run(REF, argv), threads));
  }
  return { ours: median(ours), ref: haveRef ? median(ref) : 0 };
}

const cases = [];
for (const t of [...new Set([1, THREADS])]) {
  cases.push({ name: `cpu, ${t} thread${t > 1 ? 's' : ''} (events/s per thread)`, kind: 'cpu', threads: t,
    argv: ['cpu', `--threads=${t}`, `--time=${TIME}`, 'run'] });
}
for (const bs of ['1K', '1M']) {
  for (const mode of ['seq', 'rnd']) {
    for (const oper of bs === '1K' ? ['read', 'write', 'none'] : ['read', 'write']) {
      cases.push({
        name: `memory ${mode} ${oper}, block ${bs} (${oper === 'none' ? 'ops/s' : 'MiB/s'})`, kind: 'memory', threads: 1,
        argv: ['memory', `--memory-block-size=${bs}`, '--memory-total-size=0', `--memory-access-mode=${mode}`,
          `--memory-oper=${oper}`, `--time=${TIME}`, 'run'],
      });
    }
  }
}

for (const kind of ['threads', 'mutex']) {
  cases.push({ name: `${kind}, ${THREADS} threads (events/s)`, kind, threads: THREADS,
    argv: [kind, `--threads=${THREADS}`, `--time=${TIME}`, 'run'] });
}
const FILES = ['fileio', '--file-total-size=256M'];
for (const mode of ['seqwr', 'seqrd', 'rndrd', 'rndrw']) {
  cases.push({ name: `fileio ${mode}, 256M (ops/s)`, kind: 'fileio', threads: 1,
    argv: [...FILES, `--file-test-mode=${mode}`, `--time=${TIME}`, 'run'] });
}

const rows = [];
run(OURS, [...FILES, 'prepare']);
if (haveRef) run(REF, [...FILES, 'prepare']);
for (const c of cases.filter((k) => ONLY === null || ONLY.test(k.name))) {
  const { ours, ref } = medians(c.kind, c.argv, c.threads);
  const ratio = haveRef && ref > 0 ? `${((ours / ref) * 100).toFixed(0)}%` : '-';
  rows.push([c.name, ours.toFixed(2), haveRef ? ref.toFixed(2) : '-', ratio]);
  console.error(`done: ${c.name}`);
}
const head = ['case', 'sysbench-ts', 'reference', 'ours/ref'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(`time per run ${TIME}s, median of ${ROUNDS} rounds`);
console.log(line(head));
console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
for (const r of rows) console.log(line(r));
run(OURS, [...FILES, 'cleanup']);
if (haveRef) run(REF, [...FILES, 'cleanup']);
