#!/usr/bin/env node
// Instructions per event of a built-in test, ours against the reference, counted by valgrind's
// callgrind (this VM's perf has no hardware counters). Each program runs the case twice under
// callgrind, with N and 2N events; (count(2N) - count(N)) / N is an event's share, start-up
// and shut-down cancelling out. Counted: the user-space instructions of the thread that ran
// the events (threads are matched by their order of creation; the one whose count grew the most
// ran them); the kernel's part (a system call's work) is not counted.
//
// usage: node scripts/callgrind-builtin.mjs [--events=N] [--ref=/usr/bin/sysbench] [CASE...]
//   CASE: cpu, memory-seq-read, memory-rnd-write-1M, ..., fileio-rndrd (all when none given)
// Build first (npm run build).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const opts = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => {
  const m = /^--([^=]+)=(.*)$/.exec(a);
  return m ? [m[1], m[2]] : [a.slice(2), 'on'];
}));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const REF = opts.ref ?? '/usr/bin/sysbench';
const OURS = join(root, 'bin', 'sysbench');

/** name -> [argv for n events, default n] */
const cases = {
  cpu: [(n) => ['cpu', `--events=${n}`, '--time=0', 'run'], 200],
};
for (const bs of ['1K', '1M']) {
  for (const mode of ['seq', 'rnd']) {
    for (const oper of ['read', 'write', 'none']) {
      if (bs === '1M' && oper === 'none') continue;
      const kib = bs === '1K' ? 1 : 1024;
      cases[`memory-${mode}-${oper}${bs === '1K' ? '' : '-1M'}`] = [(n) => ['memory', `--memory-block-size=${bs}`,
        `--memory-total-size=${n * kib}K`, `--memory-access-mode=${mode}`, `--memory-oper=${oper}`, '--time=0', 'run'],
      bs === '1K' ? 200000 : 200];
    }
  }
}
for (const mode of ['seqwr', 'seqrd', 'rndrd', 'rndrw']) {
  cases[`fileio-${mode}`] = [(n) => ['fileio', '--file-total-size=256M', `--file-test-mode=${mode}`, `--events=${n}`, '--time=0', 'run'], 20000];
}

function count(bin, argv, cwd) {
  const out = mkdtempSync(join(tmpdir(), 'cg-out-'));
  try {
    // bin/sysbench is a shell script that execs node
    const r = spawnSync('valgrind', ['--tool=callgrind', '--trace-children=yes', '--separate-threads=yes',
      `--callgrind-out-file=${out}/cg.%p`, bin, ...argv], { encoding: 'utf8', cwd, maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`${bin} ${argv.join(' ')} under callgrind failed (${r.status}):\n${r.stdout}${r.stderr}`);
    // one file per thread, cg.PID-NN in the order the threads started (the shell's own is cg.PID)
    return readdirSync(out).filter((f) => /-\d+$/.test(f)).sort()
      .map((f) => Number(/^totals: (\d+)/m.exec(readFileSync(join(out, f), 'utf8'))?.[1] ?? 0));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const dirs = { ours: mkdtempSync(join(tmpdir(), 'cg-ours-')), ref: mkdtempSync(join(tmpdir(), 'cg-ref-')) };
process.on('exit', () => { for (const d of Object.values(dirs)) rmSync(d, { recursive: true, force: true }); });
const names = wanted.length > 0 ? wanted : Object.keys(cases);
const prepared = new Set();
console.log('| case | events | ours, instructions per event | reference | ours/ref |');
console.log('|---|---:|---:|---:|---:|');
for (const name of names) {
  if (!cases[name]) throw new Error(`unknown case ${name}: ${Object.keys(cases).join(', ')}`);
  const [argv, dflt] = cases[name];
  const n = Number(opts.events ?? dflt);
  const per = {};
  for (const [who, bin] of [['ours', OURS], ['ref', REF]]) {
    if (name.startsWith('fileio') && !prepared.has(who)) {
      spawnSync(bin, ['fileio', '--file-total-size=256M', 'prepare'], { cwd: dirs[who] });
      prepared.add(who);
    }
    const a = count(bin, argv(n), dirs[who]);
    const b = count(bin, argv(2 * n), dirs[who]);
    per[who] = Math.max(...b.map((x, i) => x - (a[i] ?? 0))) / n;
  }
  console.log(`| ${name} | ${n} | ${per.ours.toFixed(0)} | ${per.ref.toFixed(0)} | ${(per.ours / per.ref).toFixed(2)} |`);
}
