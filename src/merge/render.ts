// A (merged) run as sysbench's text report and as a --json-report document, through the
// same formatters and builder the sysbench command uses.
import { latencyFromTimers, msToSec, nsToSec, type TimerTotals } from '../stats/counters.js';
import { LATENCY_SCALE, HistogramScale } from '../stats/histogram.js';
import { LogTextFilter } from '../format/logtext.js';
import { formatCpuStatistics } from '../report/builtin.js';
import {
  formatCumulative, formatDbCumulative, formatHistogramSection, formatIntermediate, formatIntermediateDefault,
} from '../report/text.js';
import { emptyReportStats, type LogMessages, type ReportStats } from '../report/types.js';
import { buildJsonReport, jsonInterval } from '../report/json-report.js';
import type { IntervalRecord, RunReport } from './report-file.js';

export interface RenderOptions {
  /** the percentile of the report (0: disabled, as --percentile=0) */
  percentile: number;
  /** print the --histogram table before the final report */
  histogram: boolean;
}

function scaleOf(r: RunReport): HistogramScale {
  const l = r.layout;
  if (l.buckets === LATENCY_SCALE.size && l.min_ms === LATENCY_SCALE.rangeMin && l.max_ms === LATENCY_SCALE.rangeMax) return LATENCY_SCALE;
  return new HistogramScale(l.buckets, l.min_ms, l.max_ms);
}

/** The merged timers of the run, as sb_timer_merge would give them. */
export function runTimer(r: RunReport): TimerTotals {
  const events = r.threadEvents.reduce((n, x) => n + x, 0);
  return { events, sumNs: r.latencyNs.sum, minNs: events > 0 ? r.latencyNs.min : Infinity, maxNs: r.latencyNs.max };
}

/** The ReportStats of an interval's text line. */
export function intervalStats(rec: IntervalRecord, percentileValue: number, scale: HistogramScale = LATENCY_SCALE): ReportStats {
  return {
    ...emptyReportStats(),
    ...rec.counters,
    threadsRunning: rec.threads,
    timeInterval: rec.intervalS,
    timeTotal: rec.timeS,
    latencyPct: percentileValue > 0 ? msToSec(scale.percentile(rec.histogram, percentileValue)) : 0,
    queueLength: rec.queueLength,
    concurrency: rec.concurrency,
  };
}

/** The ReportStats of the final report. */
export function finalStats(r: RunReport, percentileValue: number): ReportStats {
  return {
    ...emptyReportStats(),
    ...r.counters,
    ...latencyFromTimers([runTimer(r)]),
    threadsRunning: 0,
    timeInterval: r.totalS,
    timeTotal: r.totalS,
    latencyPct: percentileValue > 0 ? msToSec(scaleOf(r).percentile(r.histogram, percentileValue)) : 0,
  };
}

/** The intermediate lines and the final report, in sysbench's layout. */
export function renderText(r: RunReport, o: RenderOptions): string {
  const scale = scaleOf(r);
  const opts = { percentile: o.percentile, rate: r.rate > 0 };
  let out = '';
  for (const rec of r.intervals) {
    const stat = intervalStats(rec, o.percentile, scale);
    out += r.dbUsed ? formatIntermediate(stat, opts) : formatIntermediateDefault(stat, opts);
  }
  const filter = new LogTextFilter();
  if (o.histogram) out += formatHistogramSection(r.histogram, filter);
  const stat = finalStats(r, o.percentile);
  const cumulative = { percentile: o.percentile, fairness: { threadEvents: r.threadEvents, threadTime: r.threadTimeS } };
  const msgs: LogMessages = r.dbUsed
    ? formatDbCumulative(stat, cumulative)
    : [...(r.testKind === 'builtin' && r.test === 'cpu' ? formatCpuStatistics(stat) : []), ...formatCumulative(stat, cumulative)];
  if (r.dropped !== null) msgs.push(`Events dropped by --rate-latency-limit: ${r.dropped}`, '');
  return out + filter.messages(msgs);
}

/** The run as a --json-report document (a merged run lists its sources). */
export function renderJson(r: RunReport, sources: readonly RunReport[]): object {
  const scale = scaleOf(r);
  return buildJsonReport({
    meta: {
      tool: 'sysbench-ts',
      sysbench_version: '1.0.20',
      test: r.test,
      test_kind: r.testKind,
      argv: r.argv,
      started_at: new Date(r.startUnixMs).toISOString(),
      run_id: r.runId,
      ...(r.shard ? { shard: r.shard } : {}),
      options: {
        threads: r.threads, rate: r.rate, percentile: r.percentile, report_interval_s: r.reportInterval,
        report_checkpoints_s: r.checkpoints, histogram: r.histogramOn,
      },
      merged_from: sources.map((s) => ({ file: s.file, run_id: s.runId, ...(s.shard ? { shard: s.shard } : {}) })),
    },
    dbUsed: r.dbUsed,
    startUnixMs: r.startUnixMs,
    totalS: r.totalS,
    counters: r.counters,
    timer: runTimer(r),
    fairness: { threadEvents: r.threadEvents, threadTime: r.threadTimeS },
    histogram: r.histogram,
    dropped: r.dropped,
    intervals: r.intervals.map((rec) => jsonInterval(intervalStats(rec, r.percentile, scale), rec.atUnixMs, rec.histogram)),
  });
}
