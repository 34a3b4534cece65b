// How statements count, as sysbench's pgsql driver counts them: a result set is a read (even
// an empty one); otherwise the command tag's row count decides, write when > 0, other when 0
// (BEGIN, DDL, an UPDATE that matched nothing). Multi-statement strings count by their last
// statement. Prepared statements count the same way; bulk inserts count one write per INSERT.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../../helpers/sysbench.js';
import { createPgDatabase, dropPgDatabase, hasPgsql, pgsqlArgs, pgDatabaseName } from '../../helpers/pgsql.js';

const DB = pgDatabaseName('counters');
let dir = '';

// rq(): a statement with a result set (its nrows/nfields printed); q(): any other statement
// (what it returns is sysbench's NULL result pointer, which must not be dereferenced)
const SCRIPT = String.raw`
function sysbench.hooks.report_cumulative(stat)
  print(string.format("reads=%d writes=%d other=%d", stat.reads, stat.writes, stat.other))
end
function event()
  local con = sysbench.sql.driver():connect()
  local function q(sql) print(string.format("%-45s %s", sql, tostring(con:query(sql)))) end
  local function rq(sql)
    local rs = con:query(sql)
    print(string.format("%-45s %d %d", sql, rs.nrows, rs.nfields))
  end
  q("DROP TABLE IF EXISTS c")
  q("CREATE TABLE c(id INT PRIMARY KEY, v INT)")
  q("BEGIN")
  q("INSERT INTO c VALUES (1, 1), (2, 2), (3, 3)")
  rq("SELECT * FROM c")
  rq("SELECT * FROM c WHERE false")
  q("UPDATE c SET v = v + 1 WHERE id > 1")
  q("UPDATE c SET v = 0 WHERE false")
  q("DELETE FROM c WHERE id = 3")
  q("COMMIT")
  rq("SELECT 1; SELECT 2, 3")
  q("SELECT 1; UPDATE c SET v = 5 WHERE false")
  q("CREATE TEMP TABLE c2 AS SELECT generate_series(1, 5) AS g")
  rq("SHOW server_version_num")
  print(con:query_row("SELECT COUNT(*), SUM(v) FROM c"))
  local sel = con:prepare("SELECT v FROM c WHERE id = ?")
  local upd = con:prepare("UPDATE c SET v = v + 1 WHERE id >= ?")
  local p1 = sel:bind_create(sysbench.sql.type.INT)
  local p2 = upd:bind_create(sysbench.sql.type.INT)
  sel:bind_param(p1)
  upd:bind_param(p2)
  p1:set(1) print("prepared select", sel:execute().nrows)
  p1:set(99) print("prepared select, no row", sel:execute().nrows)
  p2:set(1) print("prepared update", upd:execute())
  p2:set(99) print("prepared update, no row", upd:execute())
  con:bulk_insert_init("INSERT INTO c VALUES")
  for i = 10, 20 do con:bulk_insert_next(string.format("(%d, %d)", i, i)) end
  con:bulk_insert_done()
  q("DROP TABLE c")
end
`;

function run(extra: string[], bin?: string): string {
  const r = sysbench([...pgsqlArgs(DB), '--events=1', ...extra, join(dir, 'counters.lua'), 'run'], { bin });
  expect(r.code, r.stdout).toBe(0);
  return r.stdout.slice(r.stdout.indexOf('Threads started!'));
}

describe.skipIf(!hasPgsql)('pgsql query counters', () => {
  beforeAll(() => {
    createPgDatabase(DB);
    dir = mkdtempSync(join(tmpdir(), 'sbts-pgcnt-'));
    writeFileSync(join(dir, 'counters.lua'), SCRIPT);
  });
  afterAll(() => {
    dropPgDatabase(DB);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const mode of ['auto', 'disable']) {
    it(`classifies reads, writes and other statements (--db-ps-mode=${mode})`, () => {
      const out = run([`--db-ps-mode=${mode}`]);
      expect(out).toMatch(/SELECT \* FROM c +3 2\n/);
      expect(out).toMatch(/SELECT \* FROM c WHERE false +0 2\n/);
      expect(out).toMatch(/SELECT 1; SELECT 2, 3 +1 2\n/);
      expect(out).toMatch(/\nBEGIN +<sql_result>\n/);
      expect(out).toContain('2\t4\n'); // query_row: COUNT(*), SUM(v)
      expect(out).toContain('prepared select\t1\n');
      expect(out).toContain('prepared select, no row\t0\n');
      // reads: 2 SELECT, SELECT;SELECT, SHOW, query_row, 2 prepared SELECT
      // writes: INSERT, UPDATE 2 rows, DELETE, CREATE AS (SELECT 5), prepared UPDATE, bulk INSERT
      // other: DROP, CREATE, BEGIN, UPDATE 0 rows, COMMIT, SELECT;UPDATE 0 rows, prepared UPDATE 0 rows, DROP
      expect(out).toContain('reads=7 writes=6 other=8\n');
    });
  }

  it.skipIf(!hasReference)('matches the reference binary', () => {
    const strip = (s: string): string => s.replace(/\d+\.\d+/g, 'N').replace(/ +/g, ' ');
    for (const mode of ['auto', 'disable']) {
      expect(strip(run([`--db-ps-mode=${mode}`]))).toBe(strip(run([`--db-ps-mode=${mode}`], REFERENCE)));
    }
  });
});
