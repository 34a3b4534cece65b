// Mutexes in shared memory, usable from every worker thread (and the main thread): the
// classic three-state futex mutex (0 free, 1 locked, 2 locked with waiters) on Atomics,
// with a short spin before sleeping in Atomics.wait().
//
// The lock word of mutex i sits at i * stride in the Int32Array; with a stride of several
// words, mutexes are spread over cache lines like sysbench's padded mutex arrays.

const SPIN = 100;

export class SharedMutexes {
  private readonly w: Int32Array;

  constructor(buffer: SharedArrayBuffer, private readonly stride: number, byteOffset = 0, count?: number) {
    this.w = new Int32Array(buffer, byteOffset, count === undefined ? undefined : count * stride);
  }

  /** A buffer for `count` mutexes, each `stride` Int32 words apart. */
  static buffer(count: number, stride: number): SharedArrayBuffer {
    return new SharedArrayBuffer(Math.max(1, count) * stride * 4);
  }

  get count(): number {
    return this.w.length / this.stride;
  }

  /** Takes mutex i if it is free; never waits. */
  tryLock(i: number): boolean {
    return Atomics.compareExchange(this.w, i * this.stride, 0, 1) === 0;
  }

  /** Takes mutex i, waiting as long as needed. */
  lock(i: number): void {
    const w = this.w;
    const k = i * this.stride;
    let c = Atomics.compareExchange(w, k, 0, 1);
    if (c === 0) return;
    for (let s = 0; s < SPIN; s++) {
      if (Atomics.load(w, k) === 0) {
        c = Atomics.compareExchange(w, k, 0, 1);
        if (c === 0) return;
      }
    }
    if (c !== 2) c = Atomics.exchange(w, k, 2);
    while (c !== 0) {
      Atomics.wait(w, k, 2);
      c = Atomics.exchange(w, k, 2);
    }
  }

  unlock(i: number): void {
    const w = this.w;
    const k = i * this.stride;
    if (Atomics.sub(w, k, 1) !== 1) {
      Atomics.store(w, k, 0);
      Atomics.notify(w, k, 1);
    }
  }

  /** Whether mutex i is held by anyone (a snapshot). */
  isLocked(i: number): boolean {
    return Atomics.load(this.w, i * this.stride) !== 0;
  }
}

const scratch = new Int32Array(new SharedArrayBuffer(4));

/**
 * The closest thing to sched_yield() a JS thread has: a futex wait that times out at once.
 * It enters the kernel like sysbench's YIELD() does, at a similar cost, without sleeping.
 */
export function osYield(): void {
  Atomics.wait(scratch, 0, 0, 0);
}
