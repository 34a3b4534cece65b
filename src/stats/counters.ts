/**
 * sysbench's event/query counters and per-thread latency timers, pure.
 *
 * Reset semantics (sysbench 1.0.20, sb_counter.c / sb_timer.c / sysbench.c):
 *   - Counters (events, reads, writes, other, errors, reconnects) only grow.
 *     An intermediate report shows the delta since the previous INTERMEDIATE
 *     report; a cumulative report (each --report-checkpoints checkpoint and
 *     the final report) shows the delta since the previous CUMULATIVE report.
 *     The two baselines are independent: a checkpoint does not disturb the
 *     intermediate deltas, and vice versa.
 *   - Per-thread timers (events, sum, min, max of event durations) are copied
 *     and reset at every cumulative report; intermediate reports do not read
 *     them. Min/max cannot be derived from differences, so whoever keeps them
 *     must reset them at checkpoints (see TimerTotals).
 *   - Time: time_total is always the time since the benchmark started;
 *     time_interval is the time since the previous report of the same kind
 *     (intermediate, or cumulative/checkpoint), taken when the report is made.
 */

/** sysbench's six SB_CNT_* counters, with sysbench's numbers (scripts pass them to ffi.C.sb_counter_inc) */
export const enum SbCounter {
  Other = 0,
  Read = 1,
  Write = 2,
  Trx = 3,
  /** SB_CNT_ERROR: a query (or reconnect) that failed; reports call them "ignored errors" */
  QueryError = 4,
  Reconnect = 5,
}

export interface CounterValues {
  events: number;
  reads: number;
  writes: number;
  other: number;
  errors: number;
  reconnects: number;
}

export const COUNTER_NAMES = ['events', 'reads', 'writes', 'other', 'errors', 'reconnects'] as const;

export function zeroCounters(): CounterValues {
  return { events: 0, reads: 0, writes: 0, other: 0, errors: 0, reconnects: 0 };
}

/** Sum of several counter sets (e.g. one per worker). */
export function sumCounters(list: readonly CounterValues[]): CounterValues {
  const r = zeroCounters();
  for (const c of list) for (const k of COUNTER_NAMES) r[k] += c[k];
  return r;
}

/**
 * Baselines for the two kinds of counter reports. Feed it the current totals
 * (summed over all threads); it answers the deltas and moves the baseline.
 */
export class CounterWindows {
  private lastIntermediate: CounterValues = zeroCounters();
  private lastCumulative: CounterValues = zeroCounters();

  /** Delta since the previous intermediate report (sb_counters_agg_intermediate). */
  intermediate(current: CounterValues): CounterValues {
    return CounterWindows.advance(current, this.lastIntermediate);
  }

  /** Delta since the previous cumulative/checkpoint report (sb_counters_agg_cumulative). */
  cumulative(current: CounterValues): CounterValues {
    return CounterWindows.advance(current, this.lastCumulative);
  }

  private static advance(current: CounterValues, last: CounterValues): CounterValues {
    const d = zeroCounters();
    for (const k of COUNTER_NAMES) {
      d[k] = current[k] - last[k];
      last[k] = current[k];
    }
    return d;
  }
}

/**
 * One thread's latency timer since the last cumulative report (sb_timer_t):
 * durations in nanoseconds. An unused timer has events = 0, sumNs = 0,
 * maxNs = 0 and minNs = +Infinity (sysbench: UINT64_MAX).
 */
export interface TimerTotals {
  events: number;
  sumNs: number;
  minNs: number;
  maxNs: number;
}

export function emptyTimer(): TimerTotals {
  return { events: 0, sumNs: 0, minNs: Infinity, maxNs: 0 };
}

/** sb_timer_merge over a list of timers. */
export function mergeTimers(list: readonly TimerTotals[]): TimerTotals {
  const t = emptyTimer();
  for (const x of list) {
    t.events += x.events;
    t.sumNs += x.sumNs;
    if (x.maxNs > t.maxNs) t.maxNs = x.maxNs;
    if (x.minNs < t.minNs) t.minNs = x.minNs;
  }
  return t;
}

/** sb_timer_min: 0 when the timer saw no events. */
export function timerMinNs(t: TimerTotals): number {
  return t.events === 0 ? 0 : t.minNs;
}

/** sb_timer_avg: integer (truncating) division of the sum by the count; 0 if none. */
export function timerAvgNs(t: TimerTotals): number {
  return t.events === 0 ? 0 : Math.floor(t.sumNs / t.events);
}

/** NS2SEC: nanoseconds to seconds, the way sysbench converts. */
export function nsToSec(ns: number | bigint): number {
  return Number(ns) / 1e9;
}

/** MS2SEC: milliseconds to seconds (a histogram percentile into sb_stat_t). */
export function msToSec(ms: number): number {
  return ms / 1000;
}

/** Latency fields of a cumulative report, in seconds, from merged timers. */
export interface LatencySummary {
  latencyMin: number;
  latencyMax: number;
  latencyAvg: number;
  latencySum: number;
}

/** report_cumulative(): aggregate latency values from per-thread timers. */
export function latencyFromTimers(threads: readonly TimerTotals[]): LatencySummary {
  const t = mergeTimers(threads);
  return {
    latencyMin: nsToSec(timerMinNs(t)),
    latencyMax: nsToSec(t.maxNs),
    latencyAvg: nsToSec(timerAvgNs(t)),
    latencySum: nsToSec(t.sumNs),
  };
}

/** Threads fairness figures (sb_report_cumulative). */
export interface FairnessValues {
  eventsAvg: number;
  eventsStddev: number;
  /** seconds */
  timeAvg: number;
  /** seconds */
  timeStddev: number;
}

/**
 * Threads fairness as sysbench computes it, over the configured number of
 * threads (= threadEvents.length):
 *   events avg = (sum of per-thread timer events) / threads;
 *   time avg   = latencySum (the report's total latency, seconds) / threads;
 *   stddev     = population standard deviation of the per-thread values
 *                (per-thread time = NS2SEC(per-thread sum)).
 */
export function computeFairness(
  threadEvents: ArrayLike<number>,
  threadTimeSec: ArrayLike<number>,
  latencySumSec: number,
): FairnessValues {
  const n = threadEvents.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += threadEvents[i]!;
  const eventsAvg = total / n;
  const timeAvg = latencySumSec / n;
  let ev = 0;
  let tv = 0;
  for (let i = 0; i < n; i++) {
    let d = Math.abs(eventsAvg - threadEvents[i]!);
    ev += d * d;
    d = Math.abs(timeAvg - threadTimeSec[i]!);
    tv += d * d;
  }
  return {
    eventsAvg,
    eventsStddev: Math.sqrt(ev / n),
    timeAvg,
    timeStddev: Math.sqrt(tv / n),
  };
}

/** Fairness straight from per-thread timers (as report_cumulative does). */
export function fairnessFromTimers(threads: readonly TimerTotals[], latencySumSec: number): FairnessValues {
  return computeFairness(
    threads.map((t) => t.events),
    threads.map((t) => nsToSec(t.sumNs)),
    latencySumSec,
  );
}
