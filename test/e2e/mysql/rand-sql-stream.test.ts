// Issue 3: with --threads=1 --rand-seed=N --events=K, every stock script sends the same
// statements as /usr/bin/sysbench, for every --rand-type; our seeded prepare is reproducible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStatements } from '../../helpers/general-log.js';
import { createDatabase, dropDatabase, hasReference, mysqlArgs, REFERENCE, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_rand_stream';
const RUN_SCRIPTS = ['oltp_read_write', 'oltp_read_only', 'oltp_write_only', 'oltp_point_select', 'oltp_update_index',
  'oltp_update_non_index', 'oltp_insert', 'oltp_delete', 'select_random_points', 'select_random_ranges'];

async function stream(bin: string | undefined, args: string[]): Promise<string[]> {
  return captureStatements(DB, async () => {
    const r = await sysbenchAsync([...args, ...mysqlArgs(DB)], { bin });
    expect(r.code, r.stdout.slice(-1500)).toBe(0);
  });
}

beforeAll(async () => {
  createDatabase(DB);
  const r = await sysbenchAsync(['oltp_read_write', '--tables=2', '--table-size=2000', ...mysqlArgs(DB), 'prepare']);
  expect(r.code).toBe(0);
});
afterAll(() => dropDatabase(DB));

describe.skipIf(!hasReference)('seeded run streams equal the reference binary', () => {
  for (const script of RUN_SCRIPTS) {
    it(script, async () => {
      const tables = script.startsWith('select_random') ? 1 : 2;
      for (const type of ['uniform', 'gaussian', 'special', 'pareto']) {
        const args = [script, `--tables=${tables}`, '--table-size=2000', '--threads=1', '--rand-seed=12345', '--events=15', `--rand-type=${type}`, 'run'];
        const ref = await stream(REFERENCE, args);
        const ours = await stream(undefined, args);
        expect(ref.length).toBeGreaterThan(10);
        expect(ours, `${script} --rand-type=${type}`).toEqual(ref);
      }
    }, 120_000);
  }
});

describe('seeded prepare is reproducible (our extension)', () => {
  it('same seed: same statements, bulk data included; another seed: different data', async () => {
    const db2 = `${DB}_prep`;
    createDatabase(db2);
    try {
      const prepare = (seed: number): Promise<string[]> => captureStatements(db2, async () => {
        const base = ['oltp_point_select', '--table-size=300', `--rand-seed=${seed}`, ...mysqlArgs(db2)];
        expect((await sysbenchAsync([...base, 'prepare'])).code).toBe(0);
        expect((await sysbenchAsync([...base, 'cleanup'])).code).toBe(0);
      });
      const a = await prepare(7);
      const b = await prepare(7);
      const c = await prepare(8);
      const inserts = (s: string[]): string[] => s.filter((l) => l.includes('INSERT INTO'));
      expect(inserts(a).length).toBeGreaterThan(0);
      expect(a).toEqual(b);
      expect(inserts(c)).not.toEqual(inserts(a));
    } finally {
      dropDatabase(db2);
    }
  }, 120_000);
});
