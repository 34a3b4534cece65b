// The merge of several runs into the report one process running all their threads would
// have made. Pure: RunReports in, a RunReport out (so that the result prints, plots and
// merges again like any report).
//   - counters, threads, --rate, dropped events: summed;
//   - time: from the earliest start to the latest end (wall clock), which is what one process
//     that started all threads together would have measured; rates are over that window;
//   - latency min / max / sum: of all threads' timers; percentiles: from the bucket-by-bucket
//     sum of the histograms (exact, since every run uses the same buckets);
//   - fairness: over all threads of all runs;
//   - intervals: grouped by wall-clock time (interval k of the merged run collects every run's
//     interval that ends nearest to start + k x --report-interval), then summed like the run.
// A merge of one report gives that report's figures back unchanged (no arithmetic touches them).
import { addInto } from '../stats/histogram.js';
import { sumCounters } from '../stats/counters.js';
import { checkMergeable } from './compat.js';
import type { IntervalRecord, RunReport } from './report-file.js';
import { crypto } from '../lazy-node-modules.js';

/** Shards by index; reports without a shard after them, in the order given (the sort is stable). */
function shardOrder(a: RunReport, b: RunReport): number {
  return (a.shard?.index ?? Number.MAX_SAFE_INTEGER) - (b.shard?.index ?? Number.MAX_SAFE_INTEGER);
}

/** Intervals of all runs aligned by wall-clock time and summed. */
export function mergeIntervals(reports: readonly RunReport[], startUnixMs: number, size: number): IntervalRecord[] {
  const interval = reports[0]!.reportInterval;
  if (interval <= 0) return [];
  const groups = new Map<number, { offsetS: number; rec: IntervalRecord }[]>();
  for (const r of reports) {
    const offsetS = (r.startUnixMs - startUnixMs) / 1000;
    for (const rec of r.intervals) {
      const k = Math.round((offsetS + rec.timeS) / interval);
      let g = groups.get(k);
      if (!g) groups.set(k, (g = []));
      g.push({ offsetS, rec });
    }
  }
  return [...groups.keys()].sort((a, b) => a - b).map((k) => {
    const g = groups.get(k)!;
    const histogram = new Float64Array(size);
    for (const { rec } of g) addInto(histogram, rec.histogram);
    let intervalS = 0;
    for (const { rec } of g) intervalS += rec.intervalS;
    return {
      timeS: Math.max(...g.map(({ offsetS, rec }) => offsetS + rec.timeS)),
      intervalS: intervalS / g.length,
      atUnixMs: Math.max(...g.map(({ rec }) => rec.atUnixMs)),
      threads: g.reduce((n, { rec }) => n + rec.threads, 0),
      counters: sumCounters(g.map(({ rec }) => rec.counters)),
      queueLength: g.reduce((n, { rec }) => n + rec.queueLength, 0),
      concurrency: g.reduce((n, { rec }) => n + rec.concurrency, 0),
      histogram,
    };
  });
}

/** Merges reports (after checkMergeable); throws MergeError when they cannot be merged. */
export function mergeReports(input: readonly RunReport[]): RunReport {
  checkMergeable(input);
  const reports = [...input].sort(shardOrder);
  const first = reports[0]!;
  const startUnixMs = Math.min(...reports.map((r) => r.startUnixMs));
  const size = first.layout.buckets;
  const histogram = new Float64Array(size);
  for (const r of reports) addInto(histogram, r.histogram);
  const timed = reports.filter((r) => r.threadEvents.some((n) => n > 0));
  const droppedAll = reports.filter((r) => r.dropped !== null);
  return {
    file: reports.length === 1 ? first.file : `merge of ${reports.length} reports`,
    runId: reports.length === 1 ? first.runId : crypto().randomUUID(),
    test: first.test,
    testKind: first.testKind,
    dbUsed: first.dbUsed,
    argv: first.argv,
    shard: reports.length === 1 ? first.shard : null,
    threads: reports.reduce((n, r) => n + r.threads, 0),
    percentile: first.percentile,
    rate: reports.reduce((n, r) => n + r.rate, 0),
    reportInterval: first.reportInterval,
    checkpoints: [],
    histogramOn: first.histogramOn,
    startUnixMs,
    // the earliest run contributes 0 + its own time, so one report keeps its exact time
    totalS: Math.max(...reports.map((r) => (r.startUnixMs - startUnixMs) / 1000 + r.totalS)),
    counters: sumCounters(reports.map((r) => r.counters)),
    dropped: droppedAll.length > 0 ? droppedAll.reduce((n, r) => n + r.dropped!, 0) : null,
    latencyNs: {
      min: timed.length > 0 ? Math.min(...timed.map((r) => r.latencyNs.min)) : 0,
      max: Math.max(...reports.map((r) => r.latencyNs.max)),
      sum: reports.reduce((n, r) => n + r.latencyNs.sum, 0),
    },
    threadEvents: reports.flatMap((r) => r.threadEvents),
    threadTimeS: reports.flatMap((r) => r.threadTimeS),
    layout: first.layout,
    histogram,
    intervals: reports.length === 1 ? first.intervals : mergeIntervals(reports, startUnixMs, size),
  };
}
