// The seed 002 command, a sysbench 0.5 command line, run unchanged from the project root:
//   sysbench --test=lua/oltp.lua --oltp-table-size=... --oltp-read-only=on --oltp_point_selects=1000
//     --oltp_sum_ranges=0 --oltp_simple_ranges=0 --oltp_order_ranges=0 --oltp_distinct_ranges=0
//     --max-requests=0 --max-time=... --num-threads=N prepare|run|cleanup
// (smaller table and time than the document). With numbers masked, our output is the reference
// binary's for the same command, run two ways: from the project root (the reference binary
// runs our lua/oltp.lua), and from a folder whose lua/ holds the 0.5 originals, sysbench
// 1.0.20's tests/include/oltp_legacy/. The originals are not part of this repository: give
// their folder in SB_LEGACY_SCRIPTS to run those comparisons; without it they are reported as
// skipped.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, layout, mysqlArgs, REFERENCE, ROOT, sql, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_legacy_seed';
const ORIGINALS = process.env.SB_LEGACY_SCRIPTS || null;

const SEED = ['--test=lua/oltp.lua', '--oltp-table-size=10000', '--oltp-read-only=on', '--oltp_point_selects=1000',
  '--oltp_sum_ranges=0', '--oltp_simple_ranges=0', '--oltp_order_ranges=0', '--oltp_distinct_ranges=0',
  '--max-requests=0', '--max-time=1'];

// where the reference binary runs the command: lua/oltp.lua is then ours, or the original
let originalsRoot = '';
const REFERENCES = [
  { label: `${REFERENCE} running our lua/oltp.lua`, skip: !hasReference, cwd: () => ROOT },
  {
    label: ORIGINALS ? `${REFERENCE} running the 0.5 original` : 'the 0.5 original (not in this repository: set SB_LEGACY_SCRIPTS)',
    skip: !hasReference || !ORIGINALS,
    cwd: () => originalsRoot,
  },
];
beforeAll(() => {
  createDatabase(DB);
  originalsRoot = mkdtempSync(join(tmpdir(), 'sbtest-legacy-seed-'));
  if (ORIGINALS) symlinkSync(resolve(ORIGINALS), join(originalsRoot, 'lua'));
});
afterAll(() => {
  dropDatabase(DB);
  rmSync(originalsRoot, { recursive: true, force: true });
});

const out = (r: { stdout: string; stderr: string; code: number }): string => `${r.stderr}${r.stdout}rc=${r.code}`;

describe('seed 002: the 0.5 read-only point-select command', () => {
  const prepare = [...SEED, '--num-threads=1', ...mysqlArgs(DB), 'prepare'];
  let oursPrepare = '';
  it('prepare', async () => {
    const ours = await sysbenchAsync(prepare);
    expect(ours.code, out(ours)).toBe(0);
    expect(ours.stdout).toContain("Creating table 'sbtest1'...\nInserting 10000 records into 'sbtest1'\nCreating secondary indexes on 'sbtest1'...\n");
    expect(sql('SELECT COUNT(*) FROM sbtest1', DB)).toBe('10000');
    oursPrepare = out(ours);
  });
  for (const ref of REFERENCES) {
    it.skipIf(ref.skip)(`prepare: same as ${ref.label}`, async () => {
      sql('DROP TABLE IF EXISTS sbtest1', DB);
      const r = await sysbenchAsync(prepare, { bin: REFERENCE, cwd: ref.cwd() });
      expect(oursPrepare).toBe(out(r));
    });
  }

  for (const threads of [1, 8]) {
    const args = [...SEED, `--num-threads=${threads}`, ...mysqlArgs(DB), 'run'];
    let ours = { code: -1, stdout: '', stderr: '' };
    it(`run with --num-threads=${threads}`, async () => {
      ours = await sysbenchAsync(args);
      expect(ours.code, out(ours)).toBe(0);
      expect(ours.stderr).toBe('WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.\n');
      expect(ours.stdout).toContain(`Number of threads: ${threads}\n`);
      // 1000 point selects and BEGIN/COMMIT per transaction; nothing else
      const tx = Number(/transactions:\s+(\d+)/.exec(ours.stdout)![1]);
      expect(tx).toBeGreaterThan(0);
      expect(ours.stdout).toMatch(new RegExp(`read:\\s+${tx * 1000}\\n\\s+write:\\s+0\\n\\s+other:\\s+${tx * 2}\\n`));
    });
    for (const ref of REFERENCES) {
      it.skipIf(ref.skip)(`run with --num-threads=${threads}: same layout as ${ref.label}`, async () => {
        const r = await sysbenchAsync(args, { bin: REFERENCE, cwd: ref.cwd() });
        expect(r.code).toBe(0);
        expect(ours.stderr).toBe(r.stderr);
        expect(layout(ours.stdout)).toEqual(layout(r.stdout));
      });
    }
  }

  const cleanup = [...SEED, ...mysqlArgs(DB), 'cleanup'];
  it('cleanup', async () => {
    const ours = await sysbenchAsync(cleanup);
    expect(ours.code, out(ours)).toBe(0);
    expect(ours.stdout).toContain("Dropping table 'sbtest1'...\n");
    expect(sql(`SHOW TABLES FROM ${DB}`)).toBe('');
    for (const ref of REFERENCES.filter((x) => !x.skip)) {
      // the table back, for the reference's cleanup
      const p = await sysbenchAsync(prepare);
      expect(p.code, out(p)).toBe(0);
      const r = await sysbenchAsync(cleanup, { bin: REFERENCE, cwd: ref.cwd() });
      expect(out(ours), ref.label).toBe(out(r));
    }
  });
});
