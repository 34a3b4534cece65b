// --shard=I/N (issue 17): N processes behave as one run of N x --threads threads. Thread ids,
// seeds and sysbench.rand.unique() ranges do not collide; --events and --rate are shared out;
// the report names the shard in an extra line; mistakes are FATAL errors.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sql, sysbench, sysbenchAsync } from '../../helpers/sysbench.js';
import { readJson, tempDir } from '../../helpers/companion.js';

const DB = 'sbtest_shard_offsets';
const DIR = tempDir('shard');
const SCRIPT = join(DIR, 'ids.lua');
writeFileSync(SCRIPT, `
function thread_init(thread_id)
  io.write(string.format("tid %d %d threads %d draw %d\\n", thread_id, sysbench.tid, sysbench.opt.threads,
    sysbench.rand.uniform(1, 1000000000)))
end
function event() end
`);

/** thread id -> the first random number the thread drew */
function draws(stdout: string): Map<number, number> {
  const m = new Map<number, number>();
  for (const [, tid, , , draw] of stdout.matchAll(/^tid (\d+) (\d+) threads (\d+) draw (\d+)$/gm)) m.set(Number(tid), Number(draw));
  return m;
}

beforeAll(() => createDatabase(DB));
afterAll(() => dropDatabase(DB));

describe('--shard', () => {
  it('gives the shard the ids, seeds and thread count of its part of the whole run', () => {
    const r = sysbench([SCRIPT, '--threads=3', '--shard=1/2', '--events=7', '--time=0', '--rand-seed=5', `--json-report=${join(DIR, 'ids.json')}`, 'run']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const lines = [...r.stdout.matchAll(/^tid (\d+) (\d+) threads (\d+)/gm)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
    expect(lines.sort()).toEqual([[3, 3, 6], [4, 4, 6], [5, 5, 6]]);
    // one process of 6 threads with the same seed: threads 3..5 draw what the shard's threads drew
    const whole = sysbench([SCRIPT, '--threads=6', '--events=7', '--time=0', '--rand-seed=5', 'run']);
    const all = draws(whole.stdout);
    for (const [tid, draw] of draws(r.stdout)) expect(draw, `thread ${tid}`).toBe(all.get(tid));
    // --events=7 over 2 shards: 4 for shard 0, 3 for shard 1
    expect(readJson(join(DIR, 'ids.json')).counters.events).toBe(3);
    expect(readJson(join(DIR, 'ids.json')).shard).toEqual({ index: 1, count: 2 });
  });

  it('says which shard it is in one extra line, and only with --shard', () => {
    // (--time=1: with --rate, --time=0 keeps the process from exiting, a known problem of the runner)
    const r = sysbench([SCRIPT, '--threads=2', '--shard=0/3', '--events=5', '--time=1', '--rate=11', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\n\nsysbench-ts: shard 0\/3 \(thread ids 0\.\.1 of 6\)\nRunning the test with following options:\n/);
    // --rate=11 over 3 shards: 4, 4, 3
    expect(r.stdout).toContain('Target transaction rate: 4/sec');
    const plain = sysbench([SCRIPT, '--threads=2', '--events=5', '--time=1', '--rate=11', 'run']);
    expect(plain.stdout).not.toContain('sysbench-ts:');
    expect(plain.stdout).toContain('Target transaction rate: 11/sec');
    expect([...plain.stdout.matchAll(/^tid (\d+)/gm)].map((m) => Number(m[1])).sort()).toEqual([0, 1]);
  });

  it('keeps sysbench.rand.unique() apart: oltp_insert --auto_inc=off from 2 processes', async () => {
    const data = ['oltp_insert', '--tables=1', '--auto_inc=off', ...mysqlArgs(DB)];
    expect(sysbench([...data, 'prepare']).code).toBe(0);
    const runs = await Promise.all([0, 1].map((i) => sysbenchAsync([...data, '--threads=2', '--events=300', '--time=0', `--shard=${i}/2`, 'run'])));
    for (const r of runs) {
      expect(r.code, r.stdout.slice(-1500) + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/ignored errors:\s+0 /);
    }
    expect(sql('SELECT COUNT(*), COUNT(DISTINCT id) FROM sbtest1', DB)).toBe('300\t300');
    // the same two processes without --shard draw the same ids: the second insert of an id fails
    const clash = await Promise.all([0, 1].map(() => sysbenchAsync([...data, '--threads=1', '--events=50', '--time=0', 'run'])));
    expect(clash.some((r) => r.code !== 0 && /Duplicate entry/.test(r.stdout + r.stderr)), clash.map((r) => r.stdout.slice(-500)).join('\n')).toBe(true);
  }, 120_000);

  it('refuses what it cannot do, as FATAL errors', () => {
    const cases: [string[], RegExp][] = [
      [['--shard=2/2', 'run'], /FATAL: Invalid value for --shard: '2\/2' \(expected I\/N with 0 <= I < N\)/],
      [['--shard=x', 'run'], /FATAL: Invalid value for --shard: 'x'/],
      [['--shard=0/2', 'prepare'], /FATAL: --shard and --start-at apply to the run command only/],
      [['--shard=0/4', '--events=3', 'run'], /FATAL: --events=3 cannot be divided among 4 shards/],
      [['--start-at=soon', 'run'], /FATAL: Invalid value for --start-at: 'soon'/],
      [['--start-at=1000', '--events=1', 'run'], /FATAL: --start-at: that time had passed/],
    ];
    for (const [args, message] of cases) {
      const r = sysbench([SCRIPT, ...args]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout + r.stderr, args.join(' ')).toMatch(message);
    }
  });
});
