#!/usr/bin/env node
// Regenerates the reference transcripts of test/fixtures/reference/ by running the reference
// binary, /usr/bin/sysbench (Debian's 1.0.20), for each: every file starts with the command
// that produced it ("$ sysbench ..."), followed by what it printed (stdout and stderr as a
// terminal shows them); a file may hold several commands.
//
//   node scripts/reference-transcripts.mjs             rewrite every transcript
//   node scripts/reference-transcripts.mjs NAME...     only these (e.g. builtin_cpu oltp_help)
//   node scripts/reference-transcripts.mjs --check     regenerate into a temporary folder and
//                                                      compare with the committed ones, numbers
//                                                      masked (exit 1 when a layout differs)
//   --out=DIR                                          write somewhere else
//
// Commands that need a server use MariaDB as the tests do: $MYSQL_SOCKET, else the local server
// (/run/mysqld/mysqld.sock), else a private, throwaway MariaDB (src/server/). They run in a
// database of their own (created and dropped); the transcripts show the canonical connection
// options (--mysql-db=sbtest --mysql-socket=/run/mysqld/mysqld.sock), so the database name and
// the socket are written back in that form.
// legacy_oltp_run is a sysbench 0.5 command line (--test=lua/oltp.lua): run from the project
// root, it uses our lua/oltp.lua; with SB_LEGACY_SCRIPTS=DIR (the 0.5 originals, not part of
// this repository) it runs those instead.
//
// Several tests take numbers from particular transcripts (report-cumulative-*,
// report-intermediate, report-histogram-section, stats-histogram-*): after rewriting those
// files, update the numbers in the tests (see test/fixtures/README.md).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'reference');
const REFERENCE = '/usr/bin/sysbench';
const CANONICAL_DB = 'sbtest';
const CANONICAL_SOCKET = '/run/mysqld/mysqld.sock';
const CONN = `--db-driver=mysql --mysql-user=root --mysql-db=${CANONICAL_DB} --mysql-socket=${CANONICAL_SOCKET}`;

// ---- what to run -----------------------------------------------------------------------------
// Each step: the command line as the transcript shows it (after "sysbench"), an optional
// comment, where it runs (tmp: a fresh empty folder; root: the project root), and whether the
// transcript records it. Steps run in this order; the server state carries over.
const FILEIO = '--file-total-size=256M';
const DEBUG_FILEIO = '--file-num=2 --file-total-size=64K';
const DEBUG_API = readFileSync(join(ROOT, 'test', 'fixtures', 'debug', 'api.lua'), 'utf8');
const TRANSCRIPTS = [
  ['version', [{ cmd: '--version' }]],
  ['help', [{ cmd: '--help' }]],
  ['builtin_help', ['fileio', 'cpu', 'memory', 'threads', 'mutex'].map((t) => ({ cmd: `${t} help` }))],
  ['oltp_help', [{ cmd: 'oltp_read_write help' }]],
  ['builtin_cpu', [{ cmd: 'cpu --time=2 run' }]],
  ['builtin_memory', [{ cmd: 'memory --time=2 run' }]],
  ['builtin_threads', [{ cmd: 'threads --time=2 run' }]],
  ['builtin_mutex', [{ cmd: 'mutex --time=2 run' }]],
  ['builtin_fileio', [
    { cmd: `fileio ${FILEIO} --file-test-mode=rndrw prepare`, cwd: 'fileio' },
    { cmd: `fileio ${FILEIO} --file-test-mode=rndrw --time=3 run`, cwd: 'fileio' },
    { cmd: `fileio ${FILEIO} cleanup`, cwd: 'fileio' },
  ]],
  ['error_no_script', [{ cmd: 'nosuchscript run' }]],
  ['error_lua_syntax', [{ cmd: 'bad.lua run', comment: 'syntax error in the script', files: { 'bad.lua': 'function event()\n  local x = 1\n  x = end\n' } }]],
  ['error_bad_option', [{ cmd: `oltp_point_select --no-such-option=1 ${CONN} run` }]],
  ['error_bad_value', [{ cmd: `oltp_point_select --threads=abc ${CONN} run` }]],
  ['error_no_server', [{ cmd: 'oltp_point_select --mysql-socket=/nonexistent.sock --db-driver=mysql run' }]],
  ['oltp_prepare', [{ cmd: `oltp_point_select --table-size=100000 --tables=2 ${CONN} prepare`, server: true }]],
  ['error_table_exists', [{ cmd: `oltp_point_select --table-size=100000 --tables=2 ${CONN} prepare`, comment: 'tables exist already', server: true }]],
  ['oltp_point_select_run', [{ cmd: `oltp_point_select --table-size=100000 --threads=4 --time=5 --rand-type=uniform ${CONN} run`, server: true }]],
  ['oltp_read_only_rate', [{ cmd: `oltp_read_only --table-size=100000 --threads=2 --time=3 --rate=200 --report-interval=1 ${CONN} run`, server: true }]],
  ['oltp_read_write_interval_histogram', [{ cmd: `oltp_read_write --table-size=100000 --tables=2 --threads=4 --time=4 --report-interval=1 --histogram ${CONN} run`, server: true }]],
  ['legacy_oltp_run', [{
    cmd: '--test=lua/oltp.lua --oltp-table-size=100000 --oltp-read-only=on --oltp_point_selects=1000 --oltp_sum_ranges=0 ' +
      '--oltp_simple_ranges=0 --oltp_order_ranges=0 --oltp_distinct_ranges=0 --max-requests=0 --max-time=5 --num-threads=4 ' +
      `${CONN} run`,
    cwd: 'legacy', server: true,
  }]],
  ['oltp_cleanup', [{ cmd: `oltp_point_select --tables=2 ${CONN} cleanup`, server: true }]],
  // --debug, --db-debug, --mysql-debug (one thread: the order of the lines is the threads' race)
  ['debug_builtin', [
    { cmd: 'cpu --debug --events=10 --threads=1 run' },
    { cmd: 'memory --debug --memory-total-size=1M --threads=1 run' },
    { cmd: 'threads --debug --events=10 --threads=1 run' },
    { cmd: 'mutex --debug --mutex-num=64 --mutex-locks=1000 --threads=1 run' },
    { cmd: `fileio ${DEBUG_FILEIO} prepare`, cwd: 'fileio-debug', record: false },
    { cmd: `fileio ${DEBUG_FILEIO} --file-test-mode=rndrw --debug --events=4 --threads=1 run`, cwd: 'fileio-debug' },
    { cmd: `fileio ${DEBUG_FILEIO} cleanup`, cwd: 'fileio-debug', record: false },
  ]],
  ['debug_background', [{ cmd: 'cpu --debug --time=3 --report-interval=2 --rate=100 --report-checkpoints=1 --threads=2 run' }]],
  ['debug_oltp', [
    { cmd: `oltp_point_select --table-size=1000 ${CONN} prepare`, server: true, record: false },
    { cmd: `oltp_point_select --table-size=1000 --debug --events=20 --threads=1 ${CONN} run`, server: true },
    { cmd: `oltp_point_select --table-size=1000 --debug --time=2 --report-checkpoints=1 --threads=1 ${CONN} run`, server: true },
    { cmd: `oltp_point_select ${CONN} cleanup`, server: true, record: false },
  ]],
  ['db_debug_oltp', [
    { cmd: `oltp_point_select --table-size=1000 ${CONN} prepare`, server: true, record: false },
    { cmd: `oltp_point_select --table-size=1000 --db-debug --events=20 --threads=1 ${CONN} run`, server: true },
    { cmd: `oltp_point_select --table-size=1000 --db-debug --verbosity=5 --events=20 --threads=1 ${CONN} run`, server: true },
    { cmd: `oltp_point_select --table-size=1000 --db-debug --verbosity=5 --time=2 --report-checkpoints=1 --threads=1 ${CONN} run`, server: true },
    { cmd: `oltp_point_select ${CONN} cleanup`, server: true, record: false },
  ]],
  ['mysql_debug_oltp', [
    { cmd: `oltp_read_write --table-size=3 --mysql-debug ${CONN} prepare`, server: true },
    { cmd: `oltp_read_write --table-size=3 --mysql-debug --events=1 --threads=1 ${CONN} run`, server: true },
    { cmd: `oltp_point_select --table-size=3 --mysql-debug --mysql-dry-run --events=2 --threads=1 ${CONN} run`, server: true },
    { cmd: `oltp_read_write --mysql-debug ${CONN} cleanup`, server: true },
  ]],
  ['mysql_debug_api', [
    { cmd: `api.lua --mysql-debug --mysql-ignore-errors=1062 --events=1 ${CONN} run`, server: true, files: { 'api.lua': DEBUG_API } },
    { cmd: `api.lua --mysql-debug --mysql-ignore-errors=1062 --db-ps-mode=disable --events=1 ${CONN} run`, server: true, files: { 'api.lua': DEBUG_API } },
    { cmd: `api.lua --verbosity=5 --mysql-ignore-errors=1062 --events=1 ${CONN} run`, server: true, files: { 'api.lua': DEBUG_API } },
  ]],
  ['error_missing_table', [
    { cmd: `oltp_read_write --table-size=1000 --tables=1 ${CONN} prepare`, server: true, record: false },
    { cmd: `oltp_read_write --table-size=100000 --tables=2 --threads=4 --time=4 --report-interval=1 --histogram ${CONN} run`, server: true },
    { cmd: `oltp_read_write --tables=2 ${CONN} cleanup`, server: true, record: false },
  ]],
];

// ---- options ---------------------------------------------------------------------------------
const args = process.argv.slice(2);
const check = args.includes('--check');
const outArg = args.find((a) => a.startsWith('--out='));
const names = args.filter((a) => !a.startsWith('--'));
const known = new Set(TRANSCRIPTS.map(([n]) => n));
for (const n of names) {
  if (!known.has(n)) {
    process.stderr.write(`reference-transcripts: unknown transcript ${n} (one of: ${[...known].join(', ')})\n`);
    process.exit(2);
  }
}
for (const a of args.filter((x) => x.startsWith('--') && x !== '--check' && !x.startsWith('--out='))) {
  process.stderr.write(`reference-transcripts: unknown option ${a}\n`);
  process.exit(2);
}
if (!existsSync(REFERENCE)) {
  process.stderr.write(`reference-transcripts: ${REFERENCE} is not installed (Debian/Ubuntu: apt-get install sysbench)\n`);
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'sbts-transcripts-'));
const out = check ? join(work, 'out') : resolve(outArg ? outArg.slice('--out='.length) : FIXTURES);
mkdirSync(out, { recursive: true });
const selected = TRANSCRIPTS.filter(([n]) => names.length === 0 || names.includes(n));

// ---- the server --------------------------------------------------------------------------------
let server = null;
const db = `sbtest_transcripts_${process.pid}`;
async function acquire() {
  if (!existsSync(join(ROOT, 'dist', 'server', 'acquire.js'))) {
    const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const { acquireServer } = await import('../dist/server/acquire.js');
  const got = await acquireServer({
    env: { ...process.env, MYSQL_SOCKET: process.env.MYSQL_SOCKET || CANONICAL_SOCKET },
    databases: [db],
    notice: (line) => process.stderr.write(`reference-transcripts: ${line}\n`),
  });
  if (!got.ok) throw new Error(got.message);
  if (got.target.socket === undefined) throw new Error('the server must be reachable through a socket');
  return got;
}
function sql(query) {
  const r = spawnSync('mariadb', ['-uroot', `--socket=${server.target.socket}`, '-e', query], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`mariadb: ${r.stderr}`);
}

// ---- running one step ----------------------------------------------------------------------
const split = (cmd) => cmd.split(' ').filter(Boolean);

function folderFor(step) {
  if (step.cwd === 'legacy') {
    const legacy = process.env.SB_LEGACY_SCRIPTS;
    if (!legacy) return ROOT;
    const dir = mkdtempSync(join(work, 'legacy-'));
    symlinkSync(resolve(legacy), join(dir, 'lua'));
    return dir;
  }
  const dir = mkdtempSync(join(work, `${step.cwd ?? 'run'}-`));
  for (const [f, text] of Object.entries(step.files ?? {})) writeFileSync(join(dir, f), text);
  return dir;
}

const folders = new Map();
function run(step) {
  let cmd = step.cmd;
  if (step.server) cmd = cmd.replace(`--mysql-db=${CANONICAL_DB} `, `--mysql-db=${db} `).replace(`--mysql-socket=${CANONICAL_SOCKET}`, `--mysql-socket=${server.target.socket}`);
  // steps sharing a cwd name (fileio prepare / run / cleanup) share the folder
  const key = step.cwd ?? Symbol('own');
  if (!folders.has(key)) folders.set(key, folderFor(step));
  const file = join(work, 'output');
  const fd = openSync(file, 'w');
  // one descriptor for both streams: the order a terminal would show
  const r = spawnSync(REFERENCE, split(cmd), { cwd: folders.get(key), stdio: ['ignore', fd, fd], timeout: 300_000 });
  closeSync(fd);
  if (r.error) throw r.error;
  let text = readFileSync(file, 'utf8');
  if (step.server) text = text.split(`${db}.`).join(`${CANONICAL_DB}.`).split(`"${db}"`).join(`"${CANONICAL_DB}"`).split(server.target.socket).join(CANONICAL_SOCKET);
  return `$ sysbench ${step.cmd}${step.comment ? `   # ${step.comment}` : ''}\n${text}`;
}

/** numbers masked, histogram rows dropped, runs of spaces collapsed (as test/helpers' layout()) */
const layout = (text) => text.replace(/\d+(\.\d+)?/g, 'N').split('\n').filter((l) => !/^\s+N \|\**\s+N$/.test(l)).map((l) => l.replace(/ +/g, ' '));

// ---- main ------------------------------------------------------------------------------------
let failed = false;
try {
  if (selected.some(([, steps]) => steps.some((s) => s.server))) {
    server = await acquire();
    sql(`DROP DATABASE IF EXISTS \`${db}\`; CREATE DATABASE \`${db}\``);
  }
  for (const [name, steps] of selected) {
    process.stderr.write(`${name}\n`);
    const text = steps.map((s) => [s, run(s)]).filter(([s]) => s.record !== false).map(([, t]) => t).join('');
    writeFileSync(join(out, `${name}.txt`), text);
    if (!check) continue;
    const committed = layout(readFileSync(join(FIXTURES, `${name}.txt`), 'utf8'));
    const fresh = layout(text);
    const at = committed.findIndex((l, i) => l !== fresh[i]);
    if (at >= 0 || fresh.length !== committed.length) {
      failed = true;
      const i = at >= 0 ? at : Math.min(fresh.length, committed.length);
      process.stderr.write(`  differs from the committed ${name}.txt at line ${i + 1}:\n    committed: ${committed[i] ?? '(end)'}\n    now:       ${fresh[i] ?? '(end)'}\n`);
    }
  }
} finally {
  if (server) {
    try { sql(`DROP DATABASE IF EXISTS \`${db}\``); } catch { /* the server may be gone */ }
    await server.release();
  }
  rmSync(work, { recursive: true, force: true });
}
if (check) process.stderr.write(failed ? 'reference-transcripts: layouts differ (see above)\n' : 'reference-transcripts: every layout matches the committed transcripts\n');
else process.stderr.write(`reference-transcripts: written to ${out}\n`);
process.exit(failed ? 1 : 0);
