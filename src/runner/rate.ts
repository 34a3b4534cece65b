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
  /** the generator's schedule as published (plan()): changes while it is rewritten (odd) */
  PlanVersion = 8,
  /** the number of the next event the generator will release (events count from 0, mod 2^32) */
  NextSeq = 9,
  /**
   * events released or taken so far: event n belongs to whoever moves this from n to n + 1, the
   * generator when the event is due, or a worker that paces it (ahead of its time)
   */
  Claimed = 10,
  Size = 11,
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
  /** when the generator stops (monoNow ms) */
  EndMs = 4,
  /** scheduled times of events NextSeq and NextSeq + 1 */
  NextAt = 5,
  AfterAt = 6,
  Size = 7,
}

/** Float64 words per worker after the G words: the events it paced, and how late (sum, max) */
const enum P {
  Events = 0,
  LateSum = 1,
  LateMax = 2,
  Size = 3,
}

const genBytes = (workers: number): number => (G.Size + P.Size * workers) * 8;
/** Int32 control words of a queue for `workers` workers (an even count: the Float64 words follow) */
const ctlWords = (workers: number): number => (Q.Size + 2 * workers + 1) & ~1;

// the global `process` is an accessor: optimized code calls its getter on every read
const hrtime = process.hrtime;

/**
 * Milliseconds on the monotonic clock every thread of the process shares (uv_hrtime, the
 * CLOCK_MONOTONIC of sysbench's timers), to sub-microsecond precision. Not performance.now():
 * each thread counts that from its own start, and the offset between two threads' counts can
 * only be estimated (to a microsecond or two), while a stamp made by the generator thread is
 * subtracted from a time read by a worker.
 */
export function monoNow(): number {
  const t = hrtime();
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
    this.sab = fresh ? new SharedArrayBuffer(ctlWords(from.workers) * 4 + genBytes(from.workers) + QUEUE_LEN * 8) : from;
    const head = new Int32Array(this.sab, 0, Q.Size);
    if (fresh) head[Q.Workers] = Math.max(1, from.workers);
    this.workers = head[Q.Workers]!;
    const words = ctlWords(this.workers);
    this.ctl = new Int32Array(this.sab, 0, words);
    this.door0 = WAITING + this.workers;
    this.gen = new Float64Array(this.sab, words * 4, G.Size + P.Size * this.workers);
    this.times = new Float64Array(this.sab, words * 4 + genBytes(this.workers), QUEUE_LEN);
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

  /**
   * The generator's timing so far: when it started, events released (by the generator, or taken
   * by the workers that paced them), how late on average and at most (ms).
   */
  generatorTiming(): { startMs: number; released: number; lateAvgMs: number; lateMaxMs: number } {
    const g = this.gen;
    let released = g[G.Released]!;
    let lateSum = g[G.LateSum]!;
    let lateMax = g[G.LateMax]!;
    for (let w = 0, p = G.Size; w < this.workers; w++, p += P.Size) {
      released += g[p + P.Events]!;
      lateSum += g[p + P.LateSum]!;
      lateMax = Math.max(lateMax, g[p + P.LateMax]!);
    }
    return { startMs: g[G.StartMs]!, released, lateAvgMs: released > 0 ? lateSum / released : 0, lateMaxMs: lateMax };
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
    // the generator sleeps on the Claimed word (sleepUntilDue)
    Atomics.notify(ctl, Q.Claimed);
  }

  /** The ring overflowed (not in drop mode): the run ends in error. */
  overflow(): void {
    Atomics.store(this.ctl, Q.Overflow, 1);
    this.close();
  }

  noteStart(t: number, endMs = Infinity): void {
    this.gen[G.EndMs] = endMs;
    this.gen[G.StartMs] = t;
  }

  /**
   * Publishes the schedule: event `seq` is due at `at`, the one after it at `after`. A worker
   * whose threads all wait may then pace the first of them not yet taken itself (pace()).
   */
  plan(seq: number, at: number, after: number): void {
    const ctl = this.ctl;
    Atomics.add(ctl, Q.PlanVersion, 1);
    this.gen[G.NextAt] = at;
    this.gen[G.AfterAt] = after;
    Atomics.store(ctl, Q.NextSeq, seq);
    Atomics.add(ctl, Q.PlanVersion, 1);
  }

  /** Whether event `seq` was taken already (by a worker that paces it). */
  taken(seq: number): boolean {
    return ((Atomics.load(this.ctl, Q.Claimed) - seq) | 0) > 0;
  }

  /** Takes event `seq`: true for the one caller that moved the count past it. */
  claim(seq: number): boolean {
    return Atomics.compareExchange(this.ctl, Q.Claimed, seq, (seq + 1) | 0) === seq;
  }

  /**
   * The generator sleeps until event `seq` is due at `at` (a futex wait with a timeout, as precise
   * as sysbench's nanosleep: Linux's timer slack), or until the queue is closed; not at all when
   * a worker took the event to pace it before the generator went to sleep.
   */
  sleepUntilDue(seq: number, at: number): void {
    // the wait's timeout is rounded to whole microseconds: it may end a little early
    for (let ms = at - monoNow(); ms > 0 && !this.closed && !this.taken(seq); ms = at - monoNow()) {
      Atomics.wait(this.ctl, Q.Claimed, seq, ms);
    }
  }

  /**
   * Takes the first scheduled event nobody took yet, if it is due within `withinMs` from now (not
   * overdue: the generator is releasing that one) and before the end: its scheduled time (monoNow
   * ms), or -1. The caller must start it at that time (the generator will not release it).
   */
  commitToPace(withinMs: number): number {
    const ctl = this.ctl;
    const v = Atomics.load(ctl, Q.PlanVersion);
    if ((v & 1) !== 0) return -1;
    const next = Atomics.load(ctl, Q.NextSeq);
    const nextAt = this.gen[G.NextAt]!;
    const afterAt = this.gen[G.AfterAt]!;
    // the schedule was being rewritten meanwhile
    if (Atomics.load(ctl, Q.PlanVersion) !== v) return -1;
    const seq = Atomics.load(ctl, Q.Claimed);
    let at: number;
    if (seq === next) at = nextAt;
    else if (seq === ((next + 1) | 0)) at = afterAt;
    else return -1;
    const lead = at - monoNow();
    if (lead <= 0 || lead > withinMs || at >= this.gen[G.EndMs]!) return -1;
    // the generator is not told: woken at the event's time, it finds the event taken (waking it
    // now to sleep past it costs it a wake-up per event, and the pacer its CPU for a while)
    return this.claim(seq) ? at : -1;
  }

  /** Worker `w` took an event it paced `late` ms after its scheduled time. */
  notePaced(w: number, late: number): void {
    const g = this.gen;
    const p = G.Size + P.Size * w;
    g[p + P.Events]!++;
    g[p + P.LateSum]! += late;
    if (late > g[p + P.LateMax]!) g[p + P.LateMax] = late;
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
    return new WorkerDoor(this, this.ctl, WAITING + w, this.door0 + w, w);
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
    private readonly worker: number,
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

  /**
   * As sleep(), but when the generator's next event is due within `maxMs`, this worker may take
   * it and start it itself at its time (sysbench's generator would release it then): returns
   * the time it took it (monoNow ms), or -1 (the door rang, `maxMs` passed, or it did not pace).
   * The event then starts without the generator's ring, nor a wake-up of this worker after it.
   */
  pace(maxMs: number): number {
    const ctl = this.ctl;
    if (this.ready()) return -1;
    // rung by no one while it paces: no other event is due before this one
    const waiting = Atomics.exchange(ctl, this.waitingAt, 0);
    const due = this.ready() ? -1 : this.q.commitToPace(maxMs);
    if (due < 0) {
      Atomics.store(ctl, this.waitingAt, waiting);
      this.sleep(maxMs);
      return -1;
    }
    for (let ms = due - monoNow(); ms > 0 && !this.q.closed; ms = due - monoNow()) {
      // only the end of the queue rings now; the timeout is rounded to whole microseconds
      Atomics.wait(ctl, this.doorAt, Atomics.load(ctl, this.doorAt), ms);
    }
    if (this.q.closed) return -1;
    const at = monoNow();
    this.q.notePaced(this.worker, at - due);
    return at;
  }

  /** Resolves when the door rings; the worker's event loop goes on meanwhile. */
  ring(): Promise<unknown> {
    if (this.ready()) return Promise.resolve();
    const w = Atomics.waitAsync(this.ctl, this.doorAt, this.seen);
    return w.async ? w.value : Promise.resolve();
  }
}
