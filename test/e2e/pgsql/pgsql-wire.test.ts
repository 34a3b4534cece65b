// The pgsql driver reads the server's replies itself once pg has connected
// (src/drivers/pgsql/wire.ts): result sets with NULLs, UTF-8 text and every row count,
// messages split over socket chunks (large rows, thousands of rows), the last result of a
// multi-statement query, COPY refused, errors of prepared statements, and a connection lost
// between statements (the reference binary crashes there, so that part is pinned alone).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysbench } from '../../helpers/sysbench.js';
import { createPgDatabase, dropPgDatabase, hasPgsql, pgsqlArgs, pgDatabaseName } from '../../helpers/pgsql.js';

const DB = pgDatabaseName('wire');
let dir = '';

const SCRIPT = String.raw`
local function show(rs)
  if rs == nil then print("no result") return end
  print("nrows=" .. tostring(rs.nrows) .. " nfields=" .. tostring(rs.nfields))
  for i = 1, math.min(rs.nrows, 3) do
    local row = rs:fetch_row()
    local out = {}
    for j = 1, rs.nfields do out[j] = row[j] == nil and "NULL" or ("[" .. tostring(row[j]) .. "]") end
    print(table.concat(out, " "))
  end
end
function event()
  local drv = sysbench.sql.driver()
  local con = drv:connect()
  con:query("DROP TABLE IF EXISTS w_nosuch")
  show(con:query("SELECT 1::int, NULL::text, 'héllo wörld'::text, true, 12.50::numeric, ''::text, 'a\\b'::text"))
  show(con:query("SELECT 1; SELECT 2, 3"))
  show(con:query("CREATE TEMP TABLE w(a INT, b TEXT)"))
  show(con:query("INSERT INTO w SELECT g, CASE WHEN g % 2 = 0 THEN NULL ELSE repeat('x', g) END FROM generate_series(1, 5000) g"))
  local rs = con:query("SELECT a, b FROM w ORDER BY a")
  print("rows " .. rs.nrows)
  local total, nulls = 0, 0
  for i = 1, rs.nrows do
    local r = rs:fetch_row()
    if r[2] == nil then nulls = nulls + 1 else total = total + #r[2] end
  end
  print("total length " .. total .. ", nulls " .. nulls)
  show(con:query("SELECT length(repeat('y', 300000)), repeat('z', 300000) = repeat('z', 300000)"))
  local big = con:query_row("SELECT repeat('ab', 150000)")
  print("big " .. #big .. " " .. big:sub(1, 6) .. big:sub(-4))
  print(select(2, pcall(con.query, con, "COPY w FROM STDIN")))
  show(con:query("SELECT 'after copy'"))
  local st = con:prepare("SELECT ?::int + 1, NULL::text, ?::text")
  local p1 = st:bind_create(sysbench.sql.type.INT)
  local p2 = st:bind_create(sysbench.sql.type.VARCHAR, 20)
  st:bind_param(p1, p2)
  p1:set(41) p2:set("ünï")
  show(st:execute())
  local st2 = con:prepare("SELECT 10 / ?::int")
  local q = st2:bind_create(sysbench.sql.type.INT)
  st2:bind_param(q)
  q:set(0)
  print(select(2, pcall(st2.execute, st2)))
  q:set(5)
  show(st2:execute())
  show(con:query("UPDATE w SET a = a WHERE a <= 10"))
  print("-- lost")
  local other = drv:connect()
  local pid = con:query_row("SELECT pg_backend_pid()")
  other:query("SELECT pg_terminate_backend(" .. pid .. ")")
  os.execute("sleep 0.5")
  print(select(2, pcall(con.query, con, "SELECT 1")))
  print(select(2, pcall(con.query, con, "SELECT 2")))
  print(select(2, pcall(st.execute, st)))
  show(other:query("SELECT 'other still works'"))
end
`;

const LOST = 'server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally\n\tbefore or while processing the request.\n';

describe.skipIf(!hasPgsql)('pgsql replies read by the driver', () => {
  beforeAll(() => {
    createPgDatabase(DB);
    dir = mkdtempSync(join(tmpdir(), 'sbts-pgwire-'));
    writeFileSync(join(dir, 'wire.lua'), SCRIPT);
  });
  afterAll(() => {
    dropPgDatabase(DB);
    rmSync(dir, { recursive: true, force: true });
  });

  it('results, NULLs, split messages, errors and a lost connection', () => {
    const r = sysbench([...pgsqlArgs(DB), '--events=1', '--verbosity=3', join(dir, 'wire.lua'), 'run']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.slice(r.stdout.indexOf('Threads started!\n\n') + 18, r.stdout.indexOf('SQL statistics:'));
    const [before, lost] = out.split('-- lost\n');
    expect(before).toBe(
      'nrows=1 nfields=7\n[1] NULL [héllo wörld] [t] [12.50] [] [a\\b]\n' +
      'nrows=1 nfields=2\n[2] [3]\n' +
      'nrows=0 nfields=0\n' +
      'nrows=0 nfields=0\n' +
      'rows 5000\ntotal length 6250000, nulls 2500\n' +
      'nrows=1 nfields=2\n[300000] [t]\n' +
      'big 300000 ababababab\n' +
      'FATAL: PQexec() failed: 7 COPY from stdin failed: No source stream defined\n' +
      'FATAL: failed query was: COPY w FROM STDIN\n' +
      "SQL error, errno = 0, state = '57014': COPY from stdin failed: No source stream defined\n" +
      'nrows=1 nfields=1\n[after copy]\n' +
      'nrows=1 nfields=3\n[42] NULL [ünï]\n' +
      'FATAL: PQexecPrepared() failed: 7 division by zero\n' +
      "SQL error, errno = 0, state = '22012': division by zero\n" +
      'nrows=1 nfields=1\n[2]\n' +
      'nrows=0 nfields=0\n');
    const script = join(dir, 'wire.lua');
    // the first statement after pg_terminate_backend() fails with the server's FATAL message
    // if it was sent before that message arrived, else as a lost connection (then sysbench's
    // log folds the repeated FATAL lines); the next ones always find the connection lost
    const rest = `FATAL: PQexecPrepared() failed: 7 ${LOST}` +
      `${script}:54: SQL API error\n` +
      'nrows=1 nfields=1\n[other still works]\n';
    const fatalFirst =
      'FATAL: PQexec() failed: 7 terminating connection due to administrator command\n' +
      'FATAL: failed query was: SELECT 1\n' +
      "SQL error, errno = 0, state = '57P01': terminating connection due to administrator command\n" +
      `FATAL: PQexec() failed: 7 ${LOST}` +
      `${script}:53: SQL API error\n` + rest;
    const lostFirst =
      `FATAL: PQexec() failed: 7 ${LOST}` +
      `${script}:52: SQL API error\n` +
      `${script}:53: SQL API error\n` +
      '(last message repeated 1 times)\n' + rest;
    expect([fatalFirst, lostFirst]).toContain(lost);
  });
});
