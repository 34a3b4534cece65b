// The sysbench 0.5 Lua API (db_connect, db_query, db_bulk_insert_*, db_prepare, db_bind_param,
// db_execute, db_*_results, db_close, DB_ERROR_*) as sysbench 1.0.20 provides it: results in
// the database, printed values and error texts, against the reference binary when present.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, layout, mysqlArgs, REFERENCE, sql, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_legacy_api';
let dir = '';

beforeAll(() => {
  createDatabase(DB);
  dir = mkdtempSync(join(tmpdir(), 'sbtest-legacy-api-'));
});
afterAll(() => {
  dropDatabase(DB);
  rmSync(dir, { recursive: true, force: true });
});

function script(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function both(args: string[], check: (out: string) => void, after?: () => string): Promise<void> {
  const ours = await sysbenchAsync(args);
  const oursText = ours.stdout + ours.stderr + `rc=${ours.code}\n` + (after ? after() : '');
  check(oursText);
  if (!hasReference) return;
  const ref = await sysbenchAsync(args, { bin: REFERENCE });
  expect(oursText).toBe(ref.stdout + ref.stderr + `rc=${ref.code}\n` + (after ? after() : ''));
}

it("sysbench's own legacy SQL test (api_legacy_sql.t): bulk insert, reconnects, prepared UPDATE, error codes", async () => {
  const path = script('sql.lua', `
function event(thread_id)
  db_query("DROP TABLE IF EXISTS t")
  db_query("CREATE TABLE t(a INT)")
  db_bulk_insert_init("INSERT INTO t VALUES")
  for i = 1,100 do
    db_bulk_insert_next(string.format("(%d)", i))
  end
  db_bulk_insert_done()
  db_connect()
  db_query("SELECT 1")
  db_disconnect()
  db_query("SELECT 1")
  db_connect()
  local stmt = db_prepare("UPDATE t SET a = a + ?")
  db_bind_param(stmt, {100})
  rs = db_execute(stmt)
  db_store_results(rs)
  db_free_results(rs)
  db_close(stmt)
  print("DB_ERROR_NONE = " .. DB_ERROR_NONE)
  print("DB_ERROR_RESTART_TRANSACTION = " .. DB_ERROR_RESTART_TRANSACTION)
  print("DB_ERROR_FAILED = " .. DB_ERROR_FAILED)
end
`);
  await both(['--verbosity=1', '--max-requests=1', ...mysqlArgs(DB), `--test=${path}`, 'run'], (out) => {
    expect(out).toContain('DB_ERROR_NONE = 0\nDB_ERROR_RESTART_TRANSACTION = 1\nDB_ERROR_FAILED = 2\n');
    expect(out).toContain('rc=0');
  }, () => sql('SELECT COUNT(DISTINCT a), MIN(a), MAX(a) FROM t', DB) + '\n');
  expect(sql('SELECT COUNT(DISTINCT a), MIN(a), MAX(a) FROM t', DB)).toBe('100\t101\t200');
});

it('db_query returns nothing; db_execute a result handle; bound tables are read at execute time; argument errors', async () => {
  const path = script('bind.lua', `
function event()
  db_query("DROP TABLE IF EXISTS b")
  db_query("CREATE TABLE b (i INT, s VARCHAR(20))")
  print("db_query results: " .. select('#', db_query("SELECT 1")))
  local stmt = db_prepare("INSERT INTO b VALUES (?, ?)")
  local params = {1, "x"}
  db_bind_param(stmt, params)
  params[1] = 5; params[2] = "abc"
  print("db_execute returns " .. type(db_execute(stmt)))
  params[1] = nil; params[2] = 7.9
  db_execute(stmt)
  -- a string parameter bound with a value never becomes NULL again (sysbench quirk)
  params[1] = 42.7; params[2] = nil
  db_execute(stmt)
  db_close(stmt)
  local sel = db_prepare("SELECT i FROM b WHERE i > ?")
  db_bind_param(sel, {0})
  db_bind_result(sel, {0})
  local r1 = db_execute(sel)
  db_store_results(r1)
  db_query("SELECT 1")
  db_free_results(r1)
  local r2 = db_execute(sel)
  db_free_results(r2)
  db_free_results(r2)
  print(pcall(db_bind_param, sel, {}))
  print(pcall(db_bind_param, sel, 5))
  print(pcall(db_bind_param, sel, {true}))
  print(pcall(db_bind_param, nil, {1}))
  print(pcall(db_free_results, sel))
  db_close(sel)
  db_disconnect()
  print(pcall(db_bulk_insert_next, "(1)"))
  print(pcall(db_execute, sel))
  db_bulk_insert_init("INSERT INTO b VALUES")
  db_bulk_insert_next("(100, 'bulk')")
  db_bulk_insert_done()
  print(db_driver, mysql_table_engine, myisam_max_rows, type(myisam_max_rows))
end
`);
  const rows = (): string => sql('SELECT i, s FROM b ORDER BY i', DB) + '\n';
  await both(['--events=1', '--verbosity=1', ...mysqlArgs(DB), path, 'run'], (out) => {
    expect(out).toBe([
      'db_query results: 0',
      'db_execute returns userdata',
      'ALERT: attempt to free an invalid result set',
      'false\ttable is empty',
      'false\ttable was expected',
      'false\tUnsupported variable type: boolean',
      "false\tbad argument #1 to '?' (sysbench.stmt expected, got nil)",
      "false\tbad argument #1 to '?' (sysbench.rs expected, got userdata)",
      'false\tUninitialized database connection',
      'false\tUninitialized database connection',
      'mysql\tinnodb\t1000000\tnumber',
      'rc=0',
      'NULL\t7.9',
      '5\tabc',
      '42\t7.9',
      '100\tbulk',
      '',
    ].join('\n'));
  }, rows);
});

it('an error the driver may ignore (--mysql-ignore-errors) restarts the event and counts as ignored', async () => {
  const path = script('restart.lua', `
function prepare()
  db_query("DROP TABLE IF EXISTS dup")
  db_query("CREATE TABLE dup (id INT PRIMARY KEY)")
  db_query("INSERT INTO dup VALUES (1)")
end
n = 0
function event()
  n = n + 1
  if n % 2 == 1 then
    db_query("INSERT INTO dup VALUES (1)")
  end
end
`);
  const prep = await sysbenchAsync([path, ...mysqlArgs(DB), 'prepare']);
  expect(prep.code).toBe(0);
  const args = [path, ...mysqlArgs(DB), '--events=3', '--mysql-ignore-errors=1062', 'run'];
  const ours = await sysbenchAsync(args);
  expect(ours.code, ours.stdout).toBe(0);
  expect(ours.stdout).toMatch(/ignored errors:\s+3 /);
  expect(ours.stdout).toMatch(/transactions:\s+3 /);
  if (hasReference) {
    const ref = await sysbenchAsync(args, { bin: REFERENCE });
    expect(layout(ours.stdout)).toEqual(layout(ref.stdout));
  }
  // the same error without --mysql-ignore-errors is fatal
  const fatal = await sysbenchAsync([path, ...mysqlArgs(DB), '--events=3', 'run']);
  expect(fatal.code).toBe(1);
  expect(fatal.stdout).toContain(`FATAL: \`thread_run' function failed: ${path}:11: db_query() failed`);
});

it('db_connect() without a usable driver or server fails as sysbench does', async () => {
  const path = script('connect.lua', 'function prepare()\n  db_connect()\nend\n');
  await both([path, '--db-driver=nosuch', 'prepare'], (out) => {
    expect(out).toContain("FATAL: invalid database driver name: 'nosuch'");
    expect(out).toContain(`FATAL: \`prepare' function failed: ${path}:2: DB initialization failed`);
    expect(out).toContain('rc=1');
  });
  await both([path, '--db-driver=mysql', '--mysql-socket=/nonexistent.sock', 'prepare'], (out) => {
    expect(out).toContain(`FATAL: \`prepare' function failed: ${path}:2: Failed to connect to the database`);
    expect(out).toContain('rc=1');
  });
});
