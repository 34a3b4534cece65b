// --rate against a real server: the achieved rate, the queue overflow abort, and our
// --rate-latency-limit extension that drops late events instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_run_rate';
const num = (out: string, re: RegExp): number => Number(re.exec(out)?.[1]);

beforeAll(async () => {
  createDatabase(DB);
  expect((await sysbenchAsync(['oltp_point_select', '--table-size=1000', ...mysqlArgs(DB), 'prepare'])).code).toBe(0);
});
afterAll(() => dropDatabase(DB));

describe('--rate', () => {
  it('achieves the target rate within 10%', async () => {
    const r = await sysbenchAsync(['oltp_point_select', '--table-size=1000', '--threads=4', '--time=5', '--rate=200', ...mysqlArgs(DB), 'run']);
    expect(r.code, r.stdout.slice(-1500)).toBe(0);
    expect(r.stdout).toContain('Target transaction rate: 200/sec');
    const tps = num(r.stdout, /transactions:\s+\d+\s+\(([\d.]+) per sec/);
    expect(tps).toBeGreaterThan(180);
    expect(tps).toBeLessThan(220);
  }, 60_000);

  it('aborts when the event queue overflows, as sysbench does', async () => {
    const r = await sysbenchAsync(['oltp_point_select', '--table-size=1000', '--threads=1', '--time=5', '--rate=2000000000', '--verbosity=1', ...mysqlArgs(DB), 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('FATAL: The event queue is full. This means the worker threads are unable to keep up with the specified event generation rate\n');
  }, 60_000);

  it('--rate-latency-limit drops late events and reports them instead', async () => {
    const r = await sysbenchAsync(['oltp_point_select', '--table-size=1000', '--threads=1', '--time=3', '--rate=1000000', '--rate-latency-limit=5', ...mysqlArgs(DB), 'run']);
    expect(r.code, r.stdout.slice(-1500)).toBe(0);
    expect(num(r.stdout, /Events dropped by --rate-latency-limit: (\d+)/)).toBeGreaterThan(0);
    // no executed event waited much longer than the limit before it started
    expect(num(r.stdout, /max:\s+([\d.]+)/)).toBeLessThan(1000);
  }, 60_000);
});
