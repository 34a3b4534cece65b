// --rate: the shared event queue of sysbench's event generator. The generator thread
// (event-generator.ts) releases each event at its scheduled time, stamped with the time it
// released it, into a ring; the sysbench threads in the workers take events from it. An
// event's latency runs from that stamp to its end, as in sysbench (sb_more_events: queue_time =
// dequeue time - stamp, added to the event's timer).

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
  /** how many workers take events (each has a door: see WorkerDoor) */
  Workers = 6,
  /** the worker whose door is tried first (round robin) */
  NextDoor = 7,
  Size = 8,
}

/**
 * After the Q words: per worker, how many of its threads wait for an event (WAITING + w), then
 * per worker its door (door0 + w), the word it waits on.
 */
const WAITING = Q.Size;

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

const GEN_BYTES = G.Size * 8;
/** Int32 control words of a queue for `workers` workers (an even count: the Float64 words follow) */
const ctlWords = (workers: number): number => (Q.Size + 2 * workers + 1) & ~1;

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
  readonly sab: SharedArrayBuffer;
  readonly ctl: Int32Array;
  readonly workers: number;
  private readonly door0: number;
  private readonly gen: Float64Array;
  private readonly times: Float64Array;

  /** A new queue for `workers` workers, or (a buffer) the view of an existing one. */
  constructor(from: SharedArrayBuffer | { workers: number }) {
    const fresh = !(from instanceof SharedArrayBuffer);
    this.sab = fresh ? new SharedArrayBuffer(ctlWords(from.workers) * 4 + GEN_BYTES + QUEUE_LEN * 8) : from;
    const head = new Int32Array(this.sab, 0, Q.Size);
    if (fresh) head[Q.Workers] = Math.max(1, from.workers);
    this.workers = head[Q.Workers]!;
    const words = ctlWords(this.workers);
    this.ctl = new Int32Array(this.sab, 0, words);
    this.door0 = WAITING + this.workers;
    this.gen = new Float64Array(this.sab, words * 4, G.Size);
    this.times = new Float64Array(this.sab, words * 4 + GEN_BYTES, QUEUE_LEN);
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

  /** Enqueues an event stamped `t` (monoNow ms); false when the ring is full. wake() tells a worker. */
  push(t: number): boolean {
    const tail = Atomics.load(this.ctl, Q.Tail);
    if (((tail - Atomics.load(this.ctl, Q.Head)) | 0) >= QUEUE_LEN) return false;
    this.times[tail & MASK] = t;
    Atomics.store(this.ctl, Q.Tail, (tail + 1) | 0);
    return true;
  }

  /**
   * Rings the door of one worker whose threads wait for an event (other than worker `except`),
   * trying them in turn, as sysbench's generator signals one waiting thread. When none waits,
   * no one is woken: the next thread to end its event takes the event from the ring.
   */
  wake(except = -1): void {
    const ctl = this.ctl;
    const n = this.workers;
    const first = ctl[Q.NextDoor]!;
    for (let k = 0; k < n; k++) {
      const w = (first + k) % n;
      if (w === except || Atomics.load(ctl, WAITING + w) <= 0) continue;
      ctl[Q.NextDoor] = (w + 1) % n;
      Atomics.add(ctl, this.door0 + w, 1);
      Atomics.notify(ctl, this.door0 + w, 1);
      return;
    }
  }

  countDropped(): void {
    Atomics.add(this.ctl, Q.Dropped, 1);
  }

  /** No more events: wakes every worker, and the generator if it sleeps. */
  close(): void {
    const ctl = this.ctl;
    Atomics.store(ctl, Q.Closed, 1);
    for (let w = 0; w < this.workers; w++) {
      Atomics.add(ctl, this.door0 + w, 1);
      Atomics.notify(ctl, this.door0 + w);
    }
    Atomics.notify(ctl, Q.Closed);
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
    // the wait's timeout is rounded to whole microseconds: it may end a little early
    for (let ms = until - monoNow(); ms > 0 && !this.closed; ms = until - monoNow()) {
      Atomics.wait(this.ctl, Q.Closed, 0, ms);
    }
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

  /** Worker `w`'s door. */
  door(w: number): WorkerDoor {
    return new WorkerDoor(this, this.ctl, WAITING + w, this.door0 + w);
  }

  eventBegins(): void {
    Atomics.add(this.ctl, Q.Concurrency, 1);
  }

  eventEnds(): void {
    Atomics.sub(this.ctl, Q.Concurrency, 1);
  }
}

/**
 * A worker's door: the worker says how many of its threads wait for an event, and waits to be
 * told of one (by the generator, or by another worker passing on events it could not serve).
 * Lost wake-ups are impossible: the count is published and the door read before the ring is
 * looked at, and the ringer pushes before it reads the count (all sequentially consistent).
 */
export class WorkerDoor {
  private seen = 0;

  constructor(
    private readonly q: RateQueue,
    private readonly ctl: Int32Array,
    private readonly waitingAt: number,
    private readonly doorAt: number,
  ) {}

  /** Publishes how many threads wait; a wait that follows needs a ring from now on. */
  setWaiting(n: number): void {
    Atomics.store(this.ctl, this.waitingAt, n);
    this.seen = Atomics.load(this.ctl, this.doorAt);
  }

  /** An event (or the end) may be there: one is in the ring, the queue closed, or the door rang. */
  ready(): boolean {
    return this.q.length > 0 || this.q.closed || Atomics.load(this.ctl, this.doorAt) !== this.seen;
  }

  /** Blocks this thread until the door rings, or `maxMs` passed: a futex wait, as sysbench's threads wait. */
  sleep(maxMs: number): void {
    if (!this.ready()) Atomics.wait(this.ctl, this.doorAt, this.seen, maxMs);
  }

  /** Resolves when the door rings; the worker's event loop goes on meanwhile. */
  ring(): Promise<unknown> {
    if (this.ready()) return Promise.resolve();
    const w = Atomics.waitAsync(this.ctl, this.doorAt, this.seen);
    return w.async ? w.value : Promise.resolve();
  }
}
