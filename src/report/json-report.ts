// --json-report (our extension): the complete result of a run as one JSON document, with the
// raw latency histograms (of the whole run and of every --report-interval interval), the
// wall-clock start and the unrounded figures, so that several runs merge exactly later
// (sysbench-ts merge). The field list is documented in docs/json-report.md.
import { HIST_MAX_MS, HIST_MIN_MS, HIST_SIZE, bucketValue, percentile } from '../stats/histogram.js';
import { computeFairness, latencyFromTimers, timerMinNs, type CounterValues, type TimerTotals } from '../stats/counters.js';
import { splitFigures, type SplitFigure, type SplitReadings } from '../stats/latency-split.js';
import type { FairnessInput, ReportStats } from './types.js';

export const JSON_REPORT_SCHEMA = 'sysbench-ts/final-report/v1';
const PERCENTILES = [50, 90, 95, 99, 99.9];

export interface JsonReportInput {
  /** what ran: test name and kind, command line, run id, shard, options worth recording */
  meta: Record<string, unknown>;
  /** whether the test used a database (its text report has SQL statistics) */
  dbUsed: boolean;
  /** wall-clock start of the measured run (after any warm-up), ms since the epoch */
  startUnixMs: number;
  /** seconds from that start to the end of the run */
  totalS: number;
  /** counter totals of the whole run */
  counters: CounterValues;
  /** all threads' event timers merged (sb_timer_merge) */
  timer: TimerTotals;
  fairness: FairnessInput;
  /** latency histogram counts of the whole run (HIST_SIZE buckets) */
  histogram: ArrayLike<number>;
  /** events dropped by --rate-latency-limit (null when not in use) */
  dropped: number | null;
  /** --report-interval records (see jsonInterval) */
  intervals: readonly object[];
  /** --rate: each event's latency as schedule lag + service time, over the whole run */
  split?: SplitReadings | null;
}

/** lag_ms / service_ms: the keys of latency_ms, to 0.1 µs (lag + service adds up to the latency). */
function splitJson(f: SplitFigure): Record<string, number> {
  const pct: Record<string, number> = {};
  for (const [k, v] of Object.entries(f.pct)) pct[k] = round(v, 4);
  return { min: round(f.min, 4), avg: round(f.avg, 4), max: round(f.max, 4), sum: round(f.sum, 4), ...pct };
}

/** An interval's lag and service: averages and percentiles of the events that ended in it. */
export function jsonIntervalSplit(split: SplitReadings): { lag_ms: object; service_ms: object } {
  const f = splitFigures(split);
  const brief = (x: SplitFigure): object => {
    const pct: Record<string, number> = {};
    for (const [k, v] of Object.entries(x.pct)) pct[k] = round(v, 4);
    return { avg: round(x.avg, 4), ...pct };
  };
  return { lag_ms: brief(f.lag), service_ms: brief(f.service) };
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));
const perSec = (n: number, s: number): number => (s > 0 ? round(n / s, 2) : 0);

/** Non-empty buckets as [index, count] pairs. */
export function sparseHistogram(counts: ArrayLike<number>): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < HIST_SIZE; i++) if (counts[i]! > 0) out.push([i, counts[i]!]);
  return out;
}

/**
 * One --report-interval interval: its timing, the figures of the text line (rounded as printed)
 * and the exact counters and histogram they come from. `stat` is the ReportStats the text line
 * is made of; `counts` the interval's histogram window.
 */
export function jsonInterval(stat: ReportStats, atUnixMs: number, counts: ArrayLike<number>): object {
  const s = stat.timeInterval;
  const queries = stat.reads + stat.writes + stat.other;
  return {
    time_s: stat.timeTotal,
    interval_s: s,
    at_unix_ms: atUnixMs,
    threads: stat.threadsRunning,
    rates_per_s: {
      events: perSec(stat.events, s),
      queries: perSec(queries, s),
      reads: perSec(stat.reads, s),
      writes: perSec(stat.writes, s),
      other: perSec(stat.other, s),
      ignored_errors: perSec(stat.errors, s),
      reconnects: perSec(stat.reconnects, s),
    },
    latency_pct_ms: round(stat.latencyPct * 1000, 2),
    queue_length: stat.queueLength,
    concurrency: stat.concurrency,
    counters: {
      events: stat.events, reads: stat.reads, writes: stat.writes, other: stat.other,
      ignored_errors: stat.errors, reconnects: stat.reconnects,
    },
    histogram: sparseHistogram(counts),
  };
}

export function buildJsonReport(r: JsonReportInput): object {
  const c = r.counters;
  const seconds = r.totalS;
  const queries = c.reads + c.writes + c.other;
  const lat = latencyFromTimers([r.timer]);
  const f = computeFairness(r.fairness.threadEvents, r.fairness.threadTime, lat.latencySum);
  let recorded = 0;
  for (let i = 0; i < HIST_SIZE; i++) recorded += r.histogram[i]!;
  const pct: Record<string, number> = {};
  for (const p of PERCENTILES) pct[`p${p}`] = recorded > 0 ? round(percentile(r.histogram, p), 3) : 0;
  const split = r.split ? splitFigures(r.split) : null;
  return {
    schema: JSON_REPORT_SCHEMA,
    ...r.meta,
    db_used: r.dbUsed,
    time: {
      total_s: round(seconds, 4),
      start_unix_ms: r.startUnixMs,
      end_unix_ms: r.startUnixMs + seconds * 1000,
    },
    counters: {
      events: c.events,
      transactions: c.events,
      queries,
      reads: c.reads,
      writes: c.writes,
      other: c.other,
      ignored_errors: c.errors,
      reconnects: c.reconnects,
      ...(r.dropped !== null ? { dropped_events: r.dropped } : {}),
    },
    rates_per_s: {
      events: perSec(c.events, seconds),
      queries: perSec(queries, seconds),
      ignored_errors: perSec(c.errors, seconds),
      reconnects: perSec(c.reconnects, seconds),
    },
    latency_ms: {
      min: round(lat.latencyMin * 1000, 3),
      avg: round(lat.latencyAvg * 1000, 3),
      max: round(lat.latencyMax * 1000, 3),
      sum: round(lat.latencySum * 1000, 3),
      ...pct,
    },
    // --rate: latency = lag (queued to started) + service (started to ended), event by event
    ...(split ? { lag_ms: splitJson(split.lag), service_ms: splitJson(split.service) } : {}),
    threads_fairness: {
      events_avg: round(f.eventsAvg, 4),
      events_stddev: round(f.eventsStddev, 4),
      execution_time_avg_s: round(f.timeAvg, 4),
      execution_time_stddev_s: round(f.timeStddev, 4),
      events_per_thread: Array.from(r.fairness.threadEvents),
    },
    // unrounded figures: what `sysbench-ts merge` recomputes the text report from
    exact: {
      total_s: seconds,
      latency_ns: { min: timerMinNs(r.timer), max: r.timer.maxNs, sum: r.timer.sumNs },
      execution_time_per_thread_s: Array.from(r.fairness.threadTime),
      ...(split ? { lag_ms_sum: split.lag.sum, service_ms_sum: split.service.sum } : {}),
    },
    histogram: {
      // sysbench's latency histogram: bucket i holds events of about value(i) ms
      scale: { buckets: HIST_SIZE, min_ms: HIST_MIN_MS, max_ms: HIST_MAX_MS, spacing: 'logarithmic' },
      events: recorded,
      buckets: sparseHistogram(r.histogram).map(([i, n]) => ({ index: i, value_ms: round(bucketValue(i), 6), count: n })),
    },
    intervals: r.intervals,
  };
}
