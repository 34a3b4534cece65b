// --rate against a real server: each event's latency split into schedule lag and service time,
// in the JSON report (whole run and intervals) and, with --report-lag=on, in a block after the
// text report; without the option the text report is 1.0.20's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_run_rate_lag';
const KEYS = ['min', 'avg', 'max', 'sum', 'p50', 'p90', 'p95', 'p99', 'p99.9'];

interface Figure { [k: string]: number }
interface Report {
  counters: { events: number };
  latency_ms: Figure;
  lag_ms?: Figure;
  service_ms?: Figure;
  exact: { latency_ns: { sum: number }; lag_ms_sum?: number; service_ms_sum?: number };
  intervals: { time_s: number; counters: { events: number }; lag_ms?: Figure; service_ms?: Figure }[];
}

/** The JSON document a run printed last on stdout (--json-report=-). */
function jsonOf(stdout: string): Report {
  return JSON.parse(stdout.slice(stdout.indexOf('\n{') + 1)) as Report;
}

const run = (extra: string[]): Promise<{ code: number; stdout: string }> =>
  sysbenchAsync(['oltp_point_select', '--table-size=1000', '--threads=2', '--time=3', ...mysqlArgs(DB), ...extra, 'run']);

beforeAll(async () => {
  createDatabase(DB);
  expect((await sysbenchAsync(['oltp_point_select', '--table-size=1000', ...mysqlArgs(DB), 'prepare'])).code).toBe(0);
});
afterAll(() => dropDatabase(DB));

describe('--rate: schedule lag and service time', () => {
  it('the JSON report splits every latency into lag + service, for the run and each interval', async () => {
    const r = await run(['--rate=300', '--report-interval=1', '--json-report=-']);
    expect(r.code, r.stdout.slice(-2000)).toBe(0);
    const j = jsonOf(r.stdout);
    expect(j.counters.events).toBeGreaterThan(300);
    expect(Object.keys(j.lag_ms!)).toEqual(KEYS);
    expect(Object.keys(j.service_ms!)).toEqual(KEYS);
    // event by event latency = lag + service: the sums agree to rounding, the averages to 1%
    const latencySumMs = j.exact.latency_ns.sum / 1e6;
    expect(j.exact.lag_ms_sum! + j.exact.service_ms_sum!).toBeCloseTo(latencySumMs, 6);
    expect(Math.abs(j.lag_ms!.avg! + j.service_ms!.avg! - j.latency_ms.avg!)).toBeLessThanOrEqual(0.01 * j.latency_ms.avg! + 0.0005);
    // lag starts at 0 (a thread takes a queued event at once or later), service is the rest
    expect(j.lag_ms!.min).toBeGreaterThanOrEqual(0);
    expect(j.service_ms!.min).toBeGreaterThan(0);
    expect(j.service_ms!.max).toBeLessThanOrEqual(j.latency_ms.max! + 0.001);
    for (const k of ['p50', 'p95', 'p99']) expect(j.lag_ms![k]).toBeLessThanOrEqual(j.latency_ms[k]! + 0.001);
    // intervals carry the same split of the events that ended in them
    expect(j.intervals.length).toBeGreaterThanOrEqual(2);
    for (const i of j.intervals.filter((x) => x.counters.events > 0)) {
      expect(i.lag_ms!.avg).toBeGreaterThanOrEqual(0);
      expect(i.service_ms!.avg).toBeGreaterThan(0);
      expect(Object.keys(i.service_ms!)).toEqual(['avg', 'p50', 'p90', 'p95', 'p99', 'p99.9']);
    }
  }, 60_000);

  it('--report-lag=on adds a block after the report; without it the report ends as 1.0.20\'s', async () => {
    const on = await run(['--rate=200', '--report-lag=on']);
    expect(on.code, on.stdout.slice(-2000)).toBe(0);
    const block = on.stdout.slice(on.stdout.indexOf('Threads fairness:'));
    expect(block).toMatch(/\n\nSchedule lag and service time \(ms; latency = lag \+ service\):\n {9}lag \(queued to started\): +avg: \d+\.\d{3} {3}95th percentile: \d+\.\d{3} {3}max: \d+\.\d{3}\n {9}service \(started to ended\): +avg: \d+\.\d{3}/);
    expect(block).toMatch(/generator: events released \d+\.\d{3} ms after their scheduled times on average \(max \d+\.\d{3}\)/);
    const off = await run(['--rate=200']);
    expect(off.code).toBe(0);
    expect(off.stdout).not.toContain('Schedule lag');
    // the report ends with the fairness block, as sysbench's does
    expect(off.stdout).toMatch(/execution time \(avg\/stddev\): +[\d.]+\/[\d.]+\n\n$/);
  }, 60_000);

  it('without --rate there is no split', async () => {
    const r = await run(['--json-report=-', '--report-lag=on']);
    expect(r.code).toBe(0);
    const j = jsonOf(r.stdout);
    expect(j.lag_ms).toBeUndefined();
    expect(j.service_ms).toBeUndefined();
    expect(r.stdout).not.toContain('Schedule lag');
  }, 60_000);
});
