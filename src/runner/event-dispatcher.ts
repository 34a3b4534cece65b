// --rate, a worker's side of the event queue: the sysbench threads of one worker that wait for
// their next event queue up here, and the worker waits for the generator on their behalf.
//
// How the worker waits decides how much of our own time goes into each event's latency. While
// some of its threads are in an event (a query in flight), the worker's event loop must go on,
// so it waits asynchronously (Atomics.waitAsync: the generator's wake reaches it through its
// event loop). When every thread it runs is waiting for an event, it has nothing else to do and
// sleeps on a futex instead (Atomics.wait), as sysbench's threads sleep on a condition variable:
// the generator's wake then runs the next event at once, with no event-loop turn in between.
import type { RateQueue } from './rate.js';

/** What a thread waiting for an event is answered: an event to run (true), or stop (false). */
export type EventAnswer = (err: null, go: boolean) => void;

/** What the dispatcher asks of a waiting thread's accounting (ThreadStats). */
export interface EventTaker {
  /** takes a queued event (1), finds none (0), or must stop (-1: --time, Ctrl-C, a failure) */
  takeOrStop(): 1 | 0 | -1;
}

/**
 * The longest the worker sleeps on the futex before it lets its event loop run once: what else
 * the loop has (a connection the server closed, output written) waits at most this long, and
 * an event is not delayed by it (the generator wakes the sleeper).
 */
const SLEEP_MS = 20;

interface Waiting {
  taker: EventTaker;
  answer: EventAnswer;
}

export class EventDispatcher {
  private readonly waiting: Waiting[] = [];
  private head = 0;
  /** threads of this worker that take events (they join before their first, leave after their last) */
  private active = 0;
  private asyncArmed = false;
  private sleepArmed = false;
  private dispatching = false;

  constructor(readonly queue: RateQueue) {}

  join(): void {
    this.active++;
  }

  leave(): void {
    this.active--;
    this.arm();
  }

  private get count(): number {
    return this.waiting.length - this.head;
  }

  /** A thread waits for its next event: `answer` is called when it has one, or must stop. */
  wait(taker: EventTaker, answer: EventAnswer): void {
    this.waiting.push({ taker, answer });
    if (!this.dispatching) this.arm();
  }

  /** Hands queued events to the waiting threads, in the order they came. */
  private dispatch = (): void => {
    this.dispatching = true;
    while (this.count > 0) {
      const w = this.waiting[this.head]!;
      const r = w.taker.takeOrStop();
      if (r === 0) break;
      this.waiting[this.head++] = undefined as unknown as Waiting;
      if (this.head === this.waiting.length) {
        this.waiting.length = 0;
        this.head = 0;
      }
      // the thread runs its event (up to its first wait for the server) before the next is served
      w.answer(null, r === 1);
    }
    this.dispatching = false;
    this.arm();
  };

  private readonly woken = (): void => {
    this.asyncArmed = false;
    this.dispatch();
  };

  private readonly sleep = (): void => {
    this.sleepArmed = false;
    if (this.count === 0) return;
    if (this.count >= this.active) this.queue.sleepForEvent(SLEEP_MS);
    this.dispatch();
  };

  /** Makes sure the waiting threads will hear of the next event. */
  private arm(): void {
    if (this.count === 0) return;
    if (this.queue.length > 0 || this.queue.closed) {
      // events already queued: served once the loop has run what is due (replies, writes)
      if (!this.sleepArmed) {
        this.sleepArmed = true;
        setImmediate(this.sleep);
      }
      return;
    }
    if (this.count >= this.active) {
      // every thread here waits for an event: sleep on the futex once the loop's turn is done
      if (!this.sleepArmed) {
        this.sleepArmed = true;
        setImmediate(this.sleep);
      }
      return;
    }
    if (!this.asyncArmed) {
      this.asyncArmed = true;
      void this.queue.waitForEvent().then(this.woken);
    }
  }
}
