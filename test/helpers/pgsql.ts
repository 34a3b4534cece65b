// Helpers for the pgsql driver's tests: the local PostgreSQL (127.0.0.1:5432, user postgres,
// trust auth; see scripts/ensure-services.sh), per-test databases, and the server's
// statement log (log_statement=all, set per database) as a list of records.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

export const PG_HOST = process.env.SBTEST_PG_HOST ?? '127.0.0.1';
export const PG_PORT = process.env.SBTEST_PG_PORT ?? '5432';
export const PG_USER = process.env.SBTEST_PG_USER ?? 'postgres';

/** Runs SQL through psql; returns unaligned, tuples-only output. Throws on failure. */
export function psql(query: string, db = 'postgres'): string {
  const r = spawnSync('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-h', PG_HOST, '-p', PG_PORT, '-U', PG_USER, '-d', db, '-c', query], {
    encoding: 'utf8',
    env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
  });
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr || r.error}`);
  return r.stdout.trim();
}

function reachable(): boolean {
  try {
    return psql('SELECT 1') === '1';
  } catch {
    return false;
  }
}

/** probed once per run by test/setup/servers.ts (which says so when it is missing) */
export const hasPgsql = process.env.SBTEST_PG_AVAILABLE !== undefined ? process.env.SBTEST_PG_AVAILABLE === '1' : reachable();

/**
 * A test file's database: sbtest_pg_<what>, made unique per process so that two suite runs
 * on one server (several people, one machine) do not drop each other's tables.
 */
export function pgDatabaseName(what: string): string {
  return `sbtest_pg_${what}_${process.pid}`;
}

/** The sysbench options that point the pgsql driver at database `db`. */
export function pgsqlArgs(db: string): string[] {
  return ['--db-driver=pgsql', `--pgsql-host=${PG_HOST}`, `--pgsql-port=${PG_PORT}`, `--pgsql-user=${PG_USER}`, `--pgsql-db=${db}`];
}

export function createPgDatabase(name: string): void {
  dropPgDatabase(name);
  psql(`CREATE DATABASE "${name}"`);
}

export function dropPgDatabase(name: string): void {
  psql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Empties database `db` (every table, sequence and index of schema public). */
export function resetPgDatabase(db: string): void {
  psql('DROP SCHEMA public CASCADE; CREATE SCHEMA public', db);
}

// ---- the statement log ----------------------------------------------------------------------

/**
 * The server's log file, when this process can read it and its lines name the process and
 * the database (log_line_prefix with %p and %d, as Debian's default '%m [%p] %q%u@%d ').
 * Null otherwise (tests that need it skip).
 */
export function serverLogFile(): string | null {
  if (!hasPgsql) return null;
  try {
    const prefix = psql('SHOW log_line_prefix');
    if (!prefix.includes('%p') || !prefix.includes('%d')) return null;
    const current = psql('SELECT pg_current_logfile()');
    const candidates: string[] = [];
    if (current) candidates.push(current.startsWith('/') ? current : `${psql('SHOW data_directory')}/${current}`);
    const major = psql('SHOW server_version').split(/[ .]/)[0];
    candidates.push(`/var/log/postgresql/postgresql-${major}-main.log`);
    for (const f of candidates) {
      if (!existsSync(f)) continue;
      closeSync(openSync(f, 'r'));
      return f;
    }
  } catch {
    /* not readable */
  }
  return null;
}

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  if (size <= offset) return '';
  const buf = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buf, 0, buf.length, offset);
  } finally {
    closeSync(fd);
  }
  return buf.toString('utf8');
}

// "<timestamp> [pid] user@db LEVEL:  text"; continuation lines follow their record
const RECORD = /^\S+ \S+ \S+ \[(\d+)\] (?:\S*@(\S*) )?([A-Z]+):  (.*)$/;

/**
 * Turns on log_statement=all for database `db` (for connections made from now on), runs
 * `fn`, and returns the log records of sessions on `db`: "sN LEVEL:  text", N numbering the
 * sessions in order of appearance (process ids differ between runs).
 */
export async function captureStatementLog(file: string, db: string, fn: () => Promise<unknown> | unknown): Promise<string[]> {
  psql(`ALTER DATABASE "${db}" SET log_statement = 'all'`);
  const start = statSync(file).size;
  try {
    await fn();
  } finally {
    psql(`ALTER DATABASE "${db}" RESET log_statement`);
  }
  // statements are logged before they run; give the writes a moment to land anyway
  await new Promise((r) => setTimeout(r, 200));
  const sessions = new Map<string, number>();
  const out: string[] = [];
  let keep = false;
  for (const line of readFrom(file, start).split('\n')) {
    const m = RECORD.exec(line);
    if (m) {
      keep = m[2] === db;
      if (!keep) continue;
      let s = sessions.get(m[1]);
      if (s === undefined) sessions.set(m[1], (s = sessions.size + 1));
      out.push(`s${s} ${m[3]}:  ${m[4]}`);
    } else if (keep && out.length > 0 && line !== '') {
      out[out.length - 1] += '\n' + line;
    }
  }
  return out;
}
