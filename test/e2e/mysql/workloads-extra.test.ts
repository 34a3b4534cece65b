// Issue 6: the workloads of ours that sysbench 1.0.20 lacks: oltp_scan, oltp_update_one,
// select_random_points --hot_points, update_t1 (seed 004), and the studies' SQL helper.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStatements } from '../../helpers/general-log.js';
import { createDatabase, dropDatabase, mysqlArgs, ROOT, sql, sysbench, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_wl_extra';
const W = (name: string): string => join(ROOT, 'lua', 'workloads', `${name}.lua`);

async function run(args: string[]): Promise<string> {
  const r = await sysbenchAsync([...args, ...mysqlArgs(DB)]);
  expect(r.code, (r.stdout + r.stderr).slice(-2000)).toBe(0);
  return r.stdout;
}

beforeAll(async () => {
  createDatabase(DB);
  await run([W('oltp_read_write'), '--tables=2', '--table-size=3000', 'prepare']);
});
afterAll(() => dropDatabase(DB));

describe('oltp_scan', () => {
  it('each event reads a whole table with one query no index answers', async () => {
    const q = "SELECT COUNT(*) FROM sbtest1 WHERE pad LIKE '%x%'";
    const plan = sql(`EXPLAIN ${q}`, DB).split('\t');
    // type ALL: a full table scan
    expect(plan[3]).toBe('ALL');
    const log = await captureStatements(DB, () => run([W('oltp_scan'), '--tables=2', '--table-size=3000', '--threads=2', '--events=4', 'run']));
    const scans = log.filter((l) => l.startsWith('Query\tSELECT COUNT(*)'));
    expect(scans.length).toBe(4);
    expect(new Set(scans)).toEqual(new Set([`Query\t${q}`, `Query\t${q.replace('sbtest1', 'sbtest2')}`]));
    const c = await captureStatements(DB, () => run([W('oltp_scan'), '--tables=1', '--scan_column=c', '--events=1', 'run']));
    expect(c.filter((l) => l.startsWith('Query\tSELECT'))).toEqual(["Query\tSELECT COUNT(*) FROM sbtest1 WHERE c LIKE '%x%'"]);
  }, 60_000);
});

describe('oltp_update_one', () => {
  it('every UPDATE changes the same row of its table', async () => {
    const log = await captureStatements(DB, () => run([W('oltp_update_one'), '--tables=2', '--table-size=3000', '--threads=2', '--events=40', 'run']));
    const updates = log.filter((l) => l.startsWith('Execute\tUPDATE'));
    expect(updates.length).toBe(40);
    for (const u of updates) expect(u).toMatch(/^Execute\tUPDATE sbtest[12] SET c='[\d-]{119}' WHERE id=1$/);
    expect(new Set(updates.map((u) => u.slice(0, 22))).size).toBe(2);
    const other = await captureStatements(DB, () => run([W('oltp_update_one'), '--table-size=3000', '--update_id=77', '--events=3', 'run']));
    expect(other.filter((l) => l.startsWith('Execute\tUPDATE')).every((u) => u.endsWith('WHERE id=77'))).toBe(true);
  }, 60_000);
});

describe('select_random_points --hot_points', () => {
  it('asks for the same keys in every query of every thread', async () => {
    const log = await captureStatements(DB, () => run([W('select_random_points'), '--table-size=3000', '--random_points=100', '--hot_points=on', '--threads=3', '--events=30', 'run']));
    const queries = log.filter((l) => l.startsWith('Execute\t'));
    expect(queries.length).toBe(30);
    expect(new Set(queries).size).toBe(1);
    const keys = /IN \(([^)]*)\)/.exec(queries[0])![1].split(', ').map(Number);
    expect(keys.length).toBe(100);
    expect(keys.slice(0, 3)).toEqual([1, 31, 61]);
    expect(new Set(keys).size).toBe(100);
  }, 60_000);

  it('with --tables=2, thread t reads table t % 2 + 1', async () => {
    const log = await captureStatements(DB, () => run([W('select_random_points'), '--tables=2', '--table-size=3000', '--random_points=5', '--hot_points', '--threads=2', '--events=20', 'run']));
    const queries = log.filter((l) => l.startsWith('Execute\t'));
    expect(new Set(queries.map((q) => /FROM (sbtest\d)/.exec(q)![1]))).toEqual(new Set(['sbtest1', 'sbtest2']));
  }, 60_000);

  it('is not listed by help (the help text stays the stock one), and off by default', async () => {
    expect(sysbench([W('select_random_points'), 'help']).stdout).not.toContain('hot_points');
    const log = await captureStatements(DB, () => run([W('select_random_points'), '--table-size=3000', '--events=5', 'run']));
    expect(new Set(log.filter((l) => l.startsWith('Execute\t'))).size).toBeGreaterThan(1);
  }, 60_000);
});

describe('update_t1 (seed 004)', () => {
  for (const [engine, shown] of [['aria', 'Aria'], ['myisam', 'MyISAM'], ['innodb', 'InnoDB']]) {
    it(`${engine}: t1 with N rows, UPDATEs of random c1 in 1..max_id`, async () => {
      const base = [W('update_t1'), '--table_size=1300', '--max_id=1000', `--mysql_storage_engine=${engine}`];
      await run([...base, 'prepare']);
      expect(sql(`SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA='${DB}' AND TABLE_NAME='t1'`)).toBe(shown);
      expect(sql('SELECT COUNT(*), MIN(c1), MAX(c1) FROM t1', DB)).toBe('1300\t1\t1300');
      expect(sql("SHOW CREATE TABLE t1", DB)).toMatch(/`c1` int\(11\) NOT NULL AUTO_INCREMENT,\\n {2}`c2` char\(100\) DEFAULT NULL,\\n {2}PRIMARY KEY \(`c1`\)/);
      const log = await captureStatements(DB, () => run([...base, '--threads=4', '--events=200', '--rand-type=uniform', 'run']));
      const updates = log.filter((l) => l.startsWith('Query\tUPDATE'));
      expect(updates.length).toBe(200);
      const ids = updates.map((u) => {
        const m = /^Query\tUPDATE t1 SET c2 = CONCAT\('xxx', RAND\(\), 'yyy'\) WHERE c1 = (\d+)$/.exec(u);
        expect(m, u).not.toBeNull();
        return Number(m![1]);
      });
      expect(Math.min(...ids)).toBeGreaterThanOrEqual(1);
      expect(Math.max(...ids)).toBeLessThanOrEqual(1000);
      expect(sql("SELECT COUNT(*) FROM t1 WHERE c2 LIKE 'xxx0.%yyy'", DB)).toBe('1300');
      await run([...base, 'cleanup']);
      expect(sql(`SHOW TABLES FROM ${DB} LIKE 't1'`)).toBe('');
    }, 60_000);
  }
});

describe('study_sql (the studies\' SQL helper)', () => {
  it('prints result rows and the server-timed duration', async () => {
    const out = await run([W('study_sql'), "--sql=SELECT 1, NULL, 'a b'; SET @x = 1; SELECT COUNT(*) FROM sbtest1", '--timed=on', 'exec']);
    const lines = out.split('\n').filter((l) => /^(row|elapsed)\t/.test(l));
    expect(lines.slice(0, 2)).toEqual(['row\t1\t\\N\ta b', 'row\t3000']);
    expect(lines[2]).toMatch(/^elapsed\t\d+\.\d{6}$/);
  });
});
