// --rate: a generator on the main thread enqueues events with exponentially distributed gaps
// (sysbench's eventgen thread); sysbench threads in the workers take them from a shared ring.
// An event's latency includes the time it waited in the queue.
import { performance } from 'node:perf_hooks';
import type { SbRng } from '../rand/sb-rand.js';

/** sysbench's MAX_QUEUE_LEN (a power of two, so ring indices can wrap) */
export const QUEUE_LEN = 131072;
const MASK = QUEUE_LEN - 1;

const enum Q {
  Head = 0,
  Tail = 1,
  Concurrency = 2,
  Dropped = 3,
  Closed = 4,
  Size = 8,
}

/** Wall-clock milliseconds with sub-ms precision, comparable across threads. */
export function absNow(): number {
  return performance.timeOrigin + performance.now();
}

export class RateQueue {
  readonly ctl: Int32Array;
  private readonly times: Float64Array;

  constructor(readonly sab: SharedArrayBuffer = new SharedArrayBuffer(Q.Size * 4 + QUEUE_LEN * 8)) {
    this.ctl = new Int32Array(sab, 0, Q.Size);
    this.times = new Float64Array(sab, Q.Size * 4, QUEUE_LEN);
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

  // ---- producer (one: the main thread) ----

  /** Enqueues an event created at `t` (absolute ms); false when the ring is full. */
  push(t: number): boolean {
    const tail = Atomics.load(this.ctl, Q.Tail);
    if (((tail - Atomics.load(this.ctl, Q.Head)) | 0) >= QUEUE_LEN) return false;
    this.times[tail & MASK] = t;
    Atomics.store(this.ctl, Q.Tail, (tail + 1) | 0);
    Atomics.notify(this.ctl, Q.Tail, 1);
    return true;
  }

  countDropped(): void {
    Atomics.add(this.ctl, Q.Dropped, 1);
  }

  /** No more events: wakes every waiting thread. */
  close(): void {
    Atomics.store(this.ctl, Q.Closed, 1);
    Atomics.notify(this.ctl, Q.Tail);
  }

  // ---- consumers (the sysbench threads) ----

  /** Takes the oldest event's creation time, or null when the queue is empty. */
  tryPop(): number | null {
    for (;;) {
      const head = Atomics.load(this.ctl, Q.Head);
      if (((Atomics.load(this.ctl, Q.Tail) - head) | 0) <= 0) return null;
      const t = this.times[head & MASK];
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

  eventBegins(): void {
    Atomics.add(this.ctl, Q.Concurrency, 1);
  }

  eventEnds(): void {
    Atomics.sub(this.ctl, Q.Concurrency, 1);
  }
}

export interface GeneratorOptions {
  rate: number;
  rng: SbRng;
  /** absolute ms at which generation stops (the --time limit), or Infinity */
  endAt: number;
  /** drop instead of aborting when the queue is full (--rate-latency-limit) */
  dropWhenFull: boolean;
  /** the queue overflowed: sysbench's FATAL, and the run ends in error */
  onOverflow: () => void;
}

/** sysbench's event generation thread, on timers: every due event is enqueued when it is due. */
export class EventGenerator {
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly lambdaMs: number;

  constructor(private readonly queue: RateQueue, private readonly o: GeneratorOptions) {
    this.lambdaMs = 1000 / o.rate;
  }

  private gap(): number {
    // sb_rand_exp(): -lambda * log(1 - u), whole nanoseconds
    return Math.trunc(-this.lambdaMs * 1e6 * Math.log(1 - this.o.rng.uniformDouble())) / 1e6;
  }

  start(): void {
    // as sysbench: a first gap before the loop, then one more gap before each event
    this.next = absNow() + this.gap() + this.gap();
    this.tick();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue.close();
  }

  private tick = (): void => {
    const now = absNow();
    if (now >= this.o.endAt) return this.stop();
    while (this.next <= now) {
      if (!this.queue.push(this.next)) {
        if (!this.o.dropWhenFull) {
          this.stop();
          this.o.onOverflow();
          return;
        }
        this.queue.countDropped();
      }
      this.next += this.gap();
    }
    this.timer = setTimeout(this.tick, Math.max(0, this.next - absNow()));
  };
}
