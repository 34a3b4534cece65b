// Issue 4: intermediate reports, checkpoints, histogram, percentile and limits have the
// reference binary's layout, line for line with numbers masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, layout, mysqlArgs, REFERENCE, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_run_reports';

beforeAll(async () => {
  createDatabase(DB);
  expect((await sysbenchAsync(['oltp_read_write', '--tables=2', '--table-size=2000', ...mysqlArgs(DB), 'prepare'])).code).toBe(0);
});
afterAll(() => dropDatabase(DB));

const CASES: [string, string[]][] = [
  ['--report-interval=1', ['oltp_read_write', '--tables=2', '--threads=2', '--time=3', '--report-interval=1']],
  ['--report-interval=1 with --rate', ['oltp_read_only', '--threads=2', '--time=3', '--rate=50', '--report-interval=1']],
  ['--report-checkpoints', ['oltp_point_select', '--threads=2', '--time=3', '--report-checkpoints=1,2']],
  ['--histogram', ['oltp_point_select', '--threads=2', '--time=2', '--histogram']],
  ['--percentile=99', ['oltp_point_select', '--threads=2', '--time=1', '--percentile=99']],
  ['--percentile=0', ['oltp_point_select', '--threads=2', '--time=1', '--percentile=0']],
  ['--events with --time=0', ['oltp_point_select', '--threads=2', '--events=500', '--time=0']],
];

describe('run report layouts', () => {
  for (const [name, args] of CASES) {
    it(name, async () => {
      const ours = await sysbenchAsync([...args, '--table-size=2000', ...mysqlArgs(DB), 'run']);
      expect(ours.code, ours.stdout.slice(-2000)).toBe(0);
      if (args.includes('--report-interval=1')) {
        // one line per second, on time (the last one may race with the end of the run, in sysbench too)
        const ticks = ours.stdout.match(/^\[ \d+s \] thds:/gm) ?? [];
        expect(ticks.slice(0, 2)).toEqual(['[ 1s ] thds:', '[ 2s ] thds:']);
        expect(ticks.length).toBeLessThanOrEqual(3);
        if (args.includes('--rate=50')) expect(ours.stdout.match(/^\[ \d+s \] queue length: \d+, concurrency: \d+$/gm)).toHaveLength(ticks.length);
      }
      if (args.includes('--report-checkpoints=1,2')) {
        expect(ours.stdout.match(/^\[ \ds \] Checkpoint report:$/gm)).toEqual(['[ 1s ] Checkpoint report:', '[ 2s ] Checkpoint report:']);
      }
      if (args.includes('--events=500')) expect(ours.stdout).toMatch(/total number of events:\s+500\n/);
      if (hasReference) {
        const ref = await sysbenchAsync([...args, '--table-size=2000', ...mysqlArgs(DB), 'run'], { bin: REFERENCE });
        expect(ref.code).toBe(0);
        // interval lines: same shapes; their number may differ by the one racing the end
        const intervals = (t: string): string[] => [...new Set(layout(t).filter((l) => l.startsWith('[ N')))];
        const rest = (t: string): string[] => layout(t).filter((l) => !l.startsWith('[ N'));
        expect(intervals(ours.stdout)).toEqual(intervals(ref.stdout));
        expect(rest(ours.stdout)).toEqual(rest(ref.stdout));
      }
    }, 60_000);
  }
});
