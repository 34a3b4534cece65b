// Our sysbench 0.5-style OLTP scripts (lua/legacy/) send the same statements as the 0.5
// originals run by the reference binary: with --num-threads=1 --rand-seed=N
// --max-requests=K, statement for statement (seen through a protocol tap, so other runs on
// the server do not interfere). The originals are sysbench 1.0.20's tests/include/oltp_legacy/
// (SB_LEGACY_SCRIPTS, default /work/scratch/tests/include/oltp_legacy).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, REFERENCE, SOCKET, sysbenchAsync } from './helpers/sysbench.js';
import { startTap } from './legacy-sniffer.js';

const DB = 'sbtest_legacy_stream';
// prepare/cleanup streams create their own tables
const PREP_DB = 'sbtest_legacy_stream_prep';
const ORIGINALS = process.env.SB_LEGACY_SCRIPTS ?? '/work/scratch/tests/include/oltp_legacy';
const canCompare = hasReference && existsSync(join(ORIGINALS, 'oltp.lua'));
if (!canCompare) {
  console.warn(`*** legacy-oltp-stream: ${REFERENCE} or the 0.5 originals (${ORIGINALS}) missing: stream comparisons SKIPPED ***`);
}

const TABLES = ['--oltp-table-size=1000', '--oltp-tables-count=2'];

/** The statements one run sends, through its own tap. */
async function stream(bin: string | undefined, script: string, args: string[], db = DB): Promise<string[]> {
  const tap = await startTap(SOCKET, `/tmp/sbtest-legacy-tap-${process.pid}-${Math.random().toString(36).slice(2)}.sock`);
  try {
    const r = await sysbenchAsync([script, '--db-driver=mysql', '--mysql-user=root', `--mysql-db=${db}`,
      `--mysql-socket=${tap.socket}`, ...args], bin ? { bin } : {});
    expect(r.code, (r.stdout + r.stderr).slice(-2000)).toBe(0);
  } finally {
    await tap.close();
  }
  return [...tap.statements];
}

beforeAll(async () => {
  createDatabase(DB);
  createDatabase(PREP_DB);
  const r = await sysbenchAsync(['--test=lua/oltp.lua', ...TABLES, '--db-driver=mysql', '--mysql-user=root',
    `--mysql-db=${DB}`, `--mysql-socket=${SOCKET}`, 'prepare']);
  expect(r.code, r.stdout + r.stderr).toBe(0);
});
afterAll(() => {
  dropDatabase(DB);
  dropDatabase(PREP_DB);
});

const RUN = ['--num-threads=1', '--rand-seed=7', '--max-requests=5', ...TABLES, 'run'];

// script, extra options, the number of statements 5 events send
const CASES: [string, string[], number][] = [
  ['oltp', [], 5 * 20],
  ['oltp', ['--oltp-read-only=on', '--oltp_point_selects=40', '--oltp_sum_ranges=0', '--oltp_simple_ranges=0',
    '--oltp_order_ranges=0', '--oltp_distinct_ranges=0'], 5 * 42],
  ['oltp', ['--oltp-write-only=on', '--oltp-index-updates=2', '--oltp-delete-inserts=2'], 5 * 9],
  ['oltp', ['--oltp-skip-trx=on', '--oltp-range-selects=off', '--mysql-table-engine=myisam'], 5 * 14],
  ['oltp', ['--mysql-table-engine=myisam', '--rand-type=uniform'], 5 * 20],
  ['select', [], 5],
  ['insert', [], 5],
  ['delete', [], 5],
  ['update_index', [], 5],
  ['update_non_index', [], 5],
  ['oltp_simple', ['--rand-type=gaussian'], 5],
];

describe('0.5 scripts: run statement streams', () => {
  for (const [name, extra, count] of CASES) {
    it(`${name} ${extra.join(' ')}`, async () => {
      // oltp through the seed's path (lua/oltp.lua), the others by their file in lua/legacy/
      const ours = await stream(undefined, name === 'oltp' ? 'lua/oltp.lua' : `lua/legacy/${name}.lua`, [...RUN, ...extra]);
      expect(ours.length).toBe(count);
      expect(ours.every((s) => s.startsWith('Query\t'))).toBe(true);
      if (!canCompare) return;
      const ref = await stream(REFERENCE, join(ORIGINALS, `${name}.lua`), [...RUN, ...extra]);
      expect(ours).toEqual(ref);
    });
  }

  it('insert --oltp-auto-inc=off: ids from sb_rand_uniq() (not seeded in sysbench 1.0.20: masked)', async () => {
    const mask = (s: string[]): string[] => s.map((q) => q.replace(/VALUES \(\d+,/, 'VALUES (ID,'));
    const ours = await stream(undefined, 'lua/legacy/insert.lua', [...RUN, '--oltp-auto-inc=off']);
    expect(ours).toHaveLength(5);
    expect(ours[0]).toMatch(/^Query\tINSERT INTO sbtest\d \(id, k, c, pad\) VALUES \([1-9]\d*, \d+, '[\d-]{119}', '[\d-]{59}'\)$/);
    if (!canCompare) return;
    const ref = await stream(REFERENCE, join(ORIGINALS, 'insert.lua'), [...RUN, '--oltp-auto-inc=off']);
    expect(mask(ours)).toEqual(mask(ref));
  });

  it('select_random_points / select_random_ranges: prepared statements and bound values', async () => {
    for (const [name, extra] of [['select_random_points', ['--random-points=4']], ['select_random_ranges', ['--number-of-ranges=3', '--random-ranges-delta=9']]] as const) {
      const ours = await stream(undefined, `lua/legacy/${name}.lua`, [...RUN, ...extra]);
      expect(ours[0]).toMatch(/^Prepare\t {8}SELECT /);
      expect(ours.filter((s) => s.startsWith('Execute\t'))).toHaveLength(5);
      if (!canCompare) continue;
      const ref = await stream(REFERENCE, join(ORIGINALS, `${name}.lua`), [...RUN, ...extra]);
      expect(ours).toEqual(ref);
    }
  });
});

describe('0.5 scripts: prepare and cleanup statement streams (numbers masked: 1.0.20 does not seed prepare)', () => {
  const mask = (s: string[]): string[] => s.map((q) => q.replace(/\d/g, 'N'));
  for (const extra of [[] as string[], ['--oltp-auto-inc=off', '--oltp-create-secondary=off', '--oltp-secondary=on',
    '--mysql-table-engine=myisam', "--mysql-table-options=COMMENT='legacy'"]]) {
    it(`oltp prepare + cleanup ${extra.join(' ')}`, async () => {
      const args = ['--oltp-table-size=50', '--oltp-tables-count=3', ...extra];
      const ours = [...await stream(undefined, 'lua/oltp.lua', [...args, 'prepare'], PREP_DB),
        ...await stream(undefined, 'lua/oltp.lua', [...args, 'cleanup'], PREP_DB)];
      expect(ours.filter((s) => s.startsWith('Query\tCREATE TABLE'))).toHaveLength(3);
      expect(ours.filter((s) => s.startsWith('Query\tDROP TABLE IF EXISTS'))).toHaveLength(3);
      if (!canCompare) return;
      const original = join(ORIGINALS, 'oltp.lua');
      const ref = [...await stream(REFERENCE, original, [...args, 'prepare'], PREP_DB),
        ...await stream(REFERENCE, original, [...args, 'cleanup'], PREP_DB)];
      expect(mask(ours)).toEqual(mask(ref));
    });
  }
});

it('bulk_insert: prepare, run (one thread), cleanup send the same statements as the original', async () => {
  const args = ['--rand-seed=1'];
  const seq = async (bin: string | undefined, script: string): Promise<string[]> => [
    ...await stream(bin, script, [...args, 'prepare']),
    ...await stream(bin, script, [...args, '--max-requests=45000', 'run']),
    ...await stream(bin, script, [...args, 'cleanup']),
  ];
  const ours = await seq(undefined, 'lua/legacy/bulk_insert.lua');
  // 45000 rows of "(n,n)" need two 512 KiB INSERTs
  expect(ours.filter((s) => s.startsWith('Query\tINSERT INTO sbtest0 VALUES(1,1),(2,2)'))).toHaveLength(1);
  expect(ours.filter((s) => s.startsWith('Query\tINSERT INTO sbtest0 VALUES'))).toHaveLength(2);
  if (!canCompare) return;
  expect(ours).toEqual(await seq(REFERENCE, join(ORIGINALS, 'bulk_insert.lua')));
});
