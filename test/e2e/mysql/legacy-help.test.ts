// --legacy-help (sysbench-ts extension): for a sysbench 0.5 command line, what replaces each
// legacy option, and the equivalent sysbench 1.0 commands; the ported command really runs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_legacy_help';
beforeAll(() => createDatabase(DB));
afterAll(() => dropDatabase(DB));

const SEED = ['--test=lua/oltp.lua', '--oltp-table-size=1000', '--oltp-read-only=on', '--oltp_point_selects=1000',
  '--oltp_sum_ranges=0', '--oltp_simple_ranges=0', '--oltp_order_ranges=0', '--oltp_distinct_ranges=0',
  '--max-requests=0', '--max-time=1', '--num-threads=2'];

/** The command printed under `title`, as words. */
function commandUnder(out: string, title: string): string[] {
  const lines = out.split('\n');
  const i = lines.indexOf(title);
  expect(i, out).toBeGreaterThan(0);
  return lines[i + 1].trim().split(' ');
}

it('maps each legacy option of the seed 002 command and prints the 1.0 commands, without running anything', async () => {
  const r = await sysbenchAsync(['--legacy-help', ...SEED, ...mysqlArgs(DB), 'run']);
  expect(r.code).toBe(0);
  expect(r.stdout).not.toContain('Threads started');
  const row = (left: string, right: string): RegExp => new RegExp(`^  ${left.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +${right.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm');
  expect(r.stdout).toMatch(row('--test=lua/oltp.lua', 'positional test name: lua/oltp.lua (sysbench 1.0 script: oltp_read_only)'));
  expect(r.stdout).toMatch(row('--oltp-table-size=1000', '--table-size=1000 (option of oltp_read_only)'));
  expect(r.stdout).toMatch(row('--oltp_point_selects=1000', '--point-selects=1000 (option of oltp_read_only)'));
  expect(r.stdout).toMatch(row('--oltp-read-only=on', 'the oltp_read_only script'));
  expect(r.stdout).toMatch(row('--num-threads=2', '--threads=2'));
  expect(r.stdout).toMatch(row('--max-requests=0', '--events=0'));
  expect(r.stdout).toMatch(row('--max-time=1', '--time=1'));

  expect(commandUnder(r.stdout, 'In sysbench 1.0 syntax, same script:')).toEqual(['sysbench', 'lua/oltp.lua',
    '--oltp-table-size=1000', '--oltp-read-only=on', '--oltp_point_selects=1000', '--oltp_sum_ranges=0',
    '--oltp_simple_ranges=0', '--oltp_order_ranges=0', '--oltp_distinct_ranges=0', '--events=0', '--time=1',
    '--threads=2', ...mysqlArgs(DB), 'run']);
  const ported = commandUnder(r.stdout, "With sysbench 1.0's own script (oltp_read_only):");
  expect(ported).toEqual(['sysbench', 'oltp_read_only', '--table-size=1000', '--point-selects=1000', '--sum-ranges=0',
    '--simple-ranges=0', '--order-ranges=0', '--distinct-ranges=0', '--events=0', '--time=1', '--threads=2',
    ...mysqlArgs(DB), 'run']);

  // the ported command is a valid 1.0 command line (1.0 scripts reject unknown options)
  const prep = await sysbenchAsync(['oltp_read_only', '--table-size=1000', ...mysqlArgs(DB), 'prepare']);
  expect(prep.code, prep.stdout + prep.stderr).toBe(0);
  const run = await sysbenchAsync(ported.slice(1));
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stderr).toBe('');
  expect(run.stdout).toMatch(/transactions:\s+[1-9]/);
});

it('names what has no 1.0 equivalent, the 0.5 default limits, and options a 1.0 script would reject', async () => {
  const r = await sysbenchAsync(['--legacy-help', '--test=tests/db/insert.lua', '--myisam-max-rows=5', '--my-option=1', 'run']);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^ {2}--myisam-max-rows=5 +\(no sysbench 1\.0 equivalent\)$/m);
  expect(commandUnder(r.stdout, "With sysbench 1.0's own script (oltp_insert):")).toEqual(['sysbench', 'oltp_insert', 'run']);
  expect(r.stdout).toContain('  - --my-option=1: not an option of oltp_insert');
  expect(r.stdout).toContain('  - sysbench 0.5 stopped after 10000 requests by default');
});

it('without a command line prints the full mapping of options and scripts', async () => {
  const r = await sysbenchAsync(['--legacy-help']);
  expect(r.code).toBe(0);
  expect(r.stdout).not.toContain('This command line:');
  expect(r.stdout).toMatch(/^ {2}--num-threads +--threads: /m);
  expect(r.stdout).toMatch(/^ {2}--oltp-tables-count +--tables: /m);
  expect(r.stdout).toMatch(/^ {2}--mysql-table-engine +--mysql-storage-engine: /m);
  expect(r.stdout).toMatch(/^ {2}select_random_points\.lua +select_random_points/m);
  expect(r.stdout).toMatch(/^ {2}parallel_prepare\.lua +oltp_read_write prepare/m);
});
