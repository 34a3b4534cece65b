// With --threads=1 --rand-seed=N, the statements PostgreSQL logs (log_statement=all) for a
// run and a cleanup are those the reference binary makes it log: the same SQL, the same
// prepared statement names (drawn from the thread's generator), the same parameter values,
// with server-side statements (--db-ps-mode=auto) and with client-side ones (disable).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, STOCK, sysbenchAsync } from '../../helpers/sysbench.js';
import { captureStatementLog, createPgDatabase, dropPgDatabase, hasPgsql, pgsqlArgs, resetPgDatabase, serverLogFile, pgDatabaseName } from '../../helpers/pgsql.js';

const DB = pgDatabaseName('stmtlog');
const LOG = serverLogFile();

if (hasPgsql && LOG === null) {
  console.warn('*** the PostgreSQL server log is not readable here (or its lines do not name the database): statement log tests are SKIPPED ***');
}

/** The log of `run` + `cleanup` of a freshly prepared database, with binary `bin`. */
async function statementLog(bin: string | undefined, script: string, extra: string[]): Promise<string[]> {
  const args = [script, '--tables=2', '--table-size=100', '--rand-seed=42', ...pgsqlArgs(DB), ...extra];
  resetPgDatabase(DB);
  // the data comes from our prepare in both cases (1.0.20 seeds parallel commands from the clock)
  const prep = await sysbenchAsync([...args, 'prepare']);
  expect(prep.code, prep.stdout).toBe(0);
  return captureStatementLog(LOG!, DB, async () => {
    const run = await sysbenchAsync([...args, '--threads=1', '--events=25', '--time=0', 'run'], { bin });
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    const clean = await sysbenchAsync([...args, 'cleanup'], { bin });
    expect(clean.code, clean.stdout).toBe(0);
  });
}

describe.skipIf(!hasPgsql || LOG === null || !existsSync(STOCK))('PostgreSQL statement log', () => {
  beforeAll(() => createPgDatabase(DB));
  afterAll(() => dropPgDatabase(DB));

  it('names prepared statements from the thread generator: the same seed gives the same log', async () => {
    const a = await statementLog(undefined, 'oltp_read_write', []);
    const b = await statementLog(undefined, 'oltp_read_write', []);
    expect(a).toEqual(b);
    const names = new Set(a.map((l) => /execute (sbstmt-?\d+-?\d+):/.exec(l)?.[1]).filter((n) => n !== undefined));
    // oltp_read_write prepares 9 kinds of statements per table, plus BEGIN and COMMIT
    expect(names.size).toBe(2 + 9 * 2);
    expect(a.some((l) => l.includes('DETAIL:  parameters: $1 = '))).toBe(true);
    expect(a.at(-2)).toMatch(/^s2 LOG: {2}statement: DROP TABLE IF EXISTS sbtest1$/);
    const other = await statementLog(undefined, 'oltp_read_write', ['--rand-seed=43']);
    expect(other).not.toEqual(a);
  }, 120_000);

  it('bulk inserts: multi-row INSERTs of at most 512 KiB, no COMMITs (needs_commit is 0 for pgsql)', async () => {
    const prepareLog = async (bin?: string): Promise<string[]> => {
      resetPgDatabase(DB);
      return captureStatementLog(LOG!, DB, async () => {
        const r = await sysbenchAsync(['oltp_read_write', '--tables=1', '--table-size=6000', ...pgsqlArgs(DB), 'prepare'], { bin });
        expect(r.code, r.stdout).toBe(0);
      });
    };
    const ours = await prepareLog();
    const inserts = ours.filter((l) => l.includes('statement: INSERT INTO sbtest1(k, c, pad) VALUES('));
    expect(inserts.length).toBeGreaterThanOrEqual(2);
    for (const l of inserts) expect(Buffer.byteLength(l.slice(l.indexOf('INSERT')))).toBeLessThan(512 * 1024);
    expect(inserts.reduce((n, l) => n + l.split('),(').length, 0)).toBe(6000);
    expect(ours.filter((l) => /statement: (BEGIN|COMMIT)$/.test(l))).toEqual([]);
    if (hasReference) {
      // row values differ (1.0.20 seeds the prepare threads from the clock); the statements do not
      const shape = (log: string[]): string[] => log.map((l) => l.includes('INSERT') ? 'INSERT' : l);
      expect(shape(ours)).toEqual(shape(await prepareLog(REFERENCE)));
    }
  }, 120_000);

  const cases: [string, string[]][] = [
    ['oltp_read_write', []],
    ['oltp_read_write', ['--db-ps-mode=disable']],
    ['oltp_write_only', ['--delete_inserts=3']],
    ['oltp_point_select', []],
    ['oltp_insert', []],
    ['select_random_ranges', ['--tables=1']],
    ['bulk_insert', []],
  ];
  for (const [script, extra] of cases) {
    it.skipIf(!hasReference)(`${script} ${extra.join(' ')}: the reference binary's statements`, async () => {
      const ours = await statementLog(undefined, script, extra);
      const ref = await statementLog(REFERENCE, script, extra);
      expect(ours.some((l) => / (SELECT|INSERT|UPDATE|DELETE) /.test(l))).toBe(true);
      expect(ours).toEqual(ref);
    }, 120_000);
  }
});
