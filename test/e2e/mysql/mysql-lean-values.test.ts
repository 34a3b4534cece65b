// The lean execute path (src/drivers/mysql/wire/) against mysql2's own execute: the same
// script, run once each way (SYSBENCH_TS_MYSQL_LEAN=0 turns the lean path off), prints every
// value it fetches through prepared statements (every column type, NULLs, BIGINT beyond 2^53,
// more than eight columns, so the NULL bitmap spans bytes), echoes parameters of each kind,
// stores parameters and reads them back, and counts reads/writes/other. Both runs must print
// the same, and a few values are checked outright (so that both paths being wrong the same
// way fails too). SYSBENCH_TS_MYSQL_LEAN=report shows which path ran.
// Text queries (con:query) give the server's own text for every column on both paths, as
// libmysqlclient gives sysbench (a DOUBLE reads -0.00000000025, not a JavaScript number's
// -2.5e-10; text sent in another character set keeps its bytes): mysql2's path reads them with
// typeCast off. Those blocks ("stored", "after", "texts", "cp1251") are also checked outright.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sql, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_lean_values';
const dir = mkdtempSync(join(tmpdir(), 'sbts-lean-values-'));

const COLUMNS = [
  'ti TINYINT', 'tu TINYINT UNSIGNED', 'si SMALLINT', 'su SMALLINT UNSIGNED', 'mi MEDIUMINT', 'mu MEDIUMINT UNSIGNED',
  'i INT', 'iu INT UNSIGNED', 'bi BIGINT', 'bu BIGINT UNSIGNED', 'f FLOAT', 'd DOUBLE', 'dec1 DECIMAL(30,10)',
  'ch CHAR(10)', 'vc VARCHAR(100)', 'l1 VARCHAR(20) CHARACTER SET latin1', 'bin BINARY(4)', 'vb VARBINARY(20)',
  'tx TEXT', 'bl BLOB', 'dt DATE', 'dtm DATETIME', 'dt6 DATETIME(6)', 'dt3 DATETIME(3)', 'ts TIMESTAMP NULL',
  'tm TIME', 'tm3 TIME(3)', 'y YEAR', 'bt BIT(10)', 'en ENUM(\'a\',\'bé\')', 'st SET(\'x\',\'y\')', 'js JSON', 'g POINT',
];

const ROWS = [
  `1, -128, 255, -32768, 65535, -8388608, 16777215, -2147483648, 4294967295, -9223372036854775808, 18446744073709551615,
   1.5, 2.718281828459045, '-12345678901234567890.0123456789', 'ab', 'héllo ✓ 😀', 'çà', 0x00ff10ab, 0x00010203,
   'text ☃', 0xdeadbeef, '2024-02-29', '2024-02-29 13:14:15', '2024-02-29 13:14:15.000123', '1999-12-31 23:59:59.5',
   '2001-02-03 04:05:06', '-838:59:59', '12:34:56.789', 2155, b'1010101010', 'bé', 'x,y', '{"a": 9007199254740993, "b": [1, "x"]}',
   POINT(1.5, -2)`,
  `2, 127, 0, 32767, 0, 8388607, 0, 2147483647, 0, 9007199254740993, 9007199254740993,
   -0.25, -1e300, 0, '', '', '', 'a', '', '', '', '0000-00-00', '0000-00-00 00:00:00', '2000-01-01 00:00:00.000000',
   '2000-01-01 00:00:00', NULL, '00:00:00', '-00:00:01.001', 1901, b'0', 'a', '', '[]', NULL`,
  `3, ${Array(COLUMNS.length).fill('NULL').join(', ')}`,
];

const SCRIPT = `
local function show(label, rs)
  io.write(label, ": nrows=", rs.nrows, " nfields=", rs.nfields, "\\n")
  for r = 1, rs.nrows do
    local row = rs:fetch_row()
    local out = {}
    for i = 1, rs.nfields do
      local v = row[i]
      out[#out + 1] = v == nil and "NULL" or string.format("%q", v)
    end
    io.write("  ", table.concat(out, " | "), "\\n")
  end
end

function event()
  local con = sysbench.sql.driver():connect()
  local all = con:prepare("SELECT * FROM t ORDER BY id")
  show("all", all:execute())
  local one = con:prepare("SELECT * FROM t WHERE id = ?")
  local id = one:bind_create(sysbench.sql.type.INT)
  one:bind_param(id)
  for i = 3, 0, -1 do
    id:set(i)
    show("id " .. i, one:execute())
  end
  -- parameters of each kind, echoed back
  local echo = con:prepare("SELECT ?, ?, ?, ?, ?, ?")
  local pi = echo:bind_create(sysbench.sql.type.INT)
  local pb = echo:bind_create(sysbench.sql.type.BIGINT)
  local pd = echo:bind_create(sysbench.sql.type.DOUBLE)
  local ps = echo:bind_create(sysbench.sql.type.VARCHAR, 100)
  local pc = echo:bind_create(sysbench.sql.type.CHAR, 10)
  local pn = echo:bind_create(sysbench.sql.type.INT)
  echo:bind_param(pi, pb, pd, ps, pc, pn)
  for _, v in ipairs({ {1, 4503599627370496, 0.1, "abc", "x", nil}, {-7, -9007199254740992, -1e300, "ütf ✓ 😀", "", nil} }) do
    pi:set(v[1]) pb:set(v[2]) pd:set(v[3]) ps:set(v[4]) pc:set(v[5]) pn:set(v[6])
    show("echo", echo:execute())
  end
  -- parameters stored, then read back as text
  local ins = con:prepare("INSERT INTO p (k, n, d, s) VALUES (?, ?, ?, ?)")
  local k = ins:bind_create(sysbench.sql.type.INT)
  local n = ins:bind_create(sysbench.sql.type.BIGINT)
  local d = ins:bind_create(sysbench.sql.type.DOUBLE)
  local s = ins:bind_create(sysbench.sql.type.VARCHAR, 200)
  ins:bind_param(k, n, d, s)
  for i, v in ipairs({ {123456789012, 3.25, "plain"}, {-1, 1/3, "quote ' and \\\\ back"}, {0, 0, ""}, {nil, nil, nil}, {2^53, -2.5e-10, "ütf-8 ✓ 中文 🙂"} }) do
    k:set(i) n:set(v[1]) d:set(v[2]) s:set(v[3])
    ins:execute()
  end
  show("stored", con:query("SELECT k, n, d, s, HEX(s) FROM p ORDER BY k"))
  -- a statement without parameters or result, and one changing rows (other / write)
  local upd = con:prepare("UPDATE p SET n = n + 1 WHERE k > ?")
  local uk = upd:bind_create(sysbench.sql.type.INT)
  upd:bind_param(uk)
  uk:set(100) print("update none", upd:execute() ~= nil)
  uk:set(2) print("update some", upd:execute() ~= nil)
  local del = con:prepare("DELETE FROM p WHERE k = 1")
  print("delete", del:execute() ~= nil)
  show("after", con:query("SELECT k, n FROM p ORDER BY k"))
  -- text rows starting with an empty string (0x00, a binary row's header) and with NULL (0xfb)
  show("texts", con:query("SELECT '' AS e, NULL AS n UNION ALL SELECT NULL, 'x'"))
  -- text in the connection's character set, as the server sends it (not re-encoded as UTF-8)
  con:query("SET NAMES cp1251")
  local cp = con:query("SELECT CONVERT(_utf8mb4 0xD0BFD180D0B8D0B2D0B5D182 USING cp1251), 1.5e-10"):fetch_row()
  local hex = {}
  for i = 1, #cp[1] do hex[#hex + 1] = string.format("%02x", cp[1]:byte(i)) end
  io.write("cp1251: ", table.concat(hex), " ", cp[2], "\\n")
  con:query("SET NAMES utf8mb4")
  -- the 0.5 API
  local st = db_prepare("SELECT id, bi, vc FROM t WHERE id <= ? ORDER BY id")
  db_bind_param(st, { 2 })
  local rs = db_execute(st)
  db_store_results(rs)
  db_free_results(rs)
  io.write("legacy done\\n")
end
`;

const script = join(dir, 'values.lua');

beforeAll(() => {
  createDatabase(DB);
  sql(`SET NAMES utf8mb4; CREATE TABLE t (id INT PRIMARY KEY, ${COLUMNS.join(", ")}) CHARACTER SET utf8mb4; INSERT INTO t VALUES ${ROWS.map((r) => `(${r})`).join(', ')};
       CREATE TABLE p (k INT PRIMARY KEY, n BIGINT, d DOUBLE, s VARCHAR(200)) CHARACTER SET utf8mb4`, DB);
  writeFileSync(script, SCRIPT);
});
afterAll(() => {
  dropDatabase(DB);
  rmSync(dir, { recursive: true, force: true });
});

/** What the script printed without the blocks of its text queries ("stored", "after"). */
function preparedOnly(out: string): string {
  return out.replace(/^(stored|after|texts|cp1251): [^\n]*\n(  [^\n]*\n)*/gm, '');
}

/** Runs the script on fresh parameter rows; returns what it printed and the query counters. */
async function run(lean: string, extra: string[] = []): Promise<{ out: string; stats: string; stderr: string }> {
  sql('DELETE FROM p', DB);
  const r = await sysbenchAsync([script, '--events=1', '--time=0', ...extra, ...mysqlArgs(DB), 'run'], { env: { SYSBENCH_TS_MYSQL_LEAN: lean } });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  const out = r.stdout.slice(r.stdout.indexOf('Threads started!'), r.stdout.indexOf('SQL statistics:'));
  const stats = r.stdout.slice(r.stdout.indexOf('queries performed:'), r.stdout.indexOf('transactions:'));
  return { out, stats, stderr: r.stderr };
}

describe('lean execute path: values as mysql2 gives them', () => {
  let lean: { out: string; stats: string; stderr: string };
  let mysql2: { out: string; stats: string; stderr: string };
  beforeAll(async () => {
    lean = await run('report');
    mysql2 = await run('0');
  });

  it('the lean path ran every execute', () => {
    // one line per connection as it closes (the 0.5 API has a connection of its own, closed
    // with the Lua state: its line may be lost when the worker ends, so it is not required)
    const lines = [...lean.stderr.matchAll(/^lean: (\d+) lean, (\d+) mysql2$/gm)];
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.reduce((n, m) => n + Number(m[1]), 0)).toBeGreaterThanOrEqual(15);
    expect(lines.reduce((n, m) => n + Number(m[2]), 0)).toBe(0);
    expect(mysql2.stderr).not.toContain('lean:');
  });

  it('prints the same values, row counts and field counts', () => {
    expect(preparedOnly(lean.out)).toBe(preparedOnly(mysql2.out));
    expect(preparedOnly(lean.out)).toContain('echo: nrows=1 nfields=6');
  });

  it("text queries give the server's text, as the reference's libmysqlclient does", () => {
    expect(lean.out).toContain('"5" | "9007199254740992" | "-0.00000000025" | "ütf-8 ✓ 中文 🙂"');
    expect(lean.out).toContain('"2" | "-1" | "0.3333333333333333" | "quote \' and \\\\ back"');
    expect(lean.out).toContain('"4" | NULL | NULL | NULL | NULL');
    expect(lean.out).toContain('texts: nrows=2 nfields=2\n  "" | NULL\n  NULL | "x"\n');
    // "привет" in cp1251, as the server sent it
    expect(lean.out).toContain('cp1251: eff0e8e2e5f2 0.00000000015\n');
  });

  it("mysql2's path gives the same text as the lean path", () => {
    expect(mysql2.out).toBe(lean.out);
  });

  it('counts the same reads, writes and other queries', () => {
    expect(lean.stats).toBe(mysql2.stats);
    expect(lean.stats.replace(/\s+/g, ' ')).toBe('queries performed: read: 12 write: 7 other: 3 total: 22 ');
  });

  it('gives the values mysql2 3.24 gives with the driver options (checked outright)', () => {
    const o = lean.out;
    expect(o).toContain('all: nrows=3 nfields=34');
    expect(o).toContain('id 0: nrows=0 nfields=34');
    // BIGINT as text, beyond 2^53 exact; DECIMAL as text; UTF-8 text; dates and times as text
    expect(o).toContain('"-9223372036854775808" | "18446744073709551615" | "1.5" | "2.718281828459045" | "-12345678901234567890.0123456789"');
    expect(o).toContain('"9007199254740993" | "9007199254740993"');
    expect(o).toContain('"héllo ✓ 😀" | "çà"');
    expect(o).toContain('"2024-02-29" | "2024-02-29 13:14:15" | "2024-02-29 13:14:15.000123" | "1999-12-31 23:59:59.500"');
    expect(o).toContain('"-838:59:59" | "12:34:56.789" | "2155"');
    expect(o).toContain('"0000-00-00" | "0000-00-00 00:00:00"');
    expect(o).toContain('"-00:00:01.001"');
    // the all-NULL row
    expect(o).toContain(`"3" | ${Array(COLUMNS.length).fill('NULL').join(' | ')}`);
    // parameters: numbers are sent as DOUBLE (as mysql2 does), strings as UTF-8, nil as NULL
    expect(o).toContain('"1" | "4503599627370496" | "0.1" | "abc" | "x" | NULL');
    expect(o).toContain('"ütf ✓ 😀" | "" | NULL');
    expect(o).toContain('"4" | NULL | NULL | NULL | NULL');
    expect(o).toContain('update none\ttrue');
    expect(o).toContain('legacy done');
  });

  it('with compression the lean path steps aside and mysql2 gives the same', async () => {
    const z = await run('report', ['--mysql-compression=on']);
    expect(z.stderr).toContain('lean: not used (compression)');
    expect(z.stderr).not.toMatch(/lean: \d+ lean/);
    expect(z.out).toBe(mysql2.out);
    expect(z.stats).toBe(mysql2.stats);
    expect(preparedOnly(z.out)).toBe(preparedOnly(lean.out));
  });
});
