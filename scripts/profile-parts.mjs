#!/usr/bin/env node
// Where a run's client CPU goes, in microseconds per event: a whole-process `perf record` of one
// run (all threads, user and kernel), each sample put in a part (kernel, fengari's VM, our Lua API,
// the driver, Node's event loop, V8's compiler and collector, ...), the run's CPU per event (user
// + sys from /usr/bin/time, as `npm run bench` counts it) shared out by the parts' samples.
//
// JavaScript is named by Node's --perf-basic-prof; code of bundle/ is traced back to its source
// file through bundle/*.map, which `SYSBENCH_TS_SOURCEMAP=1 npm run build` writes (the programs
// themselves are the same). Functions TurboFan inlined count in the function they were inlined in.
// `--sysbench=/usr/bin/sysbench` profiles the reference the same way (its own code is one part).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { SourceMapConsumer } from 'source-map-js';
import { findMysqlServer, withMysqlOptions } from './lib/mysql-server.mjs';
import { NO_SOURCE, parseSample, summarize } from './lib/perf-parts.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const argv = withMysqlOptions(yargs(hideBin(process.argv)))
  .scriptName('node scripts/profile-parts.mjs')
  .usage('$0 [options]\n\nClient CPU per event of one run, split into parts (needs perf: apt-get install linux-perf).')
  .option('sysbench', { type: 'string', default: join(ROOT, 'bin', 'sysbench'), describe: 'the sysbench to profile: any build of ours, or /usr/bin/sysbench to compare' })
  .option('script', { type: 'string', default: 'oltp_point_select' })
  .option('threads', { type: 'string', default: '1,16', describe: 'thread counts, one run each (comma list)' })
  .option('time', { type: 'number', default: 8, describe: 'seconds per run' })
  .option('table-size', { type: 'number', default: 10000 })
  .option('rate', { type: 'number', default: 0, describe: 'passed on as --rate (0: none)' })
  .option('skip', { type: 'number', default: 0, describe: 'seconds at the start not sampled (start-up, warm-up): CPU per event is then the samples\' CPU over the events of the sampled seconds' })
  .option('frequency', { type: 'number', default: 1999, describe: 'samples per second and CPU' })
  .option('functions', { type: 'number', default: 0, describe: 'also list the N busiest JavaScript functions' })
  .option('db', { type: 'string', default: 'sbtest_profile', describe: 'database created and dropped for the runs' })
  .strict()
  .help()
  .parseSync();

if (spawnSync('perf', ['--version']).status !== 0) {
  console.error('perf is not installed (Debian: apt-get install linux-perf)');
  process.exit(1);
}
if (!existsSync('/usr/bin/time')) {
  console.error('/usr/bin/time is not installed (Debian: apt-get install time)');
  process.exit(1);
}
const { sysbenchArgs, admin } = await findMysqlServer(process.argv.slice(2), 'profile-parts');
const common = [argv.script, '--db-driver=mysql', ...sysbenchArgs, `--mysql-db=${argv.db}`, `--table-size=${argv['table-size']}`];

function sh(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** Source file of a "file:line:col" JIT location, through file.map when there is one. */
const maps = new Map();
function sourceOf(loc) {
  const m = /^(.*):(\d+):(\d+)$/.exec(loc);
  if (m === null) return null;
  const [, file, line, col] = m;
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  const consumer = maps.get(file);
  if (consumer === null) return null;
  const pos = consumer.originalPositionFor({ line: Number(line), column: Number(col) - 1, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
  return pos.source ?? null;
}

const work = mkdtempSync(join(tmpdir(), 'sbts-profile-'));
const perfMapsBefore = new Set(readdirSync('/tmp').filter((f) => /^perf-\d+\.map$/.test(f)));
// a code cache of its own: --perf-basic-prof changes V8's flags, and with them the cache's key
const env = { ...process.env, SYSBENCH_TS_CACHE_DIR: join(work, 'cache'), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --perf-basic-prof`.trim() };
delete env.NODE_EXTRA_CA_CERTS;
try {
  await admin(`DROP DATABASE IF EXISTS \`${argv.db}\`; CREATE DATABASE \`${argv.db}\`; SET GLOBAL max_connections = 5000`);
  sh(argv.sysbench, [...common, 'prepare']);
  console.log(`${argv.sysbench} ${argv.script}, ${argv.time} s per run; CPU per event = user+sys of the whole process / events\n`);
  for (const threads of argv.threads.split(',').map(Number)) {
    const args = [...common, `--threads=${threads}`, ...(argv.rate > 0 ? [`--rate=${argv.rate}`] : []), 'run'];
    sh(argv.sysbench, [...args, '--time=1'], env); // fills the code cache under these flags
    const data = join(work, `perf-${threads}.data`);
    const r = sh('perf', ['record', '-q', '-F', String(argv.frequency), '-e', 'cpu-clock', ...(argv.skip > 0 ? [`--delay=${Math.round(argv.skip * 1000)}`] : []), '-o', data, '--', '/usr/bin/time', '-f', '@@TIME %U %S', argv.sysbench, ...args, `--time=${argv.time}`], env);
    const events = Number(/total number of events:\s+(\d+)/.exec(r.stdout)?.[1]);
    const t = /@@TIME ([\d.]+) ([\d.]+)/.exec(r.stderr);
    const script = sh('perf', ['script', '-i', data, '-F', 'tid,ip,sym,dso']).stdout;
    const samples = script.split('\n').map(parseSample).filter((s) => s !== null);
    // with --skip, the sampled seconds' share of the events (a steady run's events are even in time)
    const cpuPerEvent = argv.skip > 0
      ? (samples.length / argv.frequency / (events * Math.max(0, argv.time - argv.skip) / argv.time)) * 1e6
      : ((Number(t[1]) + Number(t[2])) / events) * 1e6;
    const { total, parts, functions } = summarize(samples, sourceOf);
    console.log(`${threads} thread${threads === 1 ? '' : 's'}: ${events} events, user ${t[1]} s, sys ${t[2]} s: ${cpuPerEvent.toFixed(2)} us per event (${total} samples)`);
    console.log(`| part | share | us per event |\n|---|---:|---:|`);
    for (const [part, n] of parts) console.log(`| ${part} | ${((100 * n) / total).toFixed(1)}% | ${((cpuPerEvent * n) / total).toFixed(2)} |`);
    for (const [name, n] of functions.slice(0, argv.functions)) console.log(`    ${((cpuPerEvent * n) / total).toFixed(3)} us  ${name}`);
    if (parts.some(([part]) => part === NO_SOURCE)) console.log('(bundle/ has no source maps: `SYSBENCH_TS_SOURCEMAP=1 npm run build` first)');
    console.log('');
  }
} finally {
  await admin(`DROP DATABASE IF EXISTS \`${argv.db}\``).catch(() => {});
  rmSync(work, { recursive: true, force: true });
  for (const f of readdirSync('/tmp')) {
    if (/^perf-\d+\.map$/.test(f) && !perfMapsBefore.has(f)) rmSync(join('/tmp', f), { force: true });
  }
}
