// --rate: sysbench's event generator and its queue. A generator thread of its own
// (rate-generator.ts) sleeps until each event's scheduled time, with exponentially distributed
// gaps, and stamps the event with the time it released it; the sysbench threads in the workers
// take events from a shared ring. An event's latency runs from that stamp to its end, as in
// sysbench (sb_more_events: queue_time = dequeue time - stamp, added to the event's timer).

/** sysbench's MAX_QUEUE_LEN (a power of two, so ring indices can wrap) */
export const QUEUE_LEN = 131072;
const MASK = QUEUE_LEN - 1;

const enum Q {
  Head = 0,
  Tail = 1,
  Concurrency = 2,
  Dropped = 3,
  /** no more events (end of the run, or the generator stopped) */
  Closed = 4,
  /** the ring was full and events are not dropped: sysbench's FATAL */
  Overflow = 5,
  /** workers asleep on the futex (sleepForEvent) */
  Sleepers = 6,
  /** rung (incremented and notified) by the generator for sleeping workers */
  Bell = 7,
  Size = 8,
}

/** Float64 words after the control words: the generator's own account of its timing */
const enum G {
  /** when the generator started (monoNow ms); 0 until then */
  StartMs = 0,
  /** events released so far */
  Released = 1,
  /** sum and maximum of release time minus scheduled time, ms */
  LateSum = 2,
  LateMax = 3,
  Size = 4,
}

const CTL_BYTES = Q.Size * 4;
const GEN_BYTES = G.Size * 8;

/**
 * Milliseconds on the monotonic clock every thread of the process shares (uv_hrtime, the
 * CLOCK_MONOTONIC of sysbench's timers), to sub-microsecond precision. Not performance.now():
 * each thread counts that from its own start, and the offset between two threads' counts can
 * only be estimated (to a microsecond or two), while a stamp made by the generator thread is
 * subtracted from a time read by a worker.
 */
export function monoNow(): number {
  const t = process.hrtime();
  return t[0]! * 1e3 + t[1]! / 1e6;
}

export class RateQueue {
  readonly ctl: Int32Array;
  private readonly gen: Float64Array;
  private readonly times: Float64Array;

  constructor(readonly sab: SharedArrayBuffer = new SharedArrayBuffer(CTL_BYTES + GEN_BYTES + QUEUE_LEN * 8)) {
    this.ctl = new Int32Array(sab, 0, Q.Size);
    this.gen = new Float64Array(sab, CTL_BYTES, G.Size);
    this.times = new Float64Array(sab, CTL_BYTES + GEN_BYTES, QUEUE_LEN);
  }

  get length(): number {
    return (Atomics.load(this.ctl, Q.Tail) - Atomics.load(this.ctl, Q.Head)) | 0;
  }

  get concurrency(): number {
    return Atomics.load(this.ctl, Q.Concurrency);
  }

  get dropped(): number {
    return Atomics.load(this.ctl, Q.Dropped);
  }

  get closed(): boolean {
    return Atomics.load(this.ctl, Q.Closed) !== 0;
  }

  get overflowed(): boolean {
    return Atomics.load(this.ctl, Q.Overflow) !== 0;
  }

  /** The generator's timing so far: when it started, events released, how late on average and at most (ms). */
  generatorTiming(): { startMs: number; released: number; lateAvgMs: number; lateMaxMs: number } {
    const g = this.gen;
    const released = g[G.Released]!;
    return { startMs: g[G.StartMs]!, released, lateAvgMs: released > 0 ? g[G.LateSum]! / released : 0, lateMaxMs: g[G.LateMax]! };
  }

  // ---- producer (one: the generator thread) ----

  /** Enqueues an event stamped `t` (monoNow ms); false when the ring is full. */
  push(t: number): boolean {
    const tail = Atomics.load(this.ctl, Q.Tail);
    if (((tail - Atomics.load(this.ctl, Q.Head)) | 0) >= QUEUE_LEN) return false;
    this.times[tail & MASK] = t;
    Atomics.store(this.ctl, Q.Tail, (tail + 1) | 0);
    // one worker waiting in its event loop and one asleep, as each may be the one with an idle thread
    Atomics.notify(this.ctl, Q.Tail, 1);
    if (Atomics.load(this.ctl, Q.Sleepers) > 0) {
      Atomics.add(this.ctl, Q.Bell, 1);
      Atomics.notify(this.ctl, Q.Bell, 1);
    }
    return true;
  }

  countDropped(): void {
    Atomics.add(this.ctl, Q.Dropped, 1);
  }

  /** No more events: wakes every waiting thread, and the generator if it sleeps. */
  close(): void {
    Atomics.store(this.ctl, Q.Closed, 1);
    Atomics.notify(this.ctl, Q.Tail);
    Atomics.add(this.ctl, Q.Bell, 1);
    Atomics.notify(this.ctl, Q.Bell);
    Atomics.notify(this.ctl, Q.Closed);
  }

  /** The ring overflowed (not in drop mode): the run ends in error. */
  overflow(): void {
    Atomics.store(this.ctl, Q.Overflow, 1);
    this.close();
  }

  /**
   * Sleeps until `until` (monoNow ms) or until the queue is closed, whichever comes first:
   * a futex wait with a timeout, as precise as sysbench's nanosleep (Linux's timer slack).
   */
  sleepUntil(until: number): void {
    const ms = until - monoNow();
    if (ms > 0) Atomics.wait(this.ctl, Q.Closed, 0, ms);
  }

  noteStart(t: number): void {
    this.gen[G.StartMs] = t;
  }

  noteRelease(late: number): void {
    const g = this.gen;
    g[G.Released]!++;
    g[G.LateSum]! += late;
    if (late > g[G.LateMax]!) g[G.LateMax] = late;
  }

  // ---- consumers (the sysbench threads) ----

  /** Takes the oldest event's stamp, or null when the queue is empty. */
  tryPop(): number | null {
    for (;;) {
      const head = Atomics.load(this.ctl, Q.Head);
      if (((Atomics.load(this.ctl, Q.Tail) - head) | 0) <= 0) return null;
      const t = this.times[head & MASK]!;
      if (Atomics.compareExchange(this.ctl, Q.Head, head, (head + 1) | 0) === head) return t;
    }
  }

  /** Resolves when an event may be available (or the queue was closed). */
  waitForEvent(): Promise<unknown> {
    const tail = Atomics.load(this.ctl, Q.Tail);
    if (((tail - Atomics.load(this.ctl, Q.Head)) | 0) > 0 || this.closed) return Promise.resolve();
    const w = Atomics.waitAsync(this.ctl, Q.Tail, tail);
    return w.async ? w.value : Promise.resolve();
  }

  /**
   * Blocks this thread until an event is queued, the queue is closed, or `maxMs` passed: a futex
   * wait, woken by the generator's bell. Counted among the sleepers before the queue is looked
   * at, so that an event pushed in between rings the bell (and the wait returns at once).
   */
  sleepForEvent(maxMs: number): void {
    const ctl = this.ctl;
    Atomics.add(ctl, Q.Sleepers, 1);
    const bell = Atomics.load(ctl, Q.Bell);
    if (this.length <= 0 && !this.closed) Atomics.wait(ctl, Q.Bell, bell, maxMs);
    Atomics.sub(ctl, Q.Sleepers, 1);
  }

  eventBegins(): void {
    Atomics.add(this.ctl, Q.Concurrency, 1);
  }

  eventEnds(): void {
    Atomics.sub(this.ctl, Q.Concurrency, 1);
  }
}

export interface GeneratorOptions {
  rate: number;
  /** uniform doubles in [0, 1): the generator thread's sysbench RNG */
  uniform: () => number;
  /** ms after the start at which generation stops (--warmup-time + --time), or Infinity */
  endAfterMs: number;
  /** drop instead of aborting when the queue is full (--rate-latency-limit) */
  dropWhenFull: boolean;
}

/**
 * sysbench's eventgen_thread_proc: sleeps until each event's time, then enqueues it stamped with
 * the time it woke. Gaps are sb_rand_exp(1e9 / rate) whole nanoseconds; a first gap is drawn
 * before the loop and one more before each event. Returns when the run's time is up or the
 * queue is closed; on overflow (not in drop mode) it marks the queue and returns.
 */
export function generateEvents(queue: RateQueue, o: GeneratorOptions): void {
  const lambdaNs = 1e9 / o.rate;
  // -lambda * log(1 - u), converted to uint64_t nanoseconds as sysbench does
  const gapMs = (): number => Math.trunc(-lambdaNs * Math.log(1 - o.uniform())) / 1e6;
  const start = monoNow();
  queue.noteStart(start);
  const endAt = start + o.endAfterMs;
  let next = start + gapMs();
  for (;;) {
    const now = monoNow();
    next += gapMs();
    if (now >= endAt || queue.closed) break;
    if (next > now) queue.sleepUntil(next);
    if (queue.closed) break;
    const released = monoNow();
    if (!queue.push(released)) {
      if (!o.dropWhenFull) return queue.overflow();
      queue.countDropped();
    }
    queue.noteRelease(released - next);
  }
  queue.close();
}
