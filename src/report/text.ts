/**
 * sysbench 1.0.20's human-readable reports, as pure functions.
 *
 * Two kinds of output:
 *   - timestamped lines (log_timestamp: intermediate reports, the checkpoint
 *     header) are returned as ready-to-write strings ending in "\n"; they are
 *     never de-duplicated;
 *   - cumulative report blocks (log_text) are returned as LogMessages, one
 *     element per log_text() call; write them with renderMessages() (through
 *     the process-wide LogTextFilter to reproduce sysbench exactly).
 *
 * All stats are in sb_stat_t units (seconds); see types.ts.
 */

import { fmtFixed, fmtInt } from '../format/printf.js';
import type { LogTextFilter } from '../format/logtext.js';
import type { FairnessInput, LogMessages, ReportOptions, ReportStats, ThreadTimerSummary } from './types.js';
import { computeFairness } from '../stats/counters.js';
import { formatHistogram } from '../stats/histogram.js';

const f2 = (x: number): string => fmtFixed(x, 2, { width: 4 }); // "%4.2f"
const sec2ms = (s: number): number => s * 1000; // SEC2MS

/** "[ %.0fs ] " prefix of log_timestamp(). */
export function formatTimestamp(seconds: number): string {
  return `[ ${fmtFixed(seconds, 0)}s ] `;
}

/** A timestamped line, as log_timestamp() prints it. */
export function timestampLine(seconds: number, text: string): string {
  return formatTimestamp(seconds) + text + '\n';
}

/** "--percentile" as sysbench prints it in "(ms,%u%%)". */
function pctLabel(percentile: number): string {
  return fmtInt(percentile);
}

/**
 * Intermediate report of scripts with a DB connection (db_report_intermediate):
 *   [ 1s ] thds: 4 tps: ... qps: ... (r/w/o: .../.../...) lat (ms,95%): ... err/s: ... reconn/s: ...
 * plus, with --rate, "[ 1s ] queue length: 0, concurrency: 0".
 */
export function formatIntermediate(stats: ReportStats, opts: ReportOptions): string {
  const s = stats.timeInterval;
  let out = timestampLine(
    stats.timeTotal,
    `thds: ${fmtInt(stats.threadsRunning)} tps: ${f2(stats.events / s)} ` +
      `qps: ${f2((stats.reads + stats.writes + stats.other) / s)} ` +
      `(r/w/o: ${f2(stats.reads / s)}/${f2(stats.writes / s)}/${f2(stats.other / s)}) ` +
      `lat (ms,${pctLabel(opts.percentile)}%): ${f2(sec2ms(stats.latencyPct))} ` +
      `err/s: ${f2(stats.errors / s)} reconn/s: ${f2(stats.reconnects / s)}`,
  );
  if (opts.rate) {
    out += timestampLine(
      stats.timeTotal,
      `queue length: ${fmtInt(stats.queueLength)}, concurrency: ${fmtInt(stats.concurrency)}`,
    );
  }
  return out;
}

/**
 * Default intermediate report (sb_report_intermediate): built-in tests
 * without their own (cpu, threads, mutex) and scripts without a DB
 * connection:
 *   [ 1s ] thds: 1 eps: 2554.73 lat (ms,95%): 0.38
 * plus, with --rate, "[ 1s ] queue length: 0 concurrency: 0" (no comma).
 */
export function formatIntermediateDefault(stats: ReportStats, opts: ReportOptions): string {
  let out = timestampLine(
    stats.timeTotal,
    `thds: ${fmtInt(stats.threadsRunning)} eps: ${f2(stats.events / stats.timeInterval)} ` +
      `lat (ms,${pctLabel(opts.percentile)}%): ${f2(sec2ms(stats.latencyPct))}`,
  );
  if (opts.rate) {
    out += timestampLine(
      stats.timeTotal,
      `queue length: ${fmtInt(stats.queueLength)} concurrency: ${fmtInt(stats.concurrency)}`,
    );
  }
  return out;
}

/**
 * Header of a --report-checkpoints report, "[ 1s ] Checkpoint report:"
 * (timestamp = time since start when the checkpoint fires). It is followed by
 * the test's full cumulative report, computed over the counters since the
 * previous checkpoint, after which counters, timers and the histogram's
 * cumulative part are reset.
 */
export function formatCheckpointHeader(timeTotal: number): string {
  return timestampLine(timeTotal, 'Checkpoint report:');
}

/** "SQL statistics:" block of db_report_cumulative (no trailing blank line). */
export function formatSqlStatistics(stats: ReportStats): LogMessages {
  const s = stats.timeInterval;
  const queries = stats.reads + stats.writes + stats.other;
  const rate = (n: number): string => `${fmtInt(n, 6, true)} (${fmtFixed(n / s, 2)} per sec.)`;
  return [
    'SQL statistics:',
    '    queries performed:',
    `        read:                            ${fmtInt(stats.reads)}`,
    `        write:                           ${fmtInt(stats.writes)}`,
    `        other:                           ${fmtInt(stats.other)}`,
    `        total:                           ${fmtInt(queries)}`,
    `    transactions:                        ${rate(stats.events)}`,
    `    queries:                             ${rate(queries)}`,
    `    ignored errors:                      ${rate(stats.errors)}`,
    `    reconnects:                          ${rate(stats.reconnects)}`,
  ];
}

/** min/avg/max/sum of a timer, seconds (for the --debug blocks). */
export interface TimerStatsSec {
  min: number;
  avg: number;
  max: number;
  sum: number;
}

/**
 * Extra block db_report_cumulative prints with --db-debug, right after
 * "SQL statistics:" (debug priority: printed only at --verbosity=5).
 */
export function formatSqlDebugStatistics(exec: TimerStatsSec, fetch: TimerStatsSec): LogMessages {
  const block = (t: TimerStatsSec): string[] => [
    `DEBUG:     min:                                ${fmtFixed(t.min, 4)}s`,
    `DEBUG:     avg:                                ${fmtFixed(t.avg, 4)}s`,
    `DEBUG:     max:                                ${fmtFixed(t.max, 4)}s`,
    `DEBUG:   total:                                ${fmtFixed(t.sum, 4)}s`,
  ];
  return [
    'DEBUG: ',
    'DEBUG: Query execution statistics:',
    ...block(exec),
    'DEBUG: Results fetching statistics:',
    ...block(fetch),
  ];
}

/** Options of the general statistics block. */
export interface GeneralOptions {
  /**
   * On forced shutdown (--time limit expired and threads did not stop in
   * time): number of events still running; a positive value adds
   * "Number of unfinished transactions on forced shutdown: N".
   */
  unfinished?: number;
}

/**
 * Start of sb_report_cumulative: (forced-shutdown notice,) blank line,
 * "General statistics:", total time, total number of events, blank line.
 */
export function formatGeneralStatistics(stats: ReportStats, opts: GeneralOptions = {}): LogMessages {
  const msgs: LogMessages = [];
  if (opts.unfinished !== undefined && opts.unfinished > 0) {
    msgs.push('', `Number of unfinished transactions on forced shutdown: ${fmtInt(opts.unfinished)}`);
  }
  msgs.push(
    '',
    'General statistics:',
    `    total time:                          ${fmtFixed(stats.timeTotal, 4)}s`,
    `    total number of events:              ${fmtInt(stats.events)}`,
    '',
  );
  return msgs;
}

/**
 * Heading of the percentile line: "%3dth percentile:" (sysbench always says
 * "th": "  1th", " 95th", "100th"), or the "percentile stats: disabled" line
 * when --percentile=0.
 */
export function formatPercentileLine(percentile: number, latencyPctSec: number): string {
  if (percentile > 0) {
    return `        ${fmtInt(percentile, 3)}th percentile: ${fmtFixed(sec2ms(latencyPctSec), 2, { width: 27 })}`;
  }
  return '         percentile stats:               disabled';
}

/** "Latency (ms):" block of sb_report_cumulative, with its trailing blank line. */
export function formatLatency(stats: ReportStats, opts: Pick<ReportOptions, 'percentile'>): LogMessages {
  const v = (s: number): string => fmtFixed(sec2ms(s), 2, { width: 39 });
  return [
    'Latency (ms):',
    `         min: ${v(stats.latencyMin)}`,
    `         avg: ${v(stats.latencyAvg)}`,
    `         max: ${v(stats.latencyMax)}`,
    formatPercentileLine(opts.percentile, stats.latencyPct),
    `         sum: ${v(stats.latencySum)}`,
    '',
  ];
}

/**
 * "Threads fairness:" block with its trailing blank line. Averages are over
 * the configured thread count (fairness.threadEvents.length); the time
 * average is stats.latencySum / threads.
 */
export function formatFairness(stats: ReportStats, fairness: FairnessInput): LogMessages {
  const f = computeFairness(fairness.threadEvents, fairness.threadTime, stats.latencySum);
  return [
    'Threads fairness:',
    `    events (avg/stddev):           ${fmtFixed(f.eventsAvg, 4)}/${fmtFixed(f.eventsStddev, 2, { width: 3 })}`,
    `    execution time (avg/stddev):   ${fmtFixed(f.timeAvg, 4)}/${fmtFixed(f.timeStddev, 2, { width: 3 })}`,
    '',
  ];
}

/**
 * Per-thread block sb_report_cumulative adds with --debug (debug priority
 * lines, then a normal blank line).
 */
export function formatThreadsDebug(threads: readonly ThreadTimerSummary[]): LogMessages {
  const msgs: LogMessages = ['DEBUG: Verbose per-thread statistics:\n'];
  threads.forEach((t, i) => {
    msgs.push(
      `DEBUG:     thread #${fmtInt(i, 3)}: min: ${fmtFixed(t.min, 4)}s  avg: ${fmtFixed(t.avg, 4)}s  ` +
        `max: ${fmtFixed(t.max, 4)}s  events: ${fmtInt(t.events)}`,
      `DEBUG:                  total time taken by event execution: ${fmtFixed(t.sum, 4)}s`,
    );
  });
  msgs.push('');
  return msgs;
}

/** Inputs of a whole cumulative report besides the stats. */
export interface CumulativeOptions extends GeneralOptions {
  percentile: number;
  fairness: FairnessInput;
  /** --debug: per-thread timer summaries (omit otherwise) */
  threadsDebug?: readonly ThreadTimerSummary[];
}

/**
 * sb_report_cumulative: general statistics, latency, fairness (and the
 * --debug per-thread block). Built-in tests print their own section first
 * (see builtin.ts); DB scripts print formatSqlStatistics first.
 */
export function formatCumulative(stats: ReportStats, opts: CumulativeOptions): LogMessages {
  return [
    ...formatGeneralStatistics(stats, opts),
    ...formatLatency(stats, opts),
    ...formatFairness(stats, opts.fairness),
    ...(opts.threadsDebug ? formatThreadsDebug(opts.threadsDebug) : []),
  ];
}

/** db_report_cumulative: SQL statistics (+ --db-debug block) then sb_report_cumulative. */
export function formatDbCumulative(
  stats: ReportStats,
  opts: CumulativeOptions & { sqlDebug?: { exec: TimerStatsSec; fetch: TimerStatsSec } },
): LogMessages {
  return [
    ...formatSqlStatistics(stats),
    ...(opts.sqlDebug ? formatSqlDebugStatistics(opts.sqlDebug.exec, opts.sqlDebug.fetch) : []),
    ...formatCumulative(stats, opts),
  ];
}

/** Title message printed (log_text) before the --histogram table. */
export const HISTOGRAM_TITLE = 'Latency histogram (values are in milliseconds)';
/** Message printed (log_text) after the --histogram table: a single space. */
export const HISTOGRAM_TRAILER = ' ';

/**
 * The whole --histogram section printed before the final report: title,
 * table (printf, bypasses the duplicate filter; empty if no events), and the
 * " " line. `counts` are the latency histogram's cumulative counts (since the
 * last checkpoint; see HistogramWindows.printCounts).
 */
export function formatHistogramSection(counts: ArrayLike<number>, filter?: LogTextFilter): string {
  const text = (m: string): string => (filter ? filter.text(m) : m + '\n');
  return text(HISTOGRAM_TITLE) + formatHistogram(counts) + text(HISTOGRAM_TRAILER);
}
