#!/usr/bin/env node
// Benchmark of the built-in tests against the reference binary, in the same run:
//   cpu:    events per second per thread (--threads=1, and --threads=N if asked)
//   memory: MiB/s for seq/rnd x read/write (default block size, and 1M blocks)
//   threads: events per second (2 threads); fileio: reads/s of rndrd and rndrw on 256M
//   of files in a temporary directory (page cache, and fsync-bound)
// Each case runs ROUNDS times alternating ours and the reference; the best round counts
// (the least disturbed by other load on the machine).
//
// usage: node scripts/bench-builtin.mjs [--time=S] [--rounds=N] [--threads=N] [--ref=/usr/bin/sysbench]
// Build first (npx tsc -p .).
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
const THREADS = Number(args.threads ?? 1);
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

/** the figure of one run: cpu events/s per thread, memory MiB/s */
const metrics = {
  cpu: (out, threads) => num(/events per second:\s+([\d.]+)/, out) / threads,
  memory: (out) => num(/MiB transferred \(([\d.]+) MiB\/sec\)/, out),
  threads: (out) => num(/total number of events:\s+(\d+)/, out) / num(/total time:\s+([\d.]+)s/, out),
  fileio: (out) => num(/reads\/s:\s+([\d.]+)/, out),
};

function best(kind, argv, threads) {
  let ours = 0;
  let ref = 0;
  for (let r = 0; r < ROUNDS; r++) {
    ours = Math.max(ours, metrics[kind](run(OURS, argv), threads));
    if (haveRef) ref = Math.max(ref, metrics[kind](run(REF, argv), threads));
  }
  return { ours, ref };
}

const cases = [];
for (const t of [...new Set([1, THREADS])]) {
  cases.push({ name: `cpu, ${t} thread${t > 1 ? 's' : ''} (events/s per thread)`, kind: 'cpu', threads: t,
    argv: ['cpu', `--threads=${t}`, `--time=${TIME}`, 'run'] });
}
for (const bs of ['1K', '1M']) {
  for (const mode of ['seq', 'rnd']) {
    for (const oper of ['read', 'write']) {
      cases.push({
        name: `memory ${mode} ${oper}, block ${bs} (MiB/s)`, kind: 'memory', threads: 1,
        argv: ['memory', `--memory-block-size=${bs}`, '--memory-total-size=0', `--memory-access-mode=${mode}`,
          `--memory-oper=${oper}`, `--time=${TIME}`, 'run'],
      });
    }
  }
}

cases.push({ name: 'threads, 2 threads (events/s)', kind: 'threads', threads: 2,
  argv: ['threads', '--threads=2', `--time=${TIME}`, 'run'] });
const FILES = ['fileio', '--file-total-size=256M'];
for (const mode of ['rndrd', 'rndrw']) {
  cases.push({ name: `fileio ${mode}, 256M (reads/s)`, kind: 'fileio', threads: 1,
    argv: [...FILES, `--file-test-mode=${mode}`, `--time=${TIME}`, 'run'] });
}

const rows = [];
run(OURS, [...FILES, 'prepare']);
if (haveRef) run(REF, [...FILES, 'prepare']);
for (const c of cases) {
  const { ours, ref } = best(c.kind, c.argv, c.threads);
  const ratio = haveRef && ref > 0 ? `${((ours / ref) * 100).toFixed(0)}%` : '-';
  rows.push([c.name, ours.toFixed(2), haveRef ? ref.toFixed(2) : '-', ratio]);
  console.error(`done: ${c.name}`);
}
const head = ['case', 'sysbench-ts', 'reference', 'ours/ref'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(`time per run ${TIME}s, best of ${ROUNDS} rounds`);
console.log(line(head));
console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
for (const r of rows) console.log(line(r));
run(OURS, [...FILES, 'cleanup']);
if (haveRef) run(REF, [...FILES, 'cleanup']);
