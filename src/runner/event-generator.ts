// The --rate event generator's thread (sysbench's eventgen thread): started with the run's other
// threads, it waits at the start barrier, then releases events into the shared queue until the
// run's time is up or the queue is closed. A thread of its own, because only a thread that does
// nothing else can sleep to the microsecond: the main thread's timers have millisecond steps
// and it has reports to print, and a worker's event loop has queries to serve.
import { Worker } from 'node:worker_threads';
import { RATE_GENERATOR } from '../paths.js';
import { Xoroshiro128Plus } from '../rand/xoroshiro.js';
import { monoNow, RateQueue } from './rate.js';
import { Ctl } from './shared-memory.js';

export interface GeneratorOptions {
  rate: number;
  /** uniform doubles in [0, 1): the generator thread's sysbench RNG */
  uniform: () => number;
  /** ms after the start at which generation stops (--warmup-time + --time), or Infinity */
  endAfterMs: number;
  /** drop instead of aborting when the queue is full (--rate-latency-limit) */
  dropWhenFull: boolean;
  /** the time is up: called before the queue closes (threads that wake then see why) */
  onTimeUp?: () => void;
}

/**
 * sysbench's eventgen_thread_proc: sleeps until each event's time, then enqueues it stamped with
 * the time it woke, unless a worker took it to start it itself at that time (counted the same).
 * Gaps are sb_rand_exp(1e9 / rate) whole nanoseconds; a first gap is drawn
 * before the loop and one more before each event. Returns when the run's time is up or the
 * queue is closed; on overflow (not in drop mode) it marks the queue and returns.
 */
export function generateEvents(queue: RateQueue, o: GeneratorOptions): void {
  const lambdaNs = 1e9 / o.rate;
  // -lambda * log(1 - u), converted to uint64_t nanoseconds as sysbench does
  const gapMs = (): number => Math.trunc(-lambdaNs * Math.log(1 - o.uniform())) / 1e6;
  const start = monoNow();
  const endAt = start + o.endAfterMs;
  queue.noteStart(start, endAt);
  let next = start + gapMs() + gapMs();
  // the gap after the next event is drawn ahead: between a release's stamp and its ring, and
  // after the ring (the woken worker may be waiting for this CPU), as little as can be
  let after = next + gapMs();
  for (let seq = 0; ; seq = (seq + 1) | 0) {
    const now = monoNow();
    if (queue.closed) break;
    if (now >= endAt) {
      o.onTimeUp?.();
      break;
    }
    // a worker with nothing to do may take the event and start it at its time (WorkerDoor.pace)
    queue.plan(seq, next, after);
    if (next > now) queue.sleepUntilDue(seq, next);
    if (queue.closed) break;
    const released = monoNow();
    if (queue.claim(seq)) {
      if (queue.push(released)) {
        queue.wake();
      } else {
        if (!o.dropWhenFull) return queue.overflow();
        queue.countDropped();
      }
      queue.noteRelease(released - next);
    }
    next = after;
    after += gapMs();
  }
  queue.close();
}

export interface GeneratorThreadData {
  /** the RateQueue's buffer */
  queue: SharedArrayBuffer;
  /** the run's control words (the start barrier's Go word) */
  ctl: SharedArrayBuffer;
  rate: number;
  /** the generator's sysbench RNG state (4 uint32 words, rand/seeding.ts) */
  seed: readonly number[];
  /** --warmup-time + --time in ms (Infinity without --time) */
  endAfterMs: number;
  dropWhenFull: boolean;
}

/** The generator thread's body: waits for the start, then generates (blocking this thread). */
export function runGenerator(d: GeneratorThreadData): void {
  const ctl = new Int32Array(d.ctl);
  const queue = new RateQueue(d.queue);
  while (Atomics.load(ctl, Ctl.Go) === 0 && !queue.closed) Atomics.wait(ctl, Ctl.Go, 0, 100);
  if (Atomics.load(ctl, Ctl.Go) < 0 || queue.closed) return;
  const rng = new Xoroshiro128Plus(d.seed[0], d.seed[1], d.seed[2], d.seed[3]);
  generateEvents(queue, {
    rate: d.rate, uniform: () => rng.nextDouble(), endAfterMs: d.endAfterMs, dropWhenFull: d.dropWhenFull,
    // as sysbench's threads find the time limit passed when the generator stops: the run's
    // stop word is set before the queue closes (the main thread's timer may fire a little later)
    onTimeUp: () => {
      Atomics.store(ctl, Ctl.Stop, 1);
      Atomics.notify(ctl, Ctl.Stop);
    },
  });
}

export interface GeneratorThread {
  /** ends the thread (it stops by itself when the queue is closed; this makes sure) */
  stop(): Promise<void>;
}

/**
 * Starts the generator thread; `onOverflow` is called (once) if the queue overflows, and
 * `onError` if the thread itself fails.
 */
export function startGeneratorThread(d: GeneratorThreadData, onOverflow: () => void, onError: (e: Error) => void): GeneratorThread {
  const queue = new RateQueue(d.queue);
  let told = false;
  const check = (): void => {
    if (!told && queue.overflowed) {
      told = true;
      onOverflow();
    }
  };
  const worker = new Worker(RATE_GENERATOR, { workerData: d, stdout: false, stderr: false });
  worker.unref();
  worker.on('exit', check);
  worker.on('error', (e) => {
    queue.close();
    onError(e);
  });
  return {
    stop: async () => {
      queue.close();
      await worker.terminate();
      check();
    },
  };
}
