// The seed 002 command, a sysbench 0.5 command line, run unchanged from the project root:
//   sysbench --test=lua/oltp.lua --oltp-table-size=... --oltp-read-only=on --oltp_point_selects=1000
//     --oltp_sum_ranges=0 --oltp_simple_ranges=0 --oltp_order_ranges=0 --oltp_distinct_ranges=0
//     --max-requests=0 --max-time=... --num-threads=N prepare|run|cleanup
// (smaller table and time than the document). With numbers masked, the output is the reference
// binary's for the same command with the original 0.5 scripts (tests/include/oltp_legacy/).
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, layout, mysqlArgs, REFERENCE, sql, sysbenchAsync } from './helpers/sysbench.js';

const DB = 'sbtest_legacy_seed';
const ORIGINALS = process.env.SB_LEGACY_SCRIPTS ?? '/work/scratch/tests/include/oltp_legacy';
const canCompare = hasReference && existsSync(join(ORIGINALS, 'oltp.lua'));
if (!canCompare) console.warn(`*** legacy-seed: ${REFERENCE} or ${ORIGINALS} missing: comparisons with the reference SKIPPED ***`);

const SEED = ['--test=lua/oltp.lua', '--oltp-table-size=10000', '--oltp-read-only=on', '--oltp_point_selects=1000',
  '--oltp_sum_ranges=0', '--oltp_simple_ranges=0', '--oltp_order_ranges=0', '--oltp_distinct_ranges=0',
  '--max-requests=0', '--max-time=1'];

// the reference runs from a folder whose lua/ holds the 0.5 originals
let refRoot = '';
beforeAll(() => {
  createDatabase(DB);
  refRoot = mkdtempSync(join(tmpdir(), 'sbtest-legacy-seed-'));
  if (canCompare) symlinkSync(ORIGINALS, join(refRoot, 'lua'));
});
afterAll(() => {
  dropDatabase(DB);
  rmSync(refRoot, { recursive: true, force: true });
});

const out = (r: { stdout: string; stderr: string; code: number }): string => `${r.stderr}${r.stdout}rc=${r.code}`;

describe('seed 002: the 0.5 read-only point-select command', () => {
  it('prepare', async () => {
    const ours = await sysbenchAsync([...SEED, '--num-threads=1', ...mysqlArgs(DB), 'prepare']);
    expect(ours.code, out(ours)).toBe(0);
    expect(ours.stdout).toContain("Creating table 'sbtest1'...\nInserting 10000 records into 'sbtest1'\nCreating secondary indexes on 'sbtest1'...\n");
    expect(sql('SELECT COUNT(*) FROM sbtest1', DB)).toBe('10000');
    if (!canCompare) return;
    sql('DROP TABLE sbtest1', DB);
    const ref = await sysbenchAsync([...SEED, '--num-threads=1', ...mysqlArgs(DB), 'prepare'], { bin: REFERENCE, cwd: refRoot });
    expect(out(ours)).toBe(out(ref));
  });

  for (const threads of [1, 8]) {
    it(`run with --num-threads=${threads}`, async () => {
      const args = [...SEED, `--num-threads=${threads}`, ...mysqlArgs(DB), 'run'];
      const ours = await sysbenchAsync(args);
      expect(ours.code, out(ours)).toBe(0);
      expect(ours.stderr).toBe('WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.\n');
      expect(ours.stdout).toContain(`Number of threads: ${threads}\n`);
      // 1000 point selects and BEGIN/COMMIT per transaction; nothing else
      const tx = Number(/transactions:\s+(\d+)/.exec(ours.stdout)![1]);
      expect(tx).toBeGreaterThan(0);
      expect(ours.stdout).toMatch(new RegExp(`read:\\s+${tx * 1000}\\n\\s+write:\\s+0\\n\\s+other:\\s+${tx * 2}\\n`));
      if (!canCompare) return;
      const ref = await sysbenchAsync(args, { bin: REFERENCE, cwd: refRoot });
      expect(ref.code).toBe(0);
      expect(ours.stderr).toBe(ref.stderr);
      expect(layout(ours.stdout)).toEqual(layout(ref.stdout));
    });
  }

  it('cleanup', async () => {
    const ours = await sysbenchAsync([...SEED, ...mysqlArgs(DB), 'cleanup']);
    expect(ours.code, out(ours)).toBe(0);
    expect(ours.stdout).toContain("Dropping table 'sbtest1'...\n");
    expect(sql(`SHOW TABLES FROM ${DB}`)).toBe('');
    if (!canCompare) return;
    const ref = await sysbenchAsync([...SEED, ...mysqlArgs(DB), 'cleanup'], { bin: REFERENCE, cwd: refRoot });
    expect(out(ours)).toBe(out(ref));
  });
});
