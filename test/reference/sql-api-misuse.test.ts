// sysbench.sql methods called wrongly (a dot instead of a colon, an argument of the wrong
// type) raise the Lua errors sysbench 1.0.20 raises, worded as its sysbench.sql.lua and
// LuaJIT's FFI word them; where sysbench itself crashes (a nil where its C code wants an
// object), a Lua error naming the C call. Never a JavaScript TypeError. --mysql-dry-run: no
// server needed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbenchAsync } from '../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-misuse-'));

/** A script that runs each case under pcall() and prints "case => error". */
function script(cases: string[]): string {
  return `
function event()
  drv = sysbench.sql.driver()
  con = drv:connect()
  stmt = con:prepare("SELECT ?")
  p = stmt:bind_create(sysbench.sql.type.VARCHAR, 10)
  pi = stmt:bind_create(sysbench.sql.type.INT)
  pd = stmt:bind_create(sysbench.sql.type.DOUBLE)
  stmt:bind_param(p)
  rs = con:query("SELECT 1")
  for _, c in ipairs({ ${cases.map((c) => JSON.stringify(c)).join(', ')} }) do
    local ok, err = pcall(loadstring and loadstring(c) or load(c))
    print(c .. " => " .. (ok and "ok" or tostring(err)))
  end
end
`;
}

async function run(cases: string[], bin?: string): Promise<string[]> {
  const file = join(dir, `misuse-${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, script(cases));
  const r = await sysbenchAsync(['--mysql-dry-run', '--events=1', '--time=0', file, 'run'], { bin });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  return r.stdout.split('\n').filter((l) => l.includes(' => '));
}

const SQL = '[string "sysbench.sql.lua"]';

// the reference answers these without crashing
const SHARED: [string, string][] = [
  ['p.set(5)', `${SQL}:321: attempt to index local 'self' (a number value)`],
  ['p.set()', `${SQL}:321: attempt to index local 'self' (a nil value)`],
  ['p.set("abc")', `${SQL}:324: attempt to index field 'is_null' (a nil value)`],
  ['p.set(con, 1)', `${SQL}:321: 'struct 183' has no member named 'type'`],
  ['p:set(5)', `${SQL}:343: attempt to get length of local 'value' (a number value)`],
  ['p:set({})', `${SQL}:345: bad argument #2 to 'copy' (cannot convert 'table' to 'const void *')`],
  ['pi:set("12")', `${SQL}:335: cannot convert 'string' to 'int64_t'`],
  ['pi:set(true)', 'ok'],
  ['pd:set("x")', `${SQL}:339: cannot convert 'string' to 'double'`],
  ['p.set_rand_str("###")', `${SQL}:356: attempt to index field 'is_null' (a nil value)`],
  ['p.set_rand_str(5)', `${SQL}:354: attempt to index local 'self' (a number value)`],
  ['p:set_rand_str()', `${SQL}:361: attempt to get length of local 'fmt' (a nil value)`],
  ['p:set_rand_str({})', `${SQL}:363: bad argument #1 to 'sb_rand_str' (cannot convert 'table' to 'const char *')`],
  ['pi:set_rand_str("##")', `[string "pi:set_rand_str("##")"]:1: Unsupported argument type: 4`],
  ['stmt.execute(5)', `${SQL}:430: bad argument #1 to 'db_execute' (cannot convert 'number' to 'struct 192 *')`],
  ['stmt.execute(con)', `${SQL}:430: bad argument #1 to 'db_execute' (cannot convert 'struct 183 *' to 'struct 192 *')`],
  ['stmt.execute(p)', `${SQL}:430: bad argument #1 to 'db_execute' (cannot convert 'table' to 'struct 192 *')`],
  ['con.query("SELECT 1")', `${SQL}:269: attempt to get length of local 'query' (a nil value)`],
  ['con:query(5)', `${SQL}:269: attempt to get length of local 'query' (a number value)`],
  ['con:query({})', `${SQL}:269: bad argument #2 to 'db_query' (cannot convert 'table' to 'const char *')`],
  ['con.query(stmt, "x")', `${SQL}:269: bad argument #1 to 'db_query' (cannot convert 'struct 192 *' to 'struct 183 *')`],
  ['con.query_row("x", "x")', `${SQL}:300: attempt to call method 'query' (a nil value)`],
  ['con.prepare(5, "x")', `${SQL}:289: bad argument #1 to 'db_prepare' (cannot convert 'number' to 'struct 183 *')`],
  ['con:bulk_insert_next()', `${SQL}:279: attempt to get length of local 'val' (a nil value)`],
  ['con.disconnect(5)', `${SQL}:216: bad argument #1 to 'db_connection_close' (cannot convert 'number' to 'struct 183 *')`],
  ['stmt.bind_param()', 'ok'],
  ['stmt:bind_param(5)', `${SQL}:420: attempt to index local 'param' (a number value)`],
  ['stmt.bind_param(5, p)', `[string "stmt.bind_param(5, p)"]:1: bad argument #1 to 'bind_param' (cannot convert 'number' to 'struct 192 *')`],
  ['stmt:bind_create()', `${SQL}:402: attempt to concatenate local 'btype' (a nil value)`],
  ['stmt:bind_create(99)', `[string "stmt:bind_create(99)"]:1: Unsupported argument type: 99`],
  ['stmt:bind_create(sysbench.sql.type.CHAR)', `${SQL}:399: bad argument #2 to 'new' (cannot convert 'nil' to 'int')`],
  ['stmt.close(5)', `[string "stmt.close(5)"]:1: bad argument #1 to 'close' (cannot convert 'number' to 'struct 192 *')`],
  ['rs.fetch_row(5)', `${SQL}:460: bad argument #1 to 'db_fetch_row' (cannot convert 'number' to 'struct 197 *')`],
  ['drv.name(5)', `${SQL}:201: attempt to index local 'self' (a number value)`],
  ['drv.connect(5)', `${SQL}:193: bad argument #1 to 'db_connection_create' (cannot convert 'number' to 'struct 159 *')`],
];

// the reference crashes on these (LuaJIT passes nil as a NULL pointer)
const CRASHING: [string, string][] = [
  ['stmt.execute()', `${SQL}:430: bad argument #1 to 'db_execute' (cannot convert 'nil' to 'struct 192 *')`],
  ['rs.fetch_row()', `${SQL}:460: bad argument #1 to 'db_fetch_row' (cannot convert 'nil' to 'struct 197 *')`],
  ['rs.free()', `${SQL}:477: bad argument #1 to 'db_free_results' (cannot convert 'nil' to 'struct 197 *')`],
  ['con.disconnect()', `${SQL}:216: bad argument #1 to 'db_connection_close' (cannot convert 'nil' to 'struct 183 *')`],
  ['con.reconnect()', `${SQL}:220: bad argument #1 to 'db_connection_reconnect' (cannot convert 'nil' to 'struct 183 *')`],
  ['con.bulk_insert_done()', `${SQL}:284: bad argument #1 to 'db_bulk_insert_done' (cannot convert 'nil' to 'struct 183 *')`],
  ['drv.connect()', `${SQL}:193: bad argument #1 to 'db_connection_create' (cannot convert 'nil' to 'struct 159 *')`],
  ['stmt.close()', `[string "stmt.close()"]:1: bad argument #1 to 'close' (cannot convert 'nil' to 'struct 192 *')`],
];

describe('sysbench.sql misuse', () => {
  it("raises sysbench's errors", async () => {
    expect(await run(SHARED.map(([c]) => c))).toEqual(SHARED.map(([c, e]) => `${c} => ${e}`));
  }, 60_000);

  it.skipIf(!hasReference)('as the reference binary does', async () => {
    const cases = SHARED.map(([c]) => c);
    expect(await run(cases)).toEqual(await run(cases, REFERENCE));
  }, 60_000);

  it('raises a Lua error naming the C call where sysbench crashes', async () => {
    expect(await run(CRASHING.map(([c]) => c))).toEqual(CRASHING.map(([c, e]) => `${c} => ${e}`));
  }, 60_000);
});
