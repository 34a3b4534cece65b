// The pgsql driver reads a plain connection's replies into a buffer of the connection's own
// (src/drivers/pgsql/socket.ts) and keeps a result's rows there until the next statement.
// Bytes that arrive in between (here: notifications of LISTEN, sent while another
// connection works) must go to a new buffer, not over the rows a script has yet to fetch.
// Rows of prepared statements bigger than one read, NULLs, and many results in a row check
// that the buffer is taken back once a result is no longer valid. Queries are written
// straight to the socket's handle (src/drivers/direct-write.ts): parameters of megabytes check the writes that
// finish after the call.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../../helpers/sysbench.js';
import { createPgDatabase, dropPgDatabase, hasPgsql, pgsqlArgs, pgDatabaseName } from '../../helpers/pgsql.js';

const DB = pgDatabaseName('readbuf');
let dir = '';

const SCRIPT = String.raw`
local function rows(rs)
  local out = {}
  for i = 1, rs.nrows do
    local r = rs:fetch_row()
    local cells = {}
    for j = 1, rs.nfields do
      local v = r[j]
      cells[j] = v == nil and "NULL" or (#v > 8 and (v:sub(1, 4) .. "~" .. #v) or v)
    end
    out[#out + 1] = table.concat(cells, ":")
  end
  return table.concat(out, ",")
end
function event()
  local drv = sysbench.sql.driver()
  local con = drv:connect()
  local other = drv:connect()
  con:query("LISTEN sbts_readbuf")
  local rs = con:query("SELECT g, repeat(chr(65 + g % 26), 40 + g), CASE WHEN g % 3 = 0 THEN NULL ELSE g * 2 END FROM generate_series(1, 25) g")
  -- while rs waits to be read, con's socket receives notifications
  for i = 1, 4 do
    other:query("NOTIFY sbts_readbuf, '" .. string.rep(tostring(i), 3000) .. "'")
    other:query("SELECT pg_sleep(0.05)")
  end
  print(rows(rs))
  local st = con:prepare("SELECT ?::int::text, repeat('q', ?::int), NULLIF(?::int, 0)::text")
  local a = st:bind_create(sysbench.sql.type.INT)
  local n = st:bind_create(sysbench.sql.type.INT)
  local z = st:bind_create(sysbench.sql.type.INT)
  st:bind_param(a, n, z)
  for _, len in ipairs({ 3, 20000, 5, 70000, 0, 16380, 16390 }) do
    a:set(len) n:set(len) z:set(len % 2)
    print(rows(st:execute()))
  end
  for i = 1, 300 do
    local r = con:query_row("SELECT " .. i .. " * 7")
    if tonumber(r) ~= i * 7 then print("wrong " .. i .. ": " .. tostring(r)) end
  end
  print(con:query_row("SELECT 'con ok'"))
end
`;

// ours only: the reference crashes on parameters of megabytes
const BIG_SCRIPT = String.raw`
function event()
  local con = sysbench.sql.driver():connect()
  -- parameters bigger than the socket's send buffer: the write finishes after the call
  local big = con:prepare("SELECT length(?::text)::text, md5(?::text)")
  local b1 = big:bind_create(sysbench.sql.type.VARCHAR, 9000000)
  local b2 = big:bind_create(sysbench.sql.type.VARCHAR, 9000000)
  big:bind_param(b1, b2)
  for _, len in ipairs({ 8000000, 10, 8000000, 3000000 }) do
    b1:set(string.rep("v", len)) b2:set(string.rep("w", len))
    local rs = big:execute()
    local r = rs:fetch_row()
    print(r[1] .. " " .. r[2])
  end
  print(con:query_row("SELECT 'con ok'"))
end
`;

function run(bin?: string, script = 'readbuf.lua'): { code: number; out: string } {
  const r = sysbench([...pgsqlArgs(DB), '--events=1', '--verbosity=3', join(dir, script), 'run'], { bin });
  const out = r.stdout.slice(r.stdout.indexOf('Threads started!\n\n') + 18, r.stdout.indexOf('SQL statistics:'));
  return { code: r.code, out };
}

const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

const EXPECTED_ROWS = Array.from({ length: 25 }, (_, i) => {
  const g = i + 1;
  const text = String.fromCharCode(65 + (g % 26));
  return `${g}:${text.repeat(4)}~${40 + g}:${g % 3 === 0 ? 'NULL' : String(g * 2)}`;
}).join(',');

describe.skipIf(!hasPgsql)('pgsql read buffer', () => {
  beforeAll(() => {
    createPgDatabase(DB);
    dir = mkdtempSync(join(tmpdir(), 'sbts-pgreadbuf-'));
    writeFileSync(join(dir, 'readbuf.lua'), SCRIPT);
    writeFileSync(join(dir, 'big.lua'), BIG_SCRIPT);
  });
  afterAll(() => {
    dropPgDatabase(DB);
    rmSync(dir, { recursive: true, force: true });
  });

  it('rows stay intact while notifications arrive; rows over several reads; the buffer reused', () => {
    const { code, out } = run();
    expect(code, out).toBe(0);
    expect(out).toBe(
      EXPECTED_ROWS + '\n' +
      '3:qqq:1\n' +
      '20000:qqqq~20000:NULL\n' +
      '5:qqqqq:1\n' +
      '70000:qqqq~70000:NULL\n' +
      '0::NULL\n' +
      '16380:qqqq~16380:NULL\n' +
      '16390:qqqq~16390:NULL\n' +
      'con ok\n');
  });

  it('parameters bigger than the socket takes at once', () => {
    const { code, out } = run(undefined, 'big.lua');
    expect(code, out).toBe(0);
    expect(out).toBe([8000000, 10, 8000000, 3000000].map((n) => `${n} ${md5('w'.repeat(n))}\n`).join('') + 'con ok\n');
  });

  it.skipIf(!hasReference)('prints what the reference prints', () => {
    expect(run().out).toBe(run(REFERENCE).out);
  });
});
