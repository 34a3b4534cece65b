// Decides what sysbench prints during and after a run, from the run's readings.
// Lua report hooks replace the default reports, as in sysbench.
import { performance } from 'node:perf_hooks';
import type { Writer } from '../output.js';
import { CounterWindows, latencyFromTimers, mergeTimers, msToSec, nsToSec, timerAvgNs, timerMinNs, type TimerTotals } from '../stats/counters.js';
import { HistogramWindows } from '../stats/histogram.js';
import type { RunReadings } from '../stats/run-readings.js';
import { LogTextFilter } from '../format/logtext.js';
import { formatDbCumulative, formatCumulative, formatHistogramSection, formatIntermediate, formatIntermediateDefault } from './text.js';
import { emptyReportStats, type LogMessages, type ReportStats, type ThreadTimerSummary } from './types.js';
import { buildJsonReport, jsonInterval, jsonIntervalSplit } from './json-report.js';
import { formatLagBlock } from './lag-block.js';
import { splitWindow, type SplitReadings } from '../stats/latency-split.js';

export interface ReportHooks {
  /** calls sysbench.hooks.report_intermediate if the script defines it; true when it did */
  intermediate(stat: ReportStats): boolean;
  /** calls sysbench.hooks.report_cumulative if the script defines it; true when it did */
  cumulative(stat: ReportStats, final: boolean): boolean;
}

/** A built-in test's own report section, printed before the general statistics. */
export type TestSection = (stat: ReportStats) => LogMessages;

export interface ReporterOptions {
  out: Writer;
  filter: LogTextFilter;
  /** the text --verbosity lets through: reports are NOTICE level */
  quiet: boolean;
  percentile: number;
  rate: boolean;
  histogram: boolean;
  hooks: ReportHooks;
  /** whether a DB driver was used (sysbench then reports SQL statistics) */
  dbUsed: () => boolean;
  testSection?: TestSection;
  /** --rate-latency-limit is on: the final report says how many events were dropped */
  reportDropped?: boolean;
  /** --json-report: where the final result goes as JSON ('-': stdout), and what to record about the run */
  json?: { write: (text: string) => void; meta: Record<string, unknown> };
  /** --report-lag (with --rate): the final report ends with the schedule lag / service time block */
  reportLag?: boolean;
  /** --debug: cumulative reports end with the per-thread statistics */
  debug?: boolean;
  /** --db-debug: SQL statistics add the query execution and fetching figures (debug lines) */
  dbDebug?: boolean;
  /** the logger's verbosity now (debug lines show at 5; --mysql-debug raises it during the run) */
  verbosity?: () => number;
}

/** The figures of sysbench's --db-debug timers: 1.0.20 never starts them, so they stay zero. */
const DB_DEBUG_TIMER = { min: 0, avg: 0, max: 0, sum: 0 };

function threadSummary(t: TimerTotals): ThreadTimerSummary {
  return {
    min: nsToSec(timerMinNs(t)),
    avg: nsToSec(timerAvgNs(t)),
    max: nsToSec(t.maxNs),
    events: t.events,
    sum: nsToSec(t.sumNs),
  };
}

export class RunReporter {

  private readonly counters = new CounterWindows();
  private readonly hist = new HistogramWindows();
  private start = 0;
  private lastIntermediate = 0;
  private lastCumulative = 0;
  private readings: RunReadings | null = null;
  /** --json-report: the intervals so far */
  private readonly jsonIntervals: object[] = [];
  /** --json-report with --rate: the lag/service reading at the last interval */
  private lastSplit: SplitReadings | null = null;

  constructor(private readonly o: ReporterOptions) {}

  begin(readings: RunReadings, startMs: number): void {
    this.readings = readings;
    this.start = this.lastIntermediate = this.lastCumulative = startMs;
    // the first interval line is printed on time: its code runs once now, output discarded
    const opts = { percentile: this.o.percentile, rate: this.o.rate };
    formatIntermediate(emptyReportStats(), opts);
    formatIntermediateDefault(emptyReportStats(), opts);
  }

  private print(text: string): void {
    if (!this.o.quiet && text) this.o.out(text);
  }

  intermediate(nowMs: number): void {
    const c = this.readings!;
    const d = this.counters.intermediate(c.counters());
    const stat: ReportStats = {
      ...emptyReportStats(),
      ...d,
      threadsRunning: c.threadsRunning(),
      timeInterval: (nowMs - this.lastIntermediate) / 1000,
      timeTotal: (nowMs - this.start) / 1000,
      latencyPct: this.o.percentile > 0 ? msToSec(this.hist.intermediate(c.histogram(), this.o.percentile)) : 0,
    };
    if (this.o.rate) {
      const q = c.queue();
      stat.queueLength = q.length;
      stat.concurrency = q.concurrency;
    }
    this.lastIntermediate = nowMs;
    if (this.o.json) {
      const record = jsonInterval(stat, performance.timeOrigin + nowMs, this.hist.windowCounts);
      const split = this.o.rate ? c.split?.() ?? null : null;
      if (split) {
        Object.assign(record, jsonIntervalSplit(splitWindow(split, this.lastSplit)));
        this.lastSplit = split;
      }
      this.jsonIntervals.push(record);
    }
    if (this.o.hooks.intermediate(stat)) return;
    const opts = { percentile: this.o.percentile, rate: this.o.rate };
    this.print(this.o.dbUsed() ? formatIntermediate(stat, opts) : formatIntermediateDefault(stat, opts));
  }

  /** A cumulative report (checkpoints and the final one); resets the cumulative windows. */
  cumulative(nowMs: number, final: boolean, forced = false): void {
    const c = this.readings!;
    if (final && this.o.histogram) {
      this.print(formatHistogramSection(this.hist.printCounts(c.histogram()), this.o.filter));
    }
    // the JSON report covers the whole run, whatever checkpoints reset
    const wholeRun = final && this.o.json ? Float64Array.from(c.histogram()) : null;
    const split = final && this.o.rate && (this.o.json || this.o.reportLag) ? c.split?.() ?? null : null;
    const d = this.counters.cumulative(c.counters());
    const timers = c.timers(true);
    const stat: ReportStats = {
      ...emptyReportStats(),
      ...d,
      ...latencyFromTimers(timers),
      threadsRunning: c.threadsRunning(),
      timeInterval: (nowMs - this.lastCumulative) / 1000,
      timeTotal: (nowMs - this.start) / 1000,
      latencyPct: this.o.percentile > 0 ? msToSec(this.hist.checkpoint(c.histogram(), this.o.percentile)) : 0,
    };
    this.lastCumulative = nowMs;
    const fairness = { threadEvents: timers.map((t) => t.events), threadTime: timers.map((t) => nsToSec(t.sumNs)) };
    const json = this.o.json;
    // written after the text report, so that '-' (stdout) puts it last
    const writeJson = (): void => {
      if (!wholeRun || !json) return;
      const doc = buildJsonReport({
        meta: json.meta, dbUsed: this.o.dbUsed(), startUnixMs: performance.timeOrigin + this.start, totalS: stat.timeTotal,
        counters: c.counters(), timer: mergeTimers(timers), fairness, histogram: wholeRun,
        dropped: this.o.reportDropped ? c.dropped() : null, intervals: this.jsonIntervals, split,
      });
      json.write(JSON.stringify(doc, null, 2) + '\n');
    };
    if (this.o.hooks.cumulative(stat, final)) return writeJson();
    const debugShown = (this.o.verbosity?.() ?? 0) >= 5;
    const opts = {
      percentile: this.o.percentile,
      fairness,
      unfinished: forced ? c.unfinished() : undefined,
      threadsDebug: this.o.debug && debugShown ? timers.map(threadSummary) : undefined,
      sqlDebug: this.o.dbDebug && debugShown ? { exec: DB_DEBUG_TIMER, fetch: DB_DEBUG_TIMER } : undefined,
    };
    const msgs = this.o.dbUsed()
      ? formatDbCumulative(stat, opts)
      : [...(this.o.testSection ? this.o.testSection(stat) : []), ...formatCumulative(stat, opts)];
    if (final && this.o.reportDropped) {
      msgs.push(`Events dropped by --rate-latency-limit: ${c.dropped()}`, '');
    }
    if (split && this.o.reportLag) msgs.push(...formatLagBlock(split, this.o.percentile, c.generatorLate?.() ?? null));
    if (!this.o.quiet) this.o.out(this.o.filter.messages(msgs));
    writeJson();
  }
}
