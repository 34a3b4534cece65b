// Runs our bin/sysbench for the study commands: every step of a study (prepare, run,
// cleanup, and the SQL the study needs: table status, engines, timed CREATE INDEX, SET
// GLOBAL) is a sysbench call, so a study reaches whatever server our sysbench reaches.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const BIN = join(ROOT, 'bin', 'sysbench');
/** our 1.0-style workloads, used by path so that the studies always run the same scripts */
export const WORKLOADS = join(ROOT, 'lua', 'workloads');
export const workload = (name) => join(WORKLOADS, `${name}.lua`);

/** progress lines go to stderr; the result table alone goes to stdout */
export function log(text) {
  process.stderr.write(`# ${text}\n`);
}

export class Interrupted extends Error {}

let interrupted = false;
process.on('SIGINT', () => {
  // the sysbench child gets the signal too, prints its report and exits with 130
  if (interrupted) process.exit(130);
  interrupted = true;
  log('interrupted: stopping after the current step');
});

const tmp = mkdtempSync(join(tmpdir(), 'sbts-study-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
let reports = 0;

/**
 * Runs bin/sysbench with `args` (cwd: the project root, so 0.5 paths like lua/oltp.lua work).
 * Resolves { code, stdout, stderr, secs }; rejects on a non-zero exit unless `allowFail`.
 */
export function sysbench(args, { allowFail = false, env = {} } = {}) {
  if (interrupted) return Promise.reject(new Interrupted('interrupted'));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(BIN, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      const r = { code: code ?? -1, stdout, stderr, secs: (performance.now() - started) / 1000 };
      if (interrupted || code === 130) reject(new Interrupted('interrupted'));
      else if (r.code !== 0 && !allowFail) {
        const tail = (stderr + stdout).trim().split('\n').filter((l) => /FATAL|error|Error/.test(l)).slice(-4).join('\n');
        reject(new Error(`sysbench ${args.filter((a) => !/password/.test(a)).join(' ')}\nexited with ${r.code}: ${tail || stdout.slice(-500)}`));
      } else resolve(r);
    });
  });
}

/**
 * A `run` whose final report is read from --json-report: { tps, qps, events, secs,
 * latency: {avg, p95, max, ...} (ms), reads, writes, other, errors }.
 */
export async function runReport(args) {
  const file = join(tmp, `report-${++reports}.json`);
  await sysbench([...args, `--json-report=${file}`]);
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return {
    tps: j.rates_per_s.events,
    qps: j.rates_per_s.queries,
    events: j.counters.events,
    reads: j.counters.reads,
    writes: j.counters.writes,
    other: j.counters.other,
    errors: j.counters.ignored_errors,
    secs: j.time.total_s,
    latency: j.latency_ms,
  };
}

/** A server to run against: a label and the connection options of every sysbench call. */
export class Target {
  /**
   * @param {string} label
   * @param {string[]} connection sysbench options (--mysql-*, --db-*), without --mysql-db
   * @param {string} db the database the study works in
   * @param {boolean} ownDb created and dropped by the study
   * @param {string[]} extra more options for runs (--sysbench-extra)
   */
  constructor(label, connection, db, ownDb, extra = []) {
    this.label = label;
    this.connection = connection.some((a) => /^--db[-_]driver=/.test(a)) ? connection : ['--db-driver=mysql', ...connection];
    this.db = db;
    this.ownDb = ownDb;
    this.extra = extra;
  }

  /** options for a sysbench call working in the study's database */
  args(...more) {
    return [...more, ...this.connection, `--mysql-db=${this.db}`];
  }

  /** options for a measured run (with --sysbench-extra) */
  runArgs(...more) {
    return [...more, ...this.extra, ...this.connection, `--mysql-db=${this.db}`];
  }

  /**
   * Runs SQL statements (';'-separated) through lua/workloads/study_sql.lua.
   * Returns { rows: string[][] (NULL as null), elapsed: seconds by the server's clock }.
   */
  async sql(statements, { timed = false, noDb = false } = {}) {
    const db = noDb ? '--mysql-db=' : `--mysql-db=${this.db}`;
    const r = await sysbench([workload('study_sql'), ...this.connection, db, `--sql=${statements}`, `--timed=${timed ? 'on' : 'off'}`, 'exec']);
    const rows = [];
    let elapsed = null;
    for (const line of r.stdout.split('\n')) {
      const cells = line.split('\t');
      if (cells[0] === 'row') rows.push(cells.slice(1).map((c) => (c === '\\N' ? null : c)));
      else if (cells[0] === 'elapsed') elapsed = Number(cells[1]);
    }
    return { rows, elapsed };
  }

  async version() {
    const { rows } = await this.sql('SELECT VERSION()', { noDb: true });
    return rows[0]?.[0] ?? '?';
  }

  /** 'YES' / 'DEFAULT' when the server has the engine, else null */
  async engineSupport(engine) {
    const name = engine.split(/\s+/)[0].replace(/'/g, '');
    const { rows } = await this.sql(`SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE = '${name}'`, { noDb: true });
    const s = rows[0]?.[0] ?? null;
    return s === 'YES' || s === 'DEFAULT' ? s : null;
  }

  async createDb() {
    if (this.ownDb) await this.sql(`DROP DATABASE IF EXISTS \`${this.db}\`; CREATE DATABASE \`${this.db}\``, { noDb: true });
  }

  async dropDb() {
    if (this.ownDb) await this.sql(`DROP DATABASE IF EXISTS \`${this.db}\``, { noDb: true });
  }

  /** drops the tables a study created, when it works in the user's database */
  async dropTables(names) {
    if (names.length > 0) await this.sql(`DROP TABLE IF EXISTS ${names.map((n) => `\`${n}\``).join(', ')}`);
  }

  /** SHOW TABLE STATUS of one table: { engine, rows, avgRowLength, dataLength, indexLength } */
  async tableStatus(table) {
    const { rows } = await this.sql(`SELECT ENGINE, TABLE_ROWS, AVG_ROW_LENGTH, DATA_LENGTH, INDEX_LENGTH FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${table}'`);
    const r = rows[0];
    if (!r) return null;
    return { engine: r[0], rows: Number(r[1]), avgRowLength: Number(r[2]), dataLength: Number(r[3]), indexLength: Number(r[4]) };
  }

  /**
   * Applies `SET GLOBAL name = value` statements and returns a function restoring the
   * previous values (other statements are run as they are and not undone).
   */
  async applyConfig(statements) {
    const parts = statements.split(';').map((s) => s.trim()).filter((s) => s !== '');
    const saved = [];
    for (const s of parts) {
      const m = /^SET\s+GLOBAL\s+([A-Za-z0-9_]+)\s*=/i.exec(s);
      if (m) {
        const { rows } = await this.sql(`SELECT @@GLOBAL.${m[1]}`, { noDb: true });
        const old = rows[0]?.[0];
        saved.push(`SET GLOBAL ${m[1]} = ${old === null || old === undefined ? 'DEFAULT' : /^-?\d+(\.\d+)?$/.test(old) ? old : `'${old.replace(/'/g, "''")}'`}`);
      }
    }
    if (parts.length > 0) await this.sql(parts.join(';'), { noDb: true });
    return async () => {
      if (saved.length > 0) await this.sql(saved.join(';'), { noDb: true });
    };
  }
}

/**
 * The targets of a study: the server(s) given by --server LABEL=OPTIONS (each merged over the
 * connection options), or the one server of the connection options.
 * @param {{ connection: string[], extra: string[] }} parsed
 * @param {string[]} servers --server values
 * @param {string} defaultDb the database of the study when the user gives none
 */
export async function targetsFrom(parsed, servers, defaultDb) {
  const split = (args) => {
    const dbArg = args.filter((a) => /^--mysql[-_]db=/.test(a)).pop();
    return { conn: args.filter((a) => !/^--mysql[-_]db=/.test(a)), db: dbArg ? dbArg.slice(dbArg.indexOf('=') + 1) : null };
  };
  const { splitWords } = await import('./args.mjs');
  const specs = servers.length > 0 ? servers : [null];
  const targets = [];
  for (const spec of specs) {
    let label = null;
    let args = parsed.connection;
    if (spec !== null) {
      const eq = spec.indexOf('=');
      if (eq <= 0) throw new Error(`--server: expected LABEL=OPTIONS, got '${spec}'`);
      label = spec.slice(0, eq);
      args = [...parsed.connection, ...splitWords(spec.slice(eq + 1))];
    }
    const { conn, db } = split(args);
    const t = new Target(label ?? '', conn, db ?? defaultDb, db === null, parsed.extra);
    if (label === null) t.label = await t.version().then((v) => `server ${v}`).catch(() => 'server');
    targets.push(t);
  }
  return targets;
}

/** Main wrapper: usage errors exit 2, failures exit 1, Ctrl-C exits 130; `cleanup` always runs. */
export async function main(fn, cleanup = async () => {}) {
  let code = 0;
  try {
    await fn();
  } catch (e) {
    if (e instanceof Interrupted) code = 130;
    else {
      process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
      code = 1;
    }
  }
  interrupted = false;
  try {
    await cleanup();
  } catch (e) {
    process.stderr.write(`cleanup failed: ${e instanceof Error ? e.message : String(e)}\n`);
    if (code === 0) code = 1;
  }
  process.exit(code);
}
