// Finding a MySQL/MariaDB server to benchmark: the one named by --mysql-* options or MYSQL_*
// variables (connection.ts), else the local socket, else 127.0.0.1:3306. Each candidate is tried
// with one short connection; a server that answers but refuses the login is reported as such.
import { existsSync } from 'node:fs';
import mysql from 'mysql2';
import { readMysqlConnection, targetConnection, type ServerTarget } from './connection.js';

export interface Candidates {
  /** the user named a server (options or environment): only it is tried */
  explicit: boolean;
  targets: ServerTarget[];
}

/** The usual places of the local server's socket (Debian/Ubuntu, older Debian, macOS/Homebrew, RHEL). */
export const DEFAULT_SOCKETS = ['/run/mysqld/mysqld.sock', '/var/run/mysqld/mysqld.sock', '/tmp/mysql.sock', '/var/lib/mysql/mysql.sock'];

/**
 * Where to look: the server the --mysql-* options or the MYSQL_* variables name (see
 * connection.ts), else the local sockets that exist, then 127.0.0.1:3306.
 */
export function serverCandidates(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Candidates {
  const c = readMysqlConnection(argv, env);
  if (c.target) return { explicit: true, targets: [c.target] };
  const { user, password } = c;
  const targets: ServerTarget[] = DEFAULT_SOCKETS.filter((s) => existsSync(s)).map((s) => ({ socket: s, user, password }));
  targets.push({ host: '127.0.0.1', port: 3306, user, password });
  return { explicit: c.localhostNamed, targets };
}

export type ProbeResult =
  | { ok: true; version: string }
  /** unreachable: nothing listens there; denied: a server answered but refused the login */
  | { ok: false; kind: 'unreachable' | 'denied' | 'error'; message: string };

/** One connection attempt (`timeoutMs` for the connection), then SELECT VERSION(). */
export function probeServer(t: ServerTarget, timeoutMs = 2000): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const con = mysql.createConnection({ ...targetConnection(t), connectTimeout: timeoutMs });
    con.on('error', () => { /* reported by connect() / query() */ });
    con.connect((err) => {
      if (err) {
        con.destroy();
        const e = err as Error & { errno?: number; code?: string };
        const denied = e.errno === 1045 || e.errno === 1698 || e.code === 'ER_ACCESS_DENIED_ERROR';
        const unreachable = ['ENOENT', 'ECONNREFUSED', 'ETIMEDOUT', 'EACCES', 'ENOTSOCK', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ECONNRESET'].includes(e.code ?? '');
        resolve({ ok: false, kind: denied ? 'denied' : unreachable ? 'unreachable' : 'error', message: e.message });
        return;
      }
      con.query('SELECT VERSION() AS v', (qerr, rows) => {
        const version = !qerr && Array.isArray(rows) && rows.length > 0 ? String((rows[0] as { v: unknown }).v) : '';
        con.end(() => resolve(qerr ? { ok: false, kind: 'error', message: qerr.message } : { ok: true, version }));
      });
    });
  });
}

export interface FoundServer { target: ServerTarget; version: string }

export interface Discovery {
  found: FoundServer | null;
  explicit: boolean;
  /** one line per candidate that did not work */
  tried: { target: ServerTarget; result: ProbeResult }[];
}

/** Tries the candidates in order; the first that accepts the login wins. */
export async function discoverServer(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, timeoutMs = 2000): Promise<Discovery> {
  const { explicit, targets } = serverCandidates(argv, env);
  const tried: Discovery['tried'] = [];
  for (const target of targets) {
    const result = await probeServer(target, timeoutMs);
    if (result.ok) return { found: { target, version: result.version }, explicit, tried };
    tried.push({ target, result });
  }
  return { found: null, explicit, tried };
}

/** What to type to get a server, per platform. */
export function installHints(): string {
  return [
    'No MySQL/MariaDB server is reachable and MariaDB is not installed. Install it with one of:',
    '',
    '  Debian/Ubuntu:   sudo apt-get install -y mariadb-server',
    '  macOS/Homebrew:  brew install mariadb',
    '  Docker:          docker run -d --name sysbench-mariadb -e MARIADB_ALLOW_EMPTY_ROOT_PASSWORD=1 -p 127.0.0.1:3306:3306 mariadb:11',
    '',
    'then run `npm run quickstart` again: it uses the running server (the local socket or',
    '127.0.0.1:3306), or else starts a private, throwaway MariaDB of its own. To use another',
    'server: npm run quickstart -- --mysql-host=HOST --mysql-port=PORT --mysql-user=USER --mysql-password=PASS',
  ].join('\n');
}
