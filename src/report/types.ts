/**
 * Report snapshot types.
 *
 * ReportStats mirrors sysbench's sb_stat_t field for field, in the same units
 * (times and latencies in SECONDS, as doubles), because:
 *   - sysbench formats latencies as SEC2MS(x) = x * 1000 of a value that went
 *     through NS2SEC (ns / 1e9) or MS2SEC (ms / 1000); keeping seconds and
 *     multiplying at print time rounds exactly like sysbench does;
 *   - the same object is what Lua report hooks receive (stat.latency_pct is
 *     in seconds there; report_csv/report_json multiply by 1000).
 * Use nsToSec / msToSec from ../stats/counters.js to fill it.
 */

export interface ReportStats {
  /** number of worker threads still running */
  threadsRunning: number;
  /** seconds since the previous report of the same kind */
  timeInterval: number;
  /** seconds since the benchmark started */
  timeTotal: number;
  /** counter deltas for this report (see CounterWindows) */
  events: number;
  reads: number;
  writes: number;
  other: number;
  errors: number;
  reconnects: number;
  /** latency percentile, seconds (MS2SEC of the histogram value) */
  latencyPct: number;
  /** cumulative reports only (0 otherwise), seconds */
  latencyMin: number;
  latencyMax: number;
  latencyAvg: number;
  latencySum: number;
  /** intermediate reports with --rate only */
  queueLength: number;
  concurrency: number;
}

/** A ReportStats with every field 0, for partial construction. */
export function emptyReportStats(): ReportStats {
  return {
    threadsRunning: 0,
    timeInterval: 0,
    timeTotal: 0,
    events: 0,
    reads: 0,
    writes: 0,
    other: 0,
    errors: 0,
    reconnects: 0,
    latencyPct: 0,
    latencyMin: 0,
    latencyMax: 0,
    latencyAvg: 0,
    latencySum: 0,
    queueLength: 0,
    concurrency: 0,
  };
}

/** Global options that shape the reports. */
export interface ReportOptions {
  /** --percentile (0..100; 0 disables percentile stats) */
  percentile: number;
  /** --rate > 0: intermediate reports add the queue length / concurrency line */
  rate?: boolean;
}

/** Per-thread inputs of the "Threads fairness" block (length = --threads). */
export interface FairnessInput {
  /** events per thread since the last cumulative report (timer counts) */
  threadEvents: ArrayLike<number>;
  /** execution time per thread since the last cumulative report, seconds */
  threadTime: ArrayLike<number>;
}

/** One thread's timer summary for --debug output, seconds. */
export interface ThreadTimerSummary {
  min: number;
  avg: number;
  max: number;
  events: number;
  /** total time taken by event execution */
  sum: number;
}

/**
 * One log message: the text of one log_text() call, without its trailing
 * newline (a message may contain embedded newlines). Messages logged at
 * debug priority carry sysbench's "DEBUG: " prefix in the text.
 */
export type LogMessages = string[];
