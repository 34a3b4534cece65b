// What the reports read about a run in progress. The runner's collector provides it and the
// reporter reads it, so that neither has to know the other.
import type { CounterValues, TimerTotals } from './counters.js';
import type { SplitReadings } from './latency-split.js';

export interface RunReadings {
  /** counter totals since the start (after --warmup-time: since the warm-up ended) */
  counters(): CounterValues;
  /** latency histogram counts summed over all threads (sysbench's bucket layout) */
  histogram(): Float64Array;
  /** per-thread timers since the last checkpoint; with `reset`, a new checkpoint starts */
  timers(reset: boolean): TimerTotals[];
  threadsRunning(): number;
  /** --rate: events waiting in the queue, and events in progress */
  queue(): { length: number; concurrency: number };
  /** events dropped by --rate-latency-limit */
  dropped(): number;
  /** events in progress right now (for the forced-shutdown notice) */
  unfinished(): number;
  /** --rate: each event's latency as schedule lag + service time (null without --rate) */
  split?(): SplitReadings | null;
  /** --rate: how late the generator released events after their scheduled times (ms) */
  generatorLate?(): { avgMs: number; maxMs: number } | null;
}
