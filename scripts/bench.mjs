#!/usr/bin/env node
// `npm run bench`: our sysbench against the reference binary on the same server, one row per
// figure of the performance goals, each with ours, the reference, their ratio and whether the
// row meets its "must" bound: client CPU per event at most 1.5 times the reference's; tps at
// least 0.95 of it at 1 thread and 0.9 at 16 and 64; start-up at most 1.5 times; the dry run's
// Lua-side cost at most 0.5 us per event; a 1M-row prepare's wall time at most the reference's
// and its client CPU at most twice. The reference's 16-thread point-select tps says whether the
// run fell on a slow hour of the shared host (below 60k) or a fast one.
//
// CPU per event is the client's user+sys time over the whole process divided by its events:
// what a server sharing the machine loses to the client. Each timed case runs --rounds times,
// ours and the reference alternating, and the median counts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { findMysqlServer, withMysqlOptions } from './lib/mysql-server.mjs';
import { maskArgv } from '../dist/options/secrets.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ALL_ROWS = ['ps1', 'ps16', 'ps64', 'rw16', 'ro16', 'dry', 'startup', 'rss1024', 'rss4096', 'prepare', 'pg16'];

const argv = withMysqlOptions(yargs(hideBin(process.argv)))
  .scriptName('npm run bench --')
  .usage('$0 [options]\n\nOurs against the reference sysbench, one row per performance goal.')
  .option('time', { type: 'number', default: 5, describe: 'seconds per timed run' })
  .option('rounds', { type: 'number', default: 3, describe: 'runs per binary and case (median counts)' })
  .option('rows', { type: 'string', default: ALL_ROWS.join(','), describe: `rows to run: ${ALL_ROWS.join(',')}` })
  .option('threads', { type: 'string', describe: 'override the thread counts of the point-select rows (comma list)' })
  .option('workloads', { type: 'string', describe: 'extra: run these scripts at --threads instead of the goal rows (comma list)' })
  .option('driver', { choices: ['mysql', 'pgsql'], default: 'mysql', describe: 'database driver of the --workloads runs' })
  .option('table-size', { type: 'number', default: 10000, describe: 'rows per table of the run cases' })
  .option('reference', { type: 'string', default: '/usr/bin/sysbench', describe: 'the reference binary' })
  .option('ours', { type: 'string', default: join(ROOT, 'bin', 'sysbench'), describe: 'our binary' })
  .option('pgsql-host', { type: 'string', default: '127.0.0.1' })
  .option('pgsql-port', { type: 'number', default: 5432 })
  .option('pgsql-user', { type: 'string', default: 'postgres' })
  .option('db', { type: 'string', default: 'sbtest_bench', describe: 'database created and dropped for the runs' })
  .strict()
  .help()
  .parseSync();

const REF = argv.reference;
const OURS = argv.ours;
if (!existsSync(REF)) {
  console.error(`${REF} is not installed: the benchmark compares against it (apt-get install sysbench)`);
  process.exit(1);
}
if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const server = await findMysqlServer(process.argv.slice(2), 'bench');
const mysqlAdmin = server.admin;
const MYSQL = ['--db-driver=mysql', ...server.sysbenchArgs, `--mysql-db=${argv.db}`];
const PGSQL = ['--db-driver=pgsql', `--pgsql-host=${argv['pgsql-host']}`, `--pgsql-port=${argv['pgsql-port']}`, `--pgsql-user=${argv['pgsql-user']}`, `--pgsql-db=${argv.db}`];
const TIME = argv.time;
const ROUNDS = argv.rounds;

// ---- running one command -----------------------------------------------------------------

/** Runs `bin args` under /usr/bin/time; returns stdout, CPU seconds, peak RSS (kB), wall time and
 *  the wall time at which `marker` first appeared on stdout. */
function run(bin, args, marker = null) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const p = spawn('/usr/bin/time', ['-f', '@@TIME %U %S %M', bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let markerAt = null;
    p.stdout.on('data', (d) => {
      out += d;
      if (marker !== null && markerAt === null && out.includes(marker)) markerAt = Number(process.hrtime.bigint() - t0) / 1e9;
    });
    p.stderr.on('data', (d) => { err += d; });
    p.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      const m = /@@TIME ([\d.]+) ([\d.]+) (\d+)/.exec(err);
      if (code !== 0 || !m) return reject(new Error(`${bin} ${maskArgv(args).join(' ')} failed (exit ${code}):\n${out}\n${err}`));
      resolve({ out, cpu: Number(m[1]) + Number(m[2]), rssKb: Number(m[3]), wall, markerAt });
    });
  });
}

const events = (out) => Number(/total number of events:\s+(\d+)/.exec(out)?.[1]);
const tps = (out) => Number(/transactions:\s+\d+\s+\(([\d.]+) per sec/.exec(out)?.[1] ?? /events\/s \(eps\):\s+([\d.]+)/.exec(out)?.[1]);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

/** Runs `measure(bin)` ROUNDS times per binary, alternating; returns the medians. */
async function paired(measure) {
  const ours = [];
  const ref = [];
  for (let i = 0; i < ROUNDS; i++) {
    ours.push(await measure(OURS));
    ref.push(await measure(REF));
  }
  return { ours: median(ours), ref: median(ref) };
}

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${maskArgv(args).join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function pgAdmin(sql) {
  sh('psql', ['-X', '-q', '-h', argv['pgsql-host'], '-p', String(argv['pgsql-port']), '-U', argv['pgsql-user'], '-d', 'postgres', '-c', sql]);
}

// ---- the rows ----------------------------------------------------------------------------

/** A row: `kind` says what is compared and which way is better. */
const rows = [];
function addRow(name, unit, ours, ref, goal) {
  // goal: { ratioMax } (lower is better, ours/ref), { ratioMin } (higher is better), or { absMax } (ours alone)
  const ratio = ref ? ours / ref : NaN;
  let must = '';
  if (goal.ratioMax !== undefined) must = `ratio <= ${goal.ratioMax}: ${ratio <= goal.ratioMax ? 'MET' : 'not met'}`;
  if (goal.ratioMin !== undefined) must = `ratio >= ${goal.ratioMin}: ${ratio >= goal.ratioMin ? 'MET' : 'not met'}`;
  if (goal.absMax !== undefined) must = `<= ${goal.absMax} ${unit}: ${ours <= goal.absMax ? 'MET' : 'not met'}`;
  rows.push({ name, unit, ours, ref, ratio, must });
  const fmt = (v) => (v === null || Number.isNaN(v) ? '-' : v >= 100 ? v.toFixed(0) : v.toFixed(2));
  console.log(`${name.padEnd(54)} ${unit.padEnd(9)} ${fmt(ours).padStart(10)} ${fmt(ref).padStart(10)} ${Number.isNaN(ratio) ? '    -' : ratio.toFixed(2).padStart(6)}  ${must}`);
}

/** Medians per field: pairs are measured together, so take each field's median separately. */
async function runCaseFields(common, script, threads, extra = []) {
  const o = [];
  const r = [];
  for (let i = 0; i < ROUNDS; i++) {
    for (const [bin, acc] of [[OURS, o], [REF, r]]) {
      const res = await run(bin, [script, ...common, `--table-size=${argv['table-size']}`, `--threads=${threads}`, `--time=${TIME}`, ...extra, 'run']);
      acc.push({ cpu: (res.cpu / events(res.out)) * 1e6, tps: tps(res.out) });
    }
  }
  const pick = (acc, k) => median(acc.map((x) => x[k]));
  return { ours: { cpu: pick(o, 'cpu'), tps: pick(o, 'tps') }, ref: { cpu: pick(r, 'cpu'), tps: pick(r, 'tps') } };
}

async function prepareMysql(script = 'oltp_read_write', size = argv['table-size']) {
  await mysqlAdmin(`DROP DATABASE IF EXISTS \`${argv.db}\`; CREATE DATABASE \`${argv.db}\``);
  sh(REF, [script, ...MYSQL, `--table-size=${size}`, 'prepare']);
}

/** client CPU per event against the reference's, on every row that has one */
const CPU_GOAL = { ratioMax: 1.5 };
/** below this reference tps at 16 threads (point select) the machine is on a slow hour */
const SLOW_HOUR_TPS = 60000;
let hourTps = null;

const want = new Set(argv.rows.split(','));
for (const r of want) if (!ALL_ROWS.includes(r)) { console.error(`unknown row '${r}' (rows: ${ALL_ROWS.join(',')})`); process.exit(1); }

console.log(`ours: ${OURS}\nreference: ${REF}\n${TIME} s per timed run, ${ROUNDS} rounds alternating, medians; table size ${argv['table-size']}`);
console.log('CPU/event = client user+sys over the whole process / events (what a co-located server loses)\n');
console.log(`${'figure'.padEnd(54)} ${'unit'.padEnd(9)} ${'ours'.padStart(10)} ${'reference'.padStart(10)} ${'ratio'.padStart(6)}  must`);

await mysqlAdmin('SET GLOBAL max_connections = 5000');

if (argv.workloads) {
  const common = argv.driver === 'pgsql' ? PGSQL : MYSQL;
  const threadList = (argv.threads ?? '1,16,64').split(',').map(Number);
  if (argv.driver === 'pgsql') {
    pgAdmin(`DROP DATABASE IF EXISTS ${argv.db}`);
    pgAdmin(`CREATE DATABASE ${argv.db}`);
    sh(REF, ['oltp_read_write', ...PGSQL, `--table-size=${argv['table-size']}`, 'prepare']);
  } else {
    await prepareMysql();
  }
  for (const w of argv.workloads.split(',')) {
    for (const t of threadList) {
      const c = await runCaseFields(common, w, t);
      addRow(`${w}, ${t} threads: CPU per event`, 'us', c.ours.cpu, c.ref.cpu, CPU_GOAL);
      addRow(`${w}, ${t} threads: tps`, 'tps', c.ours.tps, c.ref.tps, {});
    }
  }
} else {
  const psThreads = argv.threads ? argv.threads.split(',').map(Number) : null;
  if (['ps1', 'ps16', 'ps64', 'rw16', 'ro16', 'startup'].some((r) => want.has(r))) await prepareMysql();

  const pointSelect = async (t, cpuGoal, tpsGoal) => {
    const c = await runCaseFields(MYSQL, 'oltp_point_select', t);
    if (t === 16) hourTps = c.ref.tps;
    addRow(`oltp_point_select, ${t} threads: CPU per event`, 'us', c.ours.cpu, c.ref.cpu, cpuGoal);
    addRow(`oltp_point_select, ${t} threads: tps`, 'tps', c.ours.tps, c.ref.tps, tpsGoal);
  };
  if (psThreads) {
    for (const t of psThreads) await pointSelect(t, CPU_GOAL, {});
  } else {
    if (want.has('ps1')) await pointSelect(1, CPU_GOAL, { ratioMin: 0.95 });
    if (want.has('ps16')) await pointSelect(16, CPU_GOAL, { ratioMin: 0.9 });
    if (want.has('ps64')) await pointSelect(64, CPU_GOAL, { ratioMin: 0.9 });
  }
  if (want.has('rw16')) {
    const c = await runCaseFields(MYSQL, 'oltp_read_write', 16);
    addRow('oltp_read_write, 16 threads: CPU per event', 'us', c.ours.cpu, c.ref.cpu, CPU_GOAL);
  }
  if (want.has('ro16')) {
    const c = await runCaseFields(MYSQL, 'oltp_read_only', 16);
    addRow('oltp_read_only, 16 threads: CPU per event', 'us', c.ours.cpu, c.ref.cpu, CPU_GOAL);
  }
  if (want.has('dry')) {
    // the Lua side alone: CPU of a long dry run minus a short one, per extra event
    const dry = async (bin, n) => (await run(bin, ['oltp_point_select', ...MYSQL, '--mysql-dry-run', '--threads=1', '--time=0', `--events=${n}`, 'run'])).cpu;
    const c = await paired(async (bin) => ((await dry(bin, 1_000_000)) - (await dry(bin, 1000))) / 999_000 * 1e6);
    addRow('dry run point select, 1 thread: Lua-side cost/event', 'us', c.ours, c.ref, { absMax: 0.5 });
  }
  if (want.has('startup')) {
    const c = await paired(async (bin) => (await run(bin, ['oltp_point_select', ...MYSQL, `--table-size=${argv['table-size']}`, '--threads=100', '--time=0', '--events=100', 'run'], 'Threads started!')).markerAt);
    addRow('start-up, 100 threads: exec to "Threads started!"', 's', c.ours, c.ref, { ratioMax: 1.5 });
  }
  const rss = async (threads, goalMb) => {
    const c = await paired(async (bin) => (await run(bin, ['oltp_point_select', ...MYSQL, '--mysql-dry-run', `--threads=${threads}`, '--time=0', `--events=${threads * 10}`, 'run'])).rssKb / 1024);
    addRow(`${threads} threads (dry run): peak RSS`, 'MB', c.ours, c.ref, { absMax: goalMb });
  };
  if (want.has('rss1024')) await rss(1024, 600);
  if (want.has('rss4096')) await rss(4096, 2500);
  if (want.has('prepare')) {
    const wall = { ours: [], ref: [] };
    const cpu = { ours: [], ref: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const [who, bin] of [['ours', OURS], ['ref', REF]]) {
        await mysqlAdmin(`DROP DATABASE IF EXISTS \`${argv.db}\`; CREATE DATABASE \`${argv.db}\``);
        const r = await run(bin, ['oltp_read_write', ...MYSQL, '--table-size=1000000', 'prepare']);
        wall[who].push(r.wall);
        cpu[who].push(r.cpu);
      }
    }
    addRow('prepare of 1M rows (oltp_read_write): wall', 's', median(wall.ours), median(wall.ref), { ratioMax: 1.0 });
    addRow('prepare of 1M rows (oltp_read_write): client CPU', 's', median(cpu.ours), median(cpu.ref), { ratioMax: 2.0 });
  }
  if (want.has('pg16')) {
    let pgReady = true;
    try {
      pgAdmin(`DROP DATABASE IF EXISTS ${argv.db}`);
      pgAdmin(`CREATE DATABASE ${argv.db}`);
      sh(REF, ['oltp_read_write', ...PGSQL, `--table-size=${argv['table-size']}`, 'prepare']);
    } catch (e) {
      pgReady = false;
      console.log(`PostgreSQL, oltp_point_select 16 threads: skipped (${String(e.message).split('\n')[0]})`);
    }
    if (pgReady) {
      const c = await runCaseFields(PGSQL, 'oltp_point_select', 16);
      addRow('PostgreSQL oltp_point_select, 16 threads: CPU/event', 'us', c.ours.cpu, c.ref.cpu, CPU_GOAL);
      pgAdmin(`DROP DATABASE IF EXISTS ${argv.db}`);
    }
  }
}

await mysqlAdmin(`DROP DATABASE IF EXISTS \`${argv.db}\``);
const unmet = rows.filter((r) => r.must.endsWith('not met'));
if (hourTps !== null) {
  // the same code measures differently as the shared host's load moves; the reference's own
  // 16-thread point-select rate says which kind of hour the run fell on
  console.log(`\nthe hour: the reference made ${hourTps.toFixed(0)} tps at 16 threads (point select): a ${hourTps < SLOW_HOUR_TPS ? 'slow' : 'fast'} hour (slow: below ${SLOW_HOUR_TPS})`);
}
console.log(`\n${rows.filter((r) => r.must).length - unmet.length} of ${rows.filter((r) => r.must).length} "must" bounds met`);
