// --json-report (our extension): the complete final result of a run as one JSON document,
// with the raw latency histogram so that several runs can be merged exactly later.
import { HIST_MAX_MS, HIST_MIN_MS, HIST_SIZE, bucketValue, percentile } from '../stats/histogram.js';
import { computeFairness } from '../stats/counters.js';
import type { FairnessInput, ReportStats } from './types.js';

export const JSON_REPORT_SCHEMA = 'sysbench-ts/final-report/v1';
const PERCENTILES = [50, 90, 95, 99, 99.9];

export interface JsonReportInput {
  /** test name, command line, options worth recording */
  meta: Record<string, unknown>;
  stats: ReportStats;
  fairness: FairnessInput;
  /** latency histogram counts of the whole run (HIST_SIZE buckets) */
  histogram: ArrayLike<number>;
  /** events dropped by --rate-latency-limit (null when not in use) */
  dropped: number | null;
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));

export function buildJsonReport(r: JsonReportInput): object {
  const s = r.stats;
  const seconds = s.timeTotal;
  const queries = s.reads + s.writes + s.other;
  const f = computeFairness(r.fairness.threadEvents, r.fairness.threadTime, s.latencySum);
  const buckets: [number, number][] = [];
  let recorded = 0;
  for (let i = 0; i < HIST_SIZE; i++) {
    const c = r.histogram[i];
    if (c > 0) {
      buckets.push([i, c]);
      recorded += c;
    }
  }
  const pct: Record<string, number> = {};
  for (const p of PERCENTILES) pct[`p${p}`] = recorded > 0 ? round(percentile(r.histogram, p), 3) : 0;
  return {
    schema: JSON_REPORT_SCHEMA,
    ...r.meta,
    time: { total_s: round(seconds, 4) },
    counters: {
      events: s.events,
      transactions: s.events,
      queries,
      reads: s.reads,
      writes: s.writes,
      other: s.other,
      ignored_errors: s.errors,
      reconnects: s.reconnects,
      ...(r.dropped !== null ? { dropped_events: r.dropped } : {}),
    },
    rates_per_s: {
      events: seconds > 0 ? round(s.events / seconds, 2) : 0,
      queries: seconds > 0 ? round(queries / seconds, 2) : 0,
      ignored_errors: seconds > 0 ? round(s.errors / seconds, 2) : 0,
      reconnects: seconds > 0 ? round(s.reconnects / seconds, 2) : 0,
    },
    latency_ms: {
      min: round(s.latencyMin * 1000, 3),
      avg: round(s.latencyAvg * 1000, 3),
      max: round(s.latencyMax * 1000, 3),
      sum: round(s.latencySum * 1000, 3),
      ...pct,
    },
    threads_fairness: {
      events_avg: round(f.eventsAvg, 4),
      events_stddev: round(f.eventsStddev, 4),
      execution_time_avg_s: round(f.timeAvg, 4),
      execution_time_stddev_s: round(f.timeStddev, 4),
      events_per_thread: Array.from(r.fairness.threadEvents),
    },
    histogram: {
      // sysbench's latency histogram: bucket i holds events of about value(i) ms
      scale: { buckets: HIST_SIZE, min_ms: HIST_MIN_MS, max_ms: HIST_MAX_MS, spacing: 'logarithmic' },
      events: recorded,
      buckets: buckets.map(([i, c]) => ({ index: i, value_ms: round(bucketValue(i), 6), count: c })),
    },
  };
}
