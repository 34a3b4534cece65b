// sysbench-ts merge (issue 17): two processes against the same server, merged as if one process
// had run all their threads. Percentiles come from the union of the raw histograms, counters
// are sums, fairness covers every thread, and the merge of one report is that report.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sysbenchAsync } from '../../helpers/sysbench.js';
import { companion, percentileOfBuckets, readJson, reportPart, runTogether, startAtSoon, tempDir } from '../../helpers/companion.js';

const DB = 'sbtest_merge_runs';
const DIR = tempDir('merge-runs');
const num = (out: string, re: RegExp): number => Number(re.exec(out)?.[1]);
let run: Awaited<ReturnType<typeof runTogether>>;

beforeAll(async () => {
  createDatabase(DB);
  expect((await sysbenchAsync(['oltp_read_only', '--table-size=1000', ...mysqlArgs(DB), 'prepare'])).code).toBe(0);
  // the two clients differ in their thread counts, so that fairness has something to show;
  // they start their measured runs together, so that their intervals line up
  const startAt = startAtSoon();
  run = await runTogether(2, DIR, (i) => ['oltp_read_only', '--table-size=1000', `--threads=${i + 1}`, '--time=3',
    '--report-interval=1', startAt, ...mysqlArgs(DB), 'run']);
  for (const r of run.results) expect(r.code, r.stdout.slice(-2000) + r.stderr).toBe(0);
}, 120_000);
afterAll(() => dropDatabase(DB));

describe('sysbench-ts merge', () => {
  it('sums the counters and takes percentiles from the union of the raw histograms', () => {
    const out = join(DIR, 'merged.json');
    const m = companion(['merge', ...run.reports, `--json-report=${out}`]);
    expect(m.code, m.stderr).toBe(0);
    const [a, b] = run.reports.map(readJson);
    const merged = readJson(out);
    for (const k of ['events', 'queries', 'reads', 'writes', 'other', 'ignored_errors', 'reconnects']) {
      expect(merged.counters[k], k).toBe(a.counters[k] + b.counters[k]);
    }
    expect(num(m.stdout, /total number of events:\s+(\d+)/)).toBe(a.counters.events + b.counters.events);
    expect(num(m.stdout, /read:\s+(\d+)/)).toBe(a.counters.reads + b.counters.reads);
    // the union of the buckets, outside our code
    const union = [...a.histogram.buckets, ...b.histogram.buckets];
    for (const [key, p] of [['p50', 50], ['p90', 90], ['p95', 95], ['p99', 99], ['p99.9', 99.9]] as const) {
      expect(merged.latency_ms[key], key).toBeCloseTo(percentileOfBuckets(union, p), 3);
    }
    expect(num(m.stdout, /95th percentile:\s+([\d.]+)/)).toBe(Number(percentileOfBuckets(union, 95).toFixed(2)));
    expect(merged.histogram.events).toBe(a.histogram.events + b.histogram.events);
    // latency extremes and sum over all threads
    expect(merged.latency_ms.min).toBe(Math.min(a.latency_ms.min, b.latency_ms.min));
    expect(merged.latency_ms.max).toBe(Math.max(a.latency_ms.max, b.latency_ms.max));
    expect(merged.latency_ms.sum).toBeCloseTo(a.latency_ms.sum + b.latency_ms.sum, 2);
    // one process with all 3 threads: fairness over the three
    const perThread = [...a.threads_fairness.events_per_thread, ...b.threads_fairness.events_per_thread];
    expect(merged.threads_fairness.events_per_thread).toEqual(perThread);
    const avg = perThread.reduce((s: number, x: number) => s + x, 0) / 3;
    expect(m.stdout).toContain(`events (avg/stddev):           ${avg.toFixed(4)}/`);
    expect(merged.options.threads).toBe(3);
    // rates over the common window: from the first start to the last end
    const end = Math.max(a.time.end_unix_ms, b.time.end_unix_ms);
    const start = Math.min(a.time.start_unix_ms, b.time.start_unix_ms);
    expect(merged.time.total_s).toBeCloseTo((end - start) / 1000, 3);
    expect(num(m.stdout, /transactions:\s+\d+\s+\(([\d.]+) per sec/)).toBeCloseTo(merged.counters.events / merged.exact.total_s, 1);
  });

  it('lines the intervals up by wall-clock time and sums them', () => {
    const out = join(DIR, 'merged-intervals.json');
    expect(companion(['merge', ...run.reports, `--json-report=${out}`]).code).toBe(0);
    const [a, b] = run.reports.map(readJson);
    const merged = readJson(out);
    expect(a.intervals.length).toBeGreaterThanOrEqual(2);
    // --start-at: the measured runs began within a few milliseconds of each other
    expect(Math.abs(a.time.start_unix_ms - b.time.start_unix_ms)).toBeLessThan(100);
    expect(merged.intervals.length).toBe(Math.max(a.intervals.length, b.intervals.length));
    const sum = (doc: { intervals: { counters: { events: number } }[] }): number => doc.intervals.reduce((s, i) => s + i.counters.events, 0);
    expect(sum(merged)).toBe(sum(a) + sum(b));
    // both runs report the intervals both lived through; the last one (at --time itself) may
    // come from one run only, when the other's run ended just before its reporter fired
    const both = Math.min(a.intervals.length, b.intervals.length);
    merged.intervals.forEach((i: { threads: number }, k: number) => {
      if (k < both) expect(i.threads).toBe(3);
      else expect([1, 2]).toContain(i.threads);
    });
    expect(merged.intervals.length - both).toBeLessThanOrEqual(1);
    // an interval's histogram holds its events; the two are read from the running threads a
    // moment apart (as sysbench's reporting thread reads its counters and histogram), so an
    // event finishing in between may fall on either side of the boundary
    for (const i of merged.intervals) {
      const inHistogram = i.histogram.reduce((s: number, [, c]: number[]) => s + c, 0);
      expect(Math.abs(inHistogram - i.counters.events)).toBeLessThanOrEqual(Math.max(3, i.counters.events * 0.03));
    }
  });

  it('merging one report reproduces that report, interval lines included', () => {
    for (const [i, file] of run.reports.entries()) {
      const m = companion(['merge', file]);
      expect(m.code, m.stderr).toBe(0);
      expect(reportPart(m.stdout)).toBe(reportPart(run.results[i]!.stdout));
    }
  });

  it('--percentile and --histogram change only what sysbench would change', () => {
    const m = companion(['merge', ...run.reports, '--percentile=99', '--histogram']);
    expect(m.code).toBe(0);
    expect(m.stdout).toMatch(/^\[ 1s \] thds: 3 .*lat \(ms,99%\)/m);
    expect(m.stdout).toContain('Latency histogram (values are in milliseconds)');
    expect(m.stdout).toMatch(/^\s+99th percentile:/m);
  });
});
