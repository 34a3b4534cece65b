// One sysbench thread's event accounting in shared memory: limits (--time via the Stop word,
// --events), event latency (per-thread timer and the worker's histogram) and counters.
// Used by Lua threads and built-in tests alike.
import { performance } from 'node:perf_hooks';
import { bucketIndex, HIST_SIZE } from '../stats/histogram.js';
import { Ctl, Split, splitHistOffset, Stat, type SharedViews } from './shared-memory.js';
import { monoNow, type RateQueue } from './rate.js';
import type { EventDispatcher, EventTaker } from './event-dispatcher.js';

export interface ThreadStatsOptions {
  shared: SharedViews;
  /** slot in the per-thread counters (the thread id; the main state uses an extra slot) */
  slot: number;
  /** histogram region (the worker number) */
  histRegion: number;
  /** --events; 0 = unlimited */
  maxEvents: number;
  /** --percentile: when > 0 events are recorded in the histogram */
  percentile: number;
  /** --rate: the worker's side of the shared event queue (events are taken from it) */
  events?: EventDispatcher | null;
  /** --rate-latency-limit in ms (0: off): events that waited longer are dropped */
  latencyLimitMs?: number;
}

/** What starting an event answers: go, stop, or wait (for --rate) and get the answer later. */
export type EventStart = boolean | ((cb: (err: unknown, more: unknown) => void) => void);

export class ThreadStats implements EventTaker {
  private readonly ctl: Int32Array;
  private readonly stats: Float64Array;
  private readonly hist: Float64Array;
  private readonly base: number;
  private readonly histBase: number;
  private readonly maxEvents: number;
  private readonly percentile: number;
  private t0 = 0;
  private readonly queue: RateQueue | null;
  private readonly events: EventDispatcher | null;
  /** --rate: where this thread's lag/service slots and its worker's two histograms are */
  private readonly split: Float64Array | null;
  private readonly splitBase: number;
  private readonly splitHistBase: number;
  /** the schedule lag of the event in progress (ms) */
  private lagMs = 0;
  private readonly latencyLimitMs: number;
  /** called after each recorded event: sysbench's histogram update draws one random value */
  histogramSlot: (() => number) | null = null;
  /**
   * Called when more() says no because of a limit (`time`: --time, else --events), where
   * sysbench's sb_more_events() logs "Time/Event limit exceeded, exiting..." (Lua threads;
   * built-in tests count these in their own words).
   */
  onLimit: ((time: boolean) => void) | null = null;

  constructor(o: ThreadStatsOptions) {
    this.ctl = o.shared.ctl;
    this.stats = o.shared.stats;
    this.hist = o.shared.hist;
    this.base = o.slot * Stat.Stride;
    this.histBase = o.histRegion * HIST_SIZE;
    this.maxEvents = o.maxEvents;
    this.percentile = o.percentile;
    this.events = o.events ?? null;
    this.queue = this.events?.queue ?? null;
    this.split = this.queue !== null ? o.shared.split : null;
    this.splitBase = o.slot * Split.Stride;
    const threads = Atomics.load(this.ctl, Ctl.Threads);
    this.splitHistBase = splitHistOffset(threads) + o.histRegion * 2 * HIST_SIZE;
    this.latencyLimitMs = o.latencyLimitMs ?? 0;
  }

  /** sysbench's SB_CNT_* counters (other, read, write, trx, error, reconnect) */
  inc(counter: number): void {
    this.stats[this.base + counter]++;
  }

  add(counter: number, n: number): void {
    this.stats[this.base + counter] += n;
  }

  /** Start of an event: false when --time or --events say stop. */
  start(): boolean {
    if (!this.more()) return false;
    this.begin();
    return true;
  }

  /**
   * sb_more_events(): false when --time or --events say stop (an allowed event is counted
   * against --events). start() is more() + begin(); built-in tests call them apart, as
   * sysbench picks the next event in between, outside the event's latency.
   */
  more(): boolean {
    const ctl = this.ctl;
    // a plain read: the flag only has to be seen soon, and Atomics.load is a call into a V8
    // builtin on every event (its store is Atomics.store, which publishes it)
    if (ctl[Ctl.Stop] !== 0) return this.limitHit(true);
    // the events limit does not count while warming up (--warmup-time)
    if (this.maxEvents > 0 && Atomics.load(ctl, Ctl.Warmup) === 0 && Atomics.add(ctl, Ctl.EventsIssued, 1) >= this.maxEvents) {
      return this.limitHit(false);
    }
    return true;
  }

  /** sb_more_events() said no because of --time (`time`) or --events: tell onLimit, unless a thread failed. */
  private limitHit(time: boolean): false {
    if (this.onLimit !== null && Atomics.load(this.ctl, Ctl.ThreadFailed) === 0) this.onLimit(time);
    return false;
  }

  /** more() + begin(), except that with --rate the event comes from the queue, perhaps later. */
  startEvent(): EventStart {
    const q = this.queue;
    if (q === null) return this.start();
    if (!this.more()) return false;
    if (this.takeQueued(q)) return true;
    return this.waitForEvent;
  }

  private readonly waitForEvent = (cb: (err: unknown, more: unknown) => void): void => {
    this.events!.wait(this, cb);
  };

  /** For the dispatcher: takes a queued event (1), finds none (0), or must stop (-1). */
  takeOrStop(): 1 | 0 | -1 {
    const q = this.queue!;
    if (Atomics.load(this.ctl, Ctl.Stop) === 0) {
      if (this.takeQueued(q)) return 1;
      if (!q.closed) return 0;
    }
    this.limitHit(true);
    return -1;
  }

  /** For the dispatcher: the event its worker took from the schedule at `takenAt`, or stop (-1). */
  takePaced(takenAt: number): 1 | -1 {
    if (Atomics.load(this.ctl, Ctl.Stop) !== 0) {
      this.limitHit(true);
      return -1;
    }
    this.beginQueued(this.queue!, monoNow() - takenAt);
    return 1;
  }

  /** Takes a queued event; its latency starts when it was queued. */
  private takeQueued(q: RateQueue): boolean {
    for (;;) {
      const queuedAt = q.tryPop();
      if (queuedAt === null) return false;
      const waited = monoNow() - queuedAt;
      if (this.latencyLimitMs > 0 && waited > this.latencyLimitMs) {
        q.countDropped();
        continue;
      }
      this.beginQueued(q, waited);
      return true;
    }
  }

  /** An event of the queue begins, `waited` ms after it was released. */
  private beginQueued(q: RateQueue, waited: number): void {
    q.eventBegins();
    this.begin();
    this.t0 -= waited;
    this.lagMs = waited;
  }

  /** sb_event_start(): the event's timer starts. */
  begin(): void {
    this.stats[this.base + Stat.InEvent] = 1;
    this.t0 = performance.now();
  }

  /** End of an event: its latency goes to the thread's timer and the histogram. */
  stop(): void {
    const ms = performance.now() - this.t0;
    const s = this.stats;
    const b = this.base;
    s[b + Stat.Events]++;
    s[b + Stat.TimedEvents]++;
    s[b + Stat.TimeSum] += ms;
    const epoch = this.ctl[Ctl.Epoch];
    if (s[b + Stat.Epoch] !== epoch) {
      // a checkpoint report reset the timers: start min/max afresh
      s[b + Stat.Epoch] = epoch;
      s[b + Stat.LatMin] = ms;
      s[b + Stat.LatMax] = ms;
    } else {
      if (ms < s[b + Stat.LatMin]) s[b + Stat.LatMin] = ms;
      if (ms > s[b + Stat.LatMax]) s[b + Stat.LatMax] = ms;
    }
    s[b + Stat.InEvent] = 0;
    if (this.queue !== null) {
      this.queue.eventEnds();
      if (this.split !== null) this.recordSplit(ms);
    }
    if (this.percentile > 0) {
      this.hist[this.histBase + bucketIndex(ms)]++;
      this.histogramSlot?.();
    }
  }

  /** --rate: the event's latency as schedule lag + service time. */
  private recordSplit(ms: number): void {
    const l = this.split!;
    const b = this.splitBase;
    const lag = this.lagMs;
    const service = ms - lag;
    l[b + Split.Events]++;
    l[b + Split.LagSum] += lag;
    l[b + Split.ServiceSum] += service;
    const epoch = this.ctl[Ctl.SplitEpoch];
    if (l[b + Split.Epoch] !== epoch) {
      l[b + Split.Epoch] = epoch;
      l[b + Split.LagMin] = l[b + Split.LagMax] = lag;
      l[b + Split.ServiceMin] = l[b + Split.ServiceMax] = service;
    } else {
      if (lag < l[b + Split.LagMin]) l[b + Split.LagMin] = lag;
      if (lag > l[b + Split.LagMax]) l[b + Split.LagMax] = lag;
      if (service < l[b + Split.ServiceMin]) l[b + Split.ServiceMin] = service;
      if (service > l[b + Split.ServiceMax]) l[b + Split.ServiceMax] = service;
    }
    const h = this.splitHistBase;
    l[h + bucketIndex(lag)]++;
    l[h + HIST_SIZE + bucketIndex(service)]++;
  }
}
