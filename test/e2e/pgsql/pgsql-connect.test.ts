// Connecting: sysbench's defaults (--pgsql-host=localhost, port 5432, user and database
// "sbtest") and its "Connection to database failed: <libpq message>" FATAL lines, for an
// unknown host, a refused port, an unknown role or database, a bad port value, a missing
// socket, and the --pgsql-sslmode values against a server without SSL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../../helpers/sysbench.js';
import { createPgDatabase, dropPgDatabase, hasPgsql, PG_HOST, PG_PORT, PG_USER, psql, pgDatabaseName } from '../../helpers/pgsql.js';

const DB = pgDatabaseName('connect');
let dir = '';

const SCRIPT = `
function event()
  local drv = sysbench.sql.driver()
  local ok, err = pcall(drv.connect, drv)
  if ok then print("connected: " .. tostring(err)) else print(err) end
end
`;

/** What a connection attempt prints, between "Threads started!" and the statistics. */
function attempt(args: string[], opts: { bin?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const r = sysbench(['--db-driver=pgsql', '--events=1', ...args, join(dir, 'connect.lua'), 'run'], { ...opts, timeoutMs: 60_000 });
  const from = r.stdout.indexOf('Threads started!\n\n');
  const to = r.stdout.indexOf('SQL statistics:');
  return from < 0 || to < 0 ? r.stdout : r.stdout.slice(from + 18, to);
}

const ssl = hasPgsql ? psql('SHOW ssl') : 'off';

const CASES: { name: string; args: string[]; expected: RegExp; env?: NodeJS.ProcessEnv }[] = [
  { name: 'defaults: localhost, port 5432, user and database "sbtest"', args: [],
    expected: /^(FATAL: Connection to database failed: connection to server at "localhost" \(.+\), port 5432 failed: .*(sbtest|refused)|connected: )/ },
  { name: 'unknown host', args: ['--pgsql-host=no-such-host.invalid'],
    expected: /^FATAL: Connection to database failed: could not translate host name "no-such-host\.invalid" to address: .+\n\nconnection creation failed\n$/ },
  { name: 'refused port (IP address)', args: ['--pgsql-host=127.0.0.1', '--pgsql-port=1'],
    expected: /^FATAL: Connection to database failed: connection to server at "127\.0\.0\.1", port 1 failed: Connection refused\n\tIs the server running on that host and accepting TCP\/IP connections\?\n\nconnection creation failed\n$/ },
  { name: 'refused port (host name)', args: ['--pgsql-host=localhost', '--pgsql-port=1'],
    expected: /^FATAL: Connection to database failed: connection to server at "localhost" \(.+\), port 1 failed: Connection refused\n/ },
  { name: 'unknown role (the default user "sbtest")', args: [`--pgsql-host=${PG_HOST}`, `--pgsql-port=${PG_PORT}`, '--pgsql-user=sbtest_no_such_role'],
    expected: /failed: FATAL: {2}role "sbtest_no_such_role" does not exist\n\nconnection creation failed\n$/ },
  { name: 'unknown database', args: [`--pgsql-host=${PG_HOST}`, `--pgsql-port=${PG_PORT}`, `--pgsql-user=${PG_USER}`, '--pgsql-db=sbtest_pg_no_such_db'],
    expected: /failed: FATAL: {2}database "sbtest_pg_no_such_db" does not exist\n\nconnection creation failed\n$/ },
  { name: 'port out of range', args: ['--pgsql-port=70000'],
    expected: /^FATAL: Connection to database failed: invalid port number: "70000"\n\nconnection creation failed\n$/ },
  { name: 'missing socket directory', args: ['--pgsql-host=/nonexistent-dir'],
    expected: /^FATAL: Connection to database failed: connection to server on socket "\/nonexistent-dir\/\.s\.PGSQL\.5432" failed: No such file or directory\n\tIs the server running locally and accepting connections on that socket\?\n/ },
  { name: 'a working connection', args: [`--pgsql-host=${PG_HOST}`, `--pgsql-port=${PG_PORT}`, `--pgsql-user=${PG_USER}`, `--pgsql-db=${DB}`],
    expected: /^connected: <sql_connection>\n$/ },
  { name: 'sslmode=disable', args: [`--pgsql-host=${PG_HOST}`, `--pgsql-port=${PG_PORT}`, `--pgsql-user=${PG_USER}`, `--pgsql-db=${DB}`, '--pgsql-sslmode=disable'],
    expected: /^connected: <sql_connection>\n$/ },
  { name: 'invalid sslmode', args: ['--pgsql-sslmode=sometimes'],
    expected: /^FATAL: Connection to database failed: invalid sslmode value: "sometimes"\n/ },
];
if (ssl === 'off') {
  CASES.push({ name: 'sslmode=require against a server without SSL',
    args: [`--pgsql-host=${PG_HOST}`, `--pgsql-port=${PG_PORT}`, `--pgsql-user=${PG_USER}`, `--pgsql-db=${DB}`, '--pgsql-sslmode=require'],
    expected: /failed: server does not support SSL, but SSL was required\n\nconnection creation failed\n$/ });
  CASES.push({ name: 'sslmode=prefer falls back to a plain connection',
    args: [`--pgsql-host=${PG_HOST}`, `--pgsql-port=${PG_PORT}`, `--pgsql-user=${PG_USER}`, `--pgsql-db=${DB}`, '--pgsql-sslmode=prefer'],
    expected: /^connected: <sql_connection>\n$/ });
}

describe.skipIf(!hasPgsql)('pgsql connections', () => {
  beforeAll(() => {
    createPgDatabase(DB);
    dir = mkdtempSync(join(tmpdir(), 'sbts-pgconn-'));
    writeFileSync(join(dir, 'connect.lua'), SCRIPT);
  });
  afterAll(() => {
    dropPgDatabase(DB);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const c of CASES) {
    it(c.name, () => {
      const ours = attempt(c.args);
      expect(ours).toMatch(c.expected);
      if (hasReference) {
        // sysbench 1.0.20 has no --pgsql-sslmode: libpq takes it from PGSSLMODE
        const mode = c.args.find((a) => a.startsWith('--pgsql-sslmode='));
        const refArgs = c.args.filter((a) => a !== mode);
        const env = mode ? { PGSSLMODE: mode.slice('--pgsql-sslmode='.length) } : {};
        expect(ours).toBe(attempt(refArgs, { bin: REFERENCE, env }));
      }
    });
  }
});
