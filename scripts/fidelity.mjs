#!/usr/bin/env node
// `npm run fidelity`: the latencies we report under --rate beside the reference's, on the same
// server at the same fixed rates. Below both clients' maxima a rate-limited run's latency is the
// server's plus the client's own share; ours must add no more than the reference does. Each case
// runs --rounds times per binary, ours and the reference alternating, and the medians count.
// A row meets its bound when our avg and p95 are each within max(10%, 0.03 ms) of the
// reference's.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { findMysqlServer, withMysqlOptions } from './lib/mysql-server.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** script, --rate, --threads */
const CASES = {
  'ps500x1': ['oltp_point_select', 500, 1],
  'ps500x4': ['oltp_point_select', 500, 4],
  'ps4000x16': ['oltp_point_select', 4000, 16],
  'ps20000x64': ['oltp_point_select', 20000, 64],
  'rw200x16': ['oltp_read_write', 200, 16],
};

const argv = withMysqlOptions(yargs(hideBin(process.argv)))
  .scriptName('npm run fidelity --')
  .usage('$0 [options]\n\nLatency under --rate, ours beside the reference sysbench, medians of alternating runs.')
  .option('time', { type: 'number', default: 10, describe: 'seconds per run' })
  .option('rounds', { type: 'number', default: 3, describe: 'runs per binary and case (medians count)' })
  .option('cases', { type: 'string', default: Object.keys(CASES).join(','), describe: `cases: ${Object.keys(CASES).join(',')}` })
  .option('driver', { choices: ['mysql', 'pgsql', 'both'], default: 'mysql', describe: 'the database the runs use' })
  .option('table-size', { type: 'number', default: 100000 })
  .option('reference', { type: 'string', default: '/usr/bin/sysbench', describe: 'the reference binary' })
  .option('ours', { type: 'string', default: join(ROOT, 'bin', 'sysbench'), describe: 'our binary' })
  .option('lag', { type: 'boolean', default: true, describe: 'also show our lag and service time (from --json-report)' })
  .option('pgsql-host', { type: 'string', default: '127.0.0.1' })
  .option('pgsql-port', { type: 'number', default: 5432 })
  .option('pgsql-user', { type: 'string', default: 'postgres' })
  .option('db', { type: 'string', default: 'sbtest_fidelity', describe: 'database created and dropped for the runs' })
  .strict()
  .help()
  .parseSync();

const cases = argv.cases.split(',');
for (const c of cases) if (!CASES[c]) { console.error(`unknown case '${c}' (cases: ${Object.keys(CASES).join(',')})`); process.exit(1); }
if (!existsSync(argv.reference)) {
  console.error(`${argv.reference} is not installed: the table compares against it (apt-get install sysbench)`);
  process.exit(1);
}
if (!existsSync(join(ROOT, 'bundle', 'main.cjs'))) {
  console.error('bundle/ is missing: run `npm run build` first');
  process.exit(1);
}

const drivers = argv.driver === 'both' ? ['mysql', 'pgsql'] : [argv.driver];
const mysqlServer = drivers.includes('mysql') ? await findMysqlServer(process.argv.slice(2), 'fidelity') : null;
const PGSQL = ['--db-driver=pgsql', `--pgsql-host=${argv['pgsql-host']}`, `--pgsql-port=${argv['pgsql-port']}`, `--pgsql-user=${argv['pgsql-user']}`, `--pgsql-db=${argv.db}`];
const dbArgs = (driver) => (driver === 'pgsql' ? PGSQL : ['--db-driver=mysql', ...mysqlServer.sysbenchArgs, `--mysql-db=${argv.db}`]);

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}
const pgAdmin = (sql) => sh('psql', ['-X', '-q', '-h', argv['pgsql-host'], '-p', String(argv['pgsql-port']), '-U', argv['pgsql-user'], '-d', 'postgres', '-c', sql]);

function run(bin, args) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { err += d; });
    p.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${bin} ${args.join(' ')} failed (exit ${code}):\n${out}\n${err}`))));
  });
}

const num = (out, re) => Number(re.exec(out)?.[1]);
const median = (xs) => { const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };
const within = (ours, ref) => Math.abs(ours - ref) <= Math.max(0.1 * ref, 0.03);
const f2 = (x) => (Number.isNaN(x) ? '-' : x.toFixed(2));
const f3 = (x) => (Number.isNaN(x) ? '-' : x.toFixed(3));

const tmp = mkdtempSync(join(tmpdir(), 'sbts-fidelity-'));
let met = 0;
let total = 0;
try {
  console.log(`ours: ${argv.ours}\nreference: ${argv.reference}\n${argv.time} s per run, ${argv.rounds} rounds alternating, medians; table size ${argv['table-size']}`);
  console.log('bound: our avg and p95 each within max(10%, 0.03 ms) of the reference\'s\n');
  const head = `${'driver'.padEnd(6)} ${'case'.padEnd(34)} ${'ref tps'.padStart(8)} ${'ours tps'.padStart(8)} ${'ref avg/p95 ms'.padStart(15)} ${'ours avg/p95 ms'.padStart(15)}  ${argv.lag ? `${'our lag/service avg ms'.padStart(22)}  ` : ''}bound`;
  console.log(head);
  for (const driver of drivers) {
    if (driver === 'pgsql') {
      pgAdmin(`DROP DATABASE IF EXISTS ${argv.db}`);
      pgAdmin(`CREATE DATABASE ${argv.db}`);
    } else {
      await mysqlServer.admin(`DROP DATABASE IF EXISTS \`${argv.db}\`; CREATE DATABASE \`${argv.db}\`; SET GLOBAL max_connections = GREATEST(@@max_connections, 500)`);
    }
    sh(argv.reference, ['oltp_read_write', ...dbArgs(driver), `--table-size=${argv['table-size']}`, 'prepare']);
    for (const c of cases) {
      const [script, rate, threads] = CASES[c];
      const args = [script, ...dbArgs(driver), `--table-size=${argv['table-size']}`, `--threads=${threads}`, `--rate=${rate}`, `--time=${argv.time}`];
      const acc = { ours: [], ref: [] };
      for (let i = 0; i < argv.rounds; i++) {
        for (const who of ['ours', 'ref']) {
          const json = join(tmp, `r${i}.json`);
          const extra = who === 'ours' && argv.lag ? [`--json-report=${json}`] : [];
          const out = await run(who === 'ours' ? argv.ours : argv.reference, [...args, ...extra, 'run']);
          const r = { tps: num(out, /transactions:\s+\d+\s+\(([\d.]+) per sec/), avg: num(out, /avg:\s+([\d.]+)/), p95: num(out, /95th percentile:\s+([\d.]+)/), lag: NaN, service: NaN };
          if (extra.length) {
            const j = JSON.parse(readFileSync(json, 'utf8'));
            r.lag = j.lag_ms?.avg ?? NaN;
            r.service = j.service_ms?.avg ?? NaN;
          }
          acc[who].push(r);
        }
      }
      const m = (who, k) => median(acc[who].map((x) => x[k]));
      const ok = within(m('ours', 'avg'), m('ref', 'avg')) && within(m('ours', 'p95'), m('ref', 'p95'));
      total++;
      if (ok) met++;
      const name = `${script} --rate=${rate} --threads=${threads}`;
      console.log(`${driver.padEnd(6)} ${name.padEnd(34)} ${m('ref', 'tps').toFixed(0).padStart(8)} ${m('ours', 'tps').toFixed(0).padStart(8)} ${`${f2(m('ref', 'avg'))} / ${f2(m('ref', 'p95'))}`.padStart(15)} ${`${f2(m('ours', 'avg'))} / ${f2(m('ours', 'p95'))}`.padStart(15)}  ${argv.lag ? `${`${f3(m('ours', 'lag'))} / ${f3(m('ours', 'service'))}`.padStart(22)}  ` : ''}${ok ? 'met' : 'not met'}`);
    }
    if (driver === 'pgsql') pgAdmin(`DROP DATABASE IF EXISTS ${argv.db}`);
    else await mysqlServer.admin(`DROP DATABASE IF EXISTS \`${argv.db}\``);
  }
  console.log(`\n${met} of ${total} rows within the bound`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
