// What the end-to-end tests run against, found once per run (vitest globalSetup) and handed to
// the test files (and the programs they start) through the environment:
// - MariaDB: the server at $MYSQL_SOCKET, else at the local socket, when it accepts root without
//   a password; else a private, throwaway MariaDB (src/server/private-mariadb.ts) when mariadbd is
//   installed, stopped and removed at the end of the run; else none (vitest.config.ts then
//   leaves the MySQL test files out). MYSQL_SOCKET is set to the socket used.
// - PostgreSQL (127.0.0.1:5432, user postgres): SBTEST_PG_AVAILABLE=1 when psql reaches it;
//   without it the pgsql tests skip.
// - the reference binary, /usr/bin/sysbench: the golden comparisons skip without it.
// Each missing piece is reported in one line, with what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEFAULT_SOCKETS, probeServer, type ProbeResult } from '../../src/server/discover.js';
import { findMariadb, startPrivateMariadb, type PrivateMariadb } from '../../src/server/private-mariadb.js';

export const REFERENCE = '/usr/bin/sysbench';
/** runs with 100+ threads need more than MariaDB's default 151 connections */
const MIN_CONNECTIONS = 600;

const say = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export type MysqlChoice =
  | { kind: 'server'; socket: string; version: string }
  | { kind: 'private'; tried: string[] }
  | { kind: 'none'; tried: string[] };

/** The running server to use, or what a private server would replace; no side effect. */
export async function chooseMysql(env: NodeJS.ProcessEnv = process.env): Promise<MysqlChoice> {
  const sockets = env.MYSQL_SOCKET ? [env.MYSQL_SOCKET] : DEFAULT_SOCKETS.filter((s) => existsSync(s));
  const tried: string[] = [];
  for (const socket of sockets) {
    const r: ProbeResult = await probeServer({ socket, user: 'root', password: '' });
    if (r.ok) return { kind: 'server', socket, version: r.version };
    tried.push(`${socket}: ${r.kind === 'denied' ? 'root login refused' : 'no answer'}`);
  }
  if (sockets.length === 0) tried.push(`no server socket (${DEFAULT_SOCKETS.join(', ')})`);
  return findMariadb(env) ? { kind: 'private', tried } : { kind: 'none', tried };
}

const mysqlMissing = (files: string | undefined): string =>
  `no MySQL/MariaDB server answers and MariaDB is not installed: the MySQL tests${files ? ` (${files} files)` : ''} are SKIPPED ` +
  '(install it: apt-get install mariadb-server, or brew install mariadb; or set MYSQL_SOCKET)';

function psqlReaches(): boolean {
  const r = spawnSync('psql', ['-X', '-A', '-t', '-h', process.env.SBTEST_PG_HOST ?? '127.0.0.1', '-p', process.env.SBTEST_PG_PORT ?? '5432',
    '-U', process.env.SBTEST_PG_USER ?? 'postgres', '-d', 'postgres', '-c', 'SELECT 1'], {
    encoding: 'utf8', env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
  });
  return r.status === 0 && r.stdout.trim() === '1';
}

async function raiseConnections(socket: string): Promise<void> {
  const mysql = (await import('mysql2/promise')).default;
  const con = await mysql.createConnection({ socketPath: socket, user: 'root', password: '' });
  try {
    const [rows] = await con.query('SELECT @@max_connections AS n');
    if (Number((rows as { n: number }[])[0].n) >= MIN_CONNECTIONS) return;
    await con.query(`SET GLOBAL max_connections = ${MIN_CONNECTIONS}`).catch((e: Error) => {
      say(`tests: could not raise max_connections to ${MIN_CONNECTIONS} (${e.message}): runs with many threads may fail`);
    });
  } finally {
    await con.end();
  }
}

let server: PrivateMariadb | null = null;

export async function setup(): Promise<void> {
  const mysql = await chooseMysql();
  if (mysql.kind === 'server') {
    process.env.MYSQL_SOCKET = mysql.socket;
    await raiseConnections(mysql.socket);
    say(`tests: MariaDB ${mysql.version} on ${mysql.socket}`);
  } else if (mysql.kind === 'private') {
    server = await startPrivateMariadb();
    process.env.MYSQL_SOCKET = server.socket;
    say(`tests: no usable server (${mysql.tried.join('; ')}): a private MariaDB runs on ${server.socket} for this run`);
  } else {
    delete process.env.MYSQL_SOCKET;
    say(`tests: ${mysqlMissing(process.env.SBTEST_MYSQL_FILES_LEFT_OUT)}`);
  }

  const pg = psqlReaches();
  process.env.SBTEST_PG_AVAILABLE = pg ? '1' : '0';
  if (!pg) {
    say('tests: PostgreSQL is not reachable on 127.0.0.1:5432 as postgres: the pgsql tests are SKIPPED ' +
      '(install it: apt-get install postgresql; `SYSBENCH_TS_INSTALL=1 bash scripts/ensure-services.sh` sets it up as root)');
  }
  if (!existsSync(REFERENCE)) {
    say(`tests: ${REFERENCE} is not installed: the comparisons with the reference binary are SKIPPED (install it: apt-get install sysbench)`);
  }
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = null;
}
