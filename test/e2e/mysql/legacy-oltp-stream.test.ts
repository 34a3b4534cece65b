// Our sysbench 0.5-style OLTP scripts (lua/legacy/, lua/oltp.lua) send the same statements
// under our binary as under the reference binary, with --num-threads=1 --rand-seed=N
// --max-requests=K, statement for statement (seen through a protocol tap, so other runs on the
// server do not interfere). Two references:
// - the reference binary running our scripts (always, when /usr/bin/sysbench is installed):
//   our 0.5 API (db_query, sb_rand, ...) behaves as sysbench 1.0.20's;
// - the reference binary running the 0.5 originals, sysbench 1.0.20's tests/include/oltp_legacy/:
//   our scripts are faithful. They are not part of this repository: give their folder in
//   SB_LEGACY_SCRIPTS to run these comparisons; without it they are reported as skipped.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, REFERENCE, SOCKET, sysbenchAsync } from '../../helpers/sysbench.js';
import { startTap } from '../../helpers/legacy-sniffer.js';

const DB = 'sbtest_legacy_stream';
// prepare/cleanup streams create their own tables
const PREP_DB = 'sbtest_legacy_stream_prep';
const ORIGINALS = process.env.SB_LEGACY_SCRIPTS || null;

interface ReferenceScripts {
  label: string;
  skip: boolean;
  /** the script the reference binary runs in place of our `ours` */
  script(ours: string): string;
}
const REFERENCES: ReferenceScripts[] = [
  { label: `${REFERENCE} running our script`, skip: !hasReference, script: (ours) => ours },
  {
    label: ORIGINALS ? `${REFERENCE} running the 0.5 original` : 'the 0.5 original (not in this repository: set SB_LEGACY_SCRIPTS)',
    skip: !hasReference || !ORIGINALS,
    script: (ours) => join(ORIGINALS!, ours.replace(/^.*\//, '')),
  },
];

/** memoised: the statements of our run, computed once for the comparisons that need it */
function once<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => (p ??= f());
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

// oltp through the seed's path (lua/oltp.lua), the others by their file in lua/legacy/
const ourScript = (name: string): string => (name === 'oltp' ? 'lua/oltp.lua' : `lua/legacy/${name}.lua`);

describe('0.5 scripts: run statement streams', () => {
  for (const [name, extra, count] of CASES) {
    const ours = once(() => stream(undefined, ourScript(name), [...RUN, ...extra]));
    it(`${name} ${extra.join(' ')}`, async () => {
      expect((await ours()).length).toBe(count);
      expect((await ours()).every((s) => s.startsWith('Query\t'))).toBe(true);
    });
    for (const ref of REFERENCES) {
      it.skipIf(ref.skip)(`${name} ${extra.join(' ')}: same as ${ref.label}`, async () => {
        expect(await ours()).toEqual(await stream(REFERENCE, ref.script(ourScript(name)), [...RUN, ...extra]));
      });
    }
  }

  describe('insert --oltp-auto-inc=off: ids from sb_rand_uniq() (not seeded in sysbench 1.0.20: masked)', () => {
    const mask = (s: string[]): string[] => s.map((q) => q.replace(/VALUES \(\d+,/, 'VALUES (ID,'));
    const args = [...RUN, '--oltp-auto-inc=off'];
    const ours = once(() => stream(undefined, 'lua/legacy/insert.lua', args));
    it('ours', async () => {
      expect(await ours()).toHaveLength(5);
      expect((await ours())[0]).toMatch(/^Query\tINSERT INTO sbtest\d \(id, k, c, pad\) VALUES \([1-9]\d*, \d+, '[\d-]{119}', '[\d-]{59}'\)$/);
    });
    for (const ref of REFERENCES) {
      it.skipIf(ref.skip)(`same as ${ref.label}`, async () => {
        expect(mask(await ours())).toEqual(mask(await stream(REFERENCE, ref.script('lua/legacy/insert.lua'), args)));
      });
    }
  });

  describe('select_random_points / select_random_ranges: prepared statements and bound values', () => {
    for (const [name, extra] of [['select_random_points', ['--random-points=4']], ['select_random_ranges', ['--number-of-ranges=3', '--random-ranges-delta=9']]] as const) {
      const ours = once(() => stream(undefined, `lua/legacy/${name}.lua`, [...RUN, ...extra]));
      it(name, async () => {
        expect((await ours())[0]).toMatch(/^Prepare\t {8}SELECT /);
        expect((await ours()).filter((s) => s.startsWith('Execute\t'))).toHaveLength(5);
      });
      for (const ref of REFERENCES) {
        it.skipIf(ref.skip)(`${name}: same as ${ref.label}`, async () => {
          expect(await ours()).toEqual(await stream(REFERENCE, ref.script(`lua/legacy/${name}.lua`), [...RUN, ...extra]));
        });
      }
    }
  });
});

describe('0.5 scripts: prepare and cleanup statement streams (numbers masked: 1.0.20 does not seed prepare)', () => {
  // a whole number to one N: k is drawn from the special distribution, and a rare draw far from
  // the middle has fewer digits than the others (the reference's prepare is seeded by the clock)
  const mask = (s: string[]): string[] => s.map((q) => q.replace(/\d+/g, 'N'));
  for (const extra of [[] as string[], ['--oltp-auto-inc=off', '--oltp-create-secondary=off', '--oltp-secondary=on',
    '--mysql-table-engine=myisam', "--mysql-table-options=COMMENT='legacy'"]]) {
    const args = ['--oltp-table-size=50', '--oltp-tables-count=3', ...extra];
    const both = async (bin: string | undefined, script: string): Promise<string[]> => [
      ...await stream(bin, script, [...args, 'prepare'], PREP_DB),
      ...await stream(bin, script, [...args, 'cleanup'], PREP_DB),
    ];
    const ours = once(() => both(undefined, 'lua/oltp.lua'));
    it(`oltp prepare + cleanup ${extra.join(' ')}`, async () => {
      expect((await ours()).filter((s) => s.startsWith('Query\tCREATE TABLE'))).toHaveLength(3);
      expect((await ours()).filter((s) => s.startsWith('Query\tDROP TABLE IF EXISTS'))).toHaveLength(3);
    });
    for (const ref of REFERENCES) {
      it.skipIf(ref.skip)(`oltp prepare + cleanup ${extra.join(' ')}: same as ${ref.label}`, async () => {
        expect(mask(await ours())).toEqual(mask(await both(REFERENCE, ref.script('lua/oltp.lua'))));
      });
    }
  }
});

describe('bulk_insert: prepare, run (one thread), cleanup', () => {
  const args = ['--rand-seed=1'];
  const seq = async (bin: string | undefined, script: string): Promise<string[]> => [
    ...await stream(bin, script, [...args, 'prepare']),
    ...await stream(bin, script, [...args, '--max-requests=45000', 'run']),
    ...await stream(bin, script, [...args, 'cleanup']),
  ];
  const ours = once(() => seq(undefined, 'lua/legacy/bulk_insert.lua'));
  it('ours: 45000 rows of "(n,n)" in two 512 KiB INSERTs', async () => {
    expect((await ours()).filter((s) => s.startsWith('Query\tINSERT INTO sbtest0 VALUES(1,1),(2,2)'))).toHaveLength(1);
    expect((await ours()).filter((s) => s.startsWith('Query\tINSERT INTO sbtest0 VALUES'))).toHaveLength(2);
  });
  for (const ref of REFERENCES) {
    it.skipIf(ref.skip)(`same statements as ${ref.label}`, async () => {
      expect(await ours()).toEqual(await seq(REFERENCE, ref.script('lua/legacy/bulk_insert.lua')));
    });
  }
});
