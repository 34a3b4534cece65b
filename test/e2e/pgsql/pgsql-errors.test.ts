// Errors as sysbench's pgsql driver reports them: "PQexec() failed: 7 <message>" and the
// failed query, the Lua error descriptor (errno 0, SQLSTATE, primary message), PQprepare()
// failures with libpq's full message (LINE n: ... and the caret, cut around long lines),
// an empty query as "SQL API error", and reconnect(), which the pgsql driver lacks.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../../helpers/sysbench.js';
import { createPgDatabase, dropPgDatabase, hasPgsql, pgsqlArgs, pgDatabaseName } from '../../helpers/pgsql.js';

const DB = pgDatabaseName('errors');
let dir = '';

const SCRIPT = String.raw`
function sysbench.hooks.sql_error_ignorable(e)
  print(string.format("hook: errno=%s state=%s msg=%s query=%s", e.sql_errno, e.sql_state, e.sql_errmsg, e.query))
end
function event()
  local drv = sysbench.sql.driver()
  local con = drv:connect()
  print("driver: " .. drv:name())
  con:query("DROP TABLE IF EXISTS t")
  con:query("CREATE TABLE t(a CHAR(1) NOT NULL, b INT PRIMARY KEY)")
  for _, q in ipairs({ "INSERT INTO t VALUES (NULL, 1)", "INSERT INTO t VALUES ('toolong', 2)", "SELECT nosuch FROM t",
                       "SELECT 1/0", "DROP TABLE nosuch" }) do
    print(select(2, pcall(con.query, con, q)))
  end
  print(select(2, pcall(con.query, con, "")))
  local queries = {
    "SELECT * FROM nonexisting",
    "SELECT a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z FROM nonexisting WHERE a = 1",
    "SELECT 1,\n\t2,\n  3 FROM\r\nnonexisting2 WHERE\n x = 1",
    "SELECT aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa + nosuchcolumn FROM t",
    "SELEC 1",
  }
  for _, q in ipairs(queries) do print(select(2, pcall(con.prepare, con, q))) end
  local st = con:prepare("INSERT INTO t VALUES (?, ?)")
  local a = st:bind_create(sysbench.sql.type.CHAR, 5)
  local b = st:bind_create(sysbench.sql.type.INT)
  print("bind_param: " .. tostring(st:bind_param(a)))
  st:bind_param(a, b)
  a:set("xx") b:set(7)
  print(select(2, pcall(st.execute, st)))
  print("reconnect: " .. tostring(con:reconnect()))
  print(con:query_row("SELECT COUNT(*) FROM t"))
  con:query("DROP TABLE t")
end
`;

function run(bin?: string): { code: number; out: string } {
  const r = sysbench([...pgsqlArgs(DB), '--events=1', '--verbosity=3', join(dir, 'errors.lua'), 'run'], { bin });
  // from the first statement to the end of the counters
  const out = r.stdout.slice(r.stdout.indexOf('Threads started!'), r.stdout.indexOf('General statistics:'));
  return { code: r.code, out: out.replace(/ +\(\d+\.\d+ per sec\.\)/g, '') };
}

describe.skipIf(!hasPgsql)('pgsql errors', () => {
  beforeAll(() => {
    createPgDatabase(DB);
    dir = mkdtempSync(join(tmpdir(), 'sbts-pgerr-'));
    writeFileSync(join(dir, 'errors.lua'), SCRIPT);
  });
  afterAll(() => {
    dropPgDatabase(DB);
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the driver FATAL lines and Lua errors sysbench prints', () => {
    const { code, out } = run();
    expect(code).toBe(0);
    expect(out).toContain('driver: pgsql\n');
    expect(out).toContain('FATAL: PQexec() failed: 7 null value in column "a"');
    expect(out).toContain('FATAL: failed query was: INSERT INTO t VALUES (NULL, 1)\n');
    expect(out).toMatch(/hook: errno=0 state=23502 msg=null value in column "a".* query=INSERT INTO t VALUES \(NULL, 1\)\n/);
    expect(out).toContain("\nSQL error, errno = 0, state = '22001': value too long for type character(1)\n");
    expect(out).toContain("state = '22012': division by zero\n");
    // empty query: PGRES_EMPTY_QUERY, no FATAL line, an API error
    expect(out).toMatch(/errors\.lua:\d+: SQL API error\n/);
    expect(out).toContain(
      'FATAL: PQprepare() failed: ERROR:  relation "nonexisting" does not exist\n' +
      'LINE 1: SELECT * FROM nonexisting\n' +
      '                      ^\n\nSQL API error\n');
    expect(out).toContain('LINE 1: ... l, m, n, o, p, q, r, s, t, u, v, w, x, y, z FROM nonexistin...\n');
    expect(out).toContain('LINE 4: nonexisting2 WHERE\n        ^\n');
    expect(out).toContain('ALERT: wrong number of parameters in prepared statement\nbind_param: 1\n');
    expect(out).toContain('FATAL: PQexecPrepared() failed: 7 value too long for type character(1)\n');
    expect(out).toContain('ALERT: reconnect is not supported by the current driver\nreconnect: true\n');
    expect(out).toContain('reconnects:                          0');
  });

  it.skipIf(!hasReference)('matches the reference binary', () => {
    const ours = run();
    const ref = run(REFERENCE);
    expect(ours.code).toBe(ref.code);
    expect(ours.out).toBe(ref.out);
  });
});
