// Memory shared by the main thread and the workers: control words, per-thread counters
// and per-worker latency histograms. Workers write their own slots without atomics; the
// main thread only reads counters (monotonic), so reports need no locking.
import { HIST_SIZE } from '../stats/histogram.js';
import { SbCounter } from '../stats/counters.js';

/** Int32 control words */
export const enum Ctl {
  /** set by the main thread when --time expires or on shutdown */
  Stop = 0,
  /** events handed out so far (only maintained with --events) */
  EventsIssued = 1,
  /** 0 = wait, 1 = go, -1 = abort (initialisation failed) */
  Go = 2,
  /** threads that finished thread_init (successfully or not) */
  InitDone = 3,
  InitFailed = 4,
  /** connection counter for round-robin over --mysql-host/port/socket */
  ConnIndex = 5,
  /** threads still running events */
  Running = 6,
  /** a thread failed while running (sysbench's sb_globals.error) */
  ThreadFailed = 7,
  /** checkpoint number: per-thread min/max latencies belong to an epoch */
  Epoch = 8,
  /** a DB driver was created (sysbench then prints SQL statistics) */
  DbUsed = 9,
  /** 1 during --warmup-time: the events limit does not count yet */
  Warmup = 10,
  /** the number of threads (set at allocation): the start barrier's target */
  Threads = 11,
  /** --rate: the epoch of the lag/service minima and maxima (a new one after --warmup-time) */
  SplitEpoch = 12,
  /** os.exit(code) in a worker thread: 0x100 | code; the main thread then exits with code */
  ExitCode = 15,
  Size = 16,
}

/** Float64 per-thread slots; the first six are sysbench's SB_CNT_* counters */
export const enum Stat {
  Other = SbCounter.Other,
  Read = SbCounter.Read,
  Write = SbCounter.Write,
  Trx = SbCounter.Trx,
  QueryErrors = SbCounter.QueryError,
  Reconnect = SbCounter.Reconnect,
  Events = 6,
  /** sum of event latencies, ms */
  TimeSum = 7,
  LatMin = 8,
  LatMax = 9,
  /** events counted in TimeSum/LatMin/LatMax (reset by checkpoints) */
  TimedEvents = 10,
  /** 1 while an event is in progress */
  InEvent = 11,
  /** the checkpoint epoch LatMin/LatMax were recorded in */
  Epoch = 12,
  // padded to 128 bytes so threads on different cores do not share cache lines
  Stride = 16,
}

/**
 * --rate: Float64 per-thread slots splitting each event's latency into its schedule lag (queued
 * to started) and its service time (started to ended), in ms
 */
export const enum Split {
  Events = 0,
  LagSum = 1,
  ServiceSum = 2,
  LagMin = 3,
  LagMax = 4,
  ServiceMin = 5,
  ServiceMax = 6,
  /** the SplitEpoch the minima and maxima were recorded in */
  Epoch = 7,
  Stride = 8,
}

export interface SharedBuffers {
  ctl: SharedArrayBuffer;
  /** the --rate event queue (see rate.ts), when --rate is given */
  queue: SharedArrayBuffer | null;
  stats: SharedArrayBuffer;
  /** one histogram of HIST_SIZE Float64 counts per worker (index = worker number) */
  hist: SharedArrayBuffer;
  /**
   * --rate: the Split slots of every thread, then per worker two histograms of HIST_SIZE counts
   * (schedule lag, then service time)
   */
  split: SharedArrayBuffer | null;
  /** the main thread's logger state (Logger.share()): one logger for every thread, as in sysbench */
  log?: SharedArrayBuffer;
}

export function allocShared(threads: number, workers: number, queue: SharedArrayBuffer | null = null): SharedBuffers {
  const b: SharedBuffers = {
    ctl: new SharedArrayBuffer(Ctl.Size * 4),
    queue,
    stats: new SharedArrayBuffer(Math.max(1, threads + 1) * Stat.Stride * 8),
    hist: new SharedArrayBuffer(Math.max(1, workers + 1) * HIST_SIZE * 8),
    split: queue === null ? null : new SharedArrayBuffer(splitHistOffset(threads) * 8 + Math.max(1, workers + 1) * 2 * HIST_SIZE * 8),
  };
  if (b.split !== null) {
    const split = new Float64Array(b.split);
    for (let t = 0; t <= threads; t++) split[t * Split.Stride + Split.Epoch] = -1;
  }
  new Int32Array(b.ctl)[Ctl.Threads] = threads;
  const stats = new Float64Array(b.stats);
  for (let t = 0; t <= threads; t++) {
    stats[t * Stat.Stride + Stat.LatMin] = Infinity;
    stats[t * Stat.Stride + Stat.LatMax] = 0;
  }
  return b;
}

/** Where the split histograms start in the split buffer (in Float64 words). */
export function splitHistOffset(threads: number): number {
  return Math.max(1, threads + 1) * Split.Stride;
}

export interface SharedViews {
  ctl: Int32Array;
  stats: Float64Array;
  hist: Float64Array;
  /** --rate: the Split slots and histograms (one Float64Array over the whole buffer) */
  split: Float64Array | null;
}

export function views(b: SharedBuffers): SharedViews {
  return {
    ctl: new Int32Array(b.ctl), stats: new Float64Array(b.stats), hist: new Float64Array(b.hist),
    split: b.split ? new Float64Array(b.split) : null,
  };
}
