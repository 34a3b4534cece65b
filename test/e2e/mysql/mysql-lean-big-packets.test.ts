// Packets of 16 MB and more through the lean execute path: a parameter so long that the
// COM_STMT_EXECUTE takes several packets (one size makes its payload exactly 16 MB - 1, which
// must be followed by an empty packet), and rows so long that the reply's row packet is split
// the same way (one size exactly 16 MB - 1 too). What the server stored and what the script
// reads back are checked by length and by their last bytes, and the 20 MB case against mysql2's
// execute. The server's max_allowed_packet is raised for the test and restored after.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sql, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_lean_big_packets';
const dir = mkdtempSync(join(tmpdir(), 'sbts-lean-big-'));
const MAX = 0xffffff;
// COM_STMT_EXECUTE payload: 10 bytes, NULL bitmap, bound flag, 2 types, the id as a DOUBLE,
// then the string with a 4-byte length: 28 bytes besides the string
const SIZES = [MAX - 28, MAX - 18, 20_000_000];
let saved = '';

const SCRIPT = `
function event()
  local con = sysbench.sql.driver():connect()
  local ins = con:prepare("INSERT INTO big (id, b) VALUES (?, ?)")
  local id = ins:bind_create(sysbench.sql.type.INT)
  local b = ins:bind_create(sysbench.sql.type.VARCHAR, 30000000)
  ins:bind_param(id, b)
  local sizes = { ${SIZES.join(', ')} }
  local only = tonumber(os.getenv("ONLY") or "0")
  for i, n in ipairs(sizes) do
    if only == 0 or only == i then
      id:set(i)
      b:set(string.rep("a", n - 3) .. "xyz")
      ins:execute()
    end
  end
  -- the row: 1 header byte, NULL bitmap, INT id, BIGINT length, the blob with a 4-byte length:
  -- 18 bytes besides the blob (so size 2 is a row payload of exactly 16 MB - 1)
  local sel = con:prepare("SELECT id, LENGTH(b), b FROM big WHERE id = ?")
  local sid = sel:bind_create(sysbench.sql.type.INT)
  sel:bind_param(sid)
  for i = 1, #sizes do
    if only == 0 or only == i then
      sid:set(i)
      local rs = sel:execute()
      local row = rs:fetch_row()
      print(string.format("row %s: stored %s, read %d, ends %s", row[1], row[2], #row[3], row[3]:sub(-4)))
    end
  end
end
`;

beforeAll(() => {
  saved = sql('SELECT @@GLOBAL.max_allowed_packet');
  sql('SET GLOBAL max_allowed_packet = 67108864');
  createDatabase(DB);
  writeFileSync(join(dir, 'big.lua'), SCRIPT);
});
afterAll(() => {
  dropDatabase(DB);
  if (saved) sql(`SET GLOBAL max_allowed_packet = ${saved}`);
  rmSync(dir, { recursive: true, force: true });
});

async function run(lean: string, only: number): Promise<{ code: number; stdout: string; stderr: string }> {
  sql('DROP TABLE IF EXISTS big; CREATE TABLE big (id INT PRIMARY KEY, b LONGBLOB)', DB);
  return sysbenchAsync([join(dir, 'big.lua'), '--events=1', '--time=0', ...mysqlArgs(DB), 'run'], { env: { SYSBENCH_TS_MYSQL_LEAN: lean, ONLY: String(only) } });
}

describe('lean execute path: packets of 16 MB and more', () => {
  it('sends and reads them whole', async () => {
    const r = await run('report', 0);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    for (const [i, n] of SIZES.entries()) expect(r.stdout).toContain(`row ${i + 1}: stored ${n}, read ${n}, ends axyz`);
    expect(r.stderr).toMatch(/^lean: 6 lean, 0 mysql2$/m);
    expect(sql('SELECT id, LENGTH(b), RIGHT(b, 4) FROM big ORDER BY id', DB).split('\n')).toEqual(SIZES.map((n, i) => `${i + 1}\t${n}\taxyz`));
  });

  it('reads what mysql2 reads (20 MB)', async () => {
    const lean = await run('1', 3);
    const mysql2 = await run('0', 3);
    expect(lean.code, lean.stdout + lean.stderr).toBe(0);
    expect(mysql2.code, mysql2.stdout + mysql2.stderr).toBe(0);
    const line = (out: string): string | undefined => out.split('\n').find((l) => l.startsWith('row '));
    expect(line(lean.stdout)).toBe(`row 3: stored ${SIZES[2]}, read ${SIZES[2]}, ends axyz`);
    expect(line(lean.stdout)).toBe(line(mysql2.stdout));
  });
});
