// --rate, a worker's side of the event queue: the sysbench threads of one worker that wait for
// their next event queue up here, and the worker waits at its door (rate.ts) on their behalf.
//
// How the worker waits decides how much of our own time goes into each event's latency. While
// some of its threads are in an event (a query in flight), the worker's event loop must go on,
// so it waits asynchronously (Atomics.waitAsync: the ring reaches it through its event loop).
// When every thread it runs is waiting for an event, it has nothing else to do and sleeps on a
// futex instead (Atomics.wait), as sysbench's threads sleep on a condition variable: a ring then
// runs the next event at once, with no event-loop turn in between.
import type { RateQueue, WorkerDoor } from './rate.js';

/** What a thread waiting for an event is answered: an event to run (true), or stop (false). */
export type EventAnswer = (err: null, go: boolean) => void;

/** What the dispatcher asks of a waiting thread's accounting (ThreadStats). */
export interface EventTaker {
  /** takes a queued event (1), finds none (0), or must stop (-1: --time, Ctrl-C, a failure) */
  takeOrStop(): 1 | 0 | -1;
  /** takes the event the worker took from the schedule at `takenAt` (1), or must stop (-1) */
  takePaced(takenAt: number): 1 | -1;
}

/**
 * The longest the worker sleeps on the futex before it lets its event loop run once: what else
 * the loop has (a connection the server closed, output written) waits at most this long, and
 * an event is not delayed by it (its ring wakes the sleeper).
 */
const SLEEP_MS = 20;

export class EventDispatcher {
  // the waiting threads, in the order they came: a ring (a power of two long) that keeps its
  // slots, so that a thread's wait neither allocates nor resizes an array
  private takers: (EventTaker | null)[] = new Array<EventTaker | null>(8).fill(null);
  private answers: (EventAnswer | null)[] = new Array<EventAnswer | null>(8).fill(null);
  private head = 0;
  private tail = 0;
  /** threads of this worker that take events (they join before their first, leave after their last) */
  private active = 0;
  private readonly door: WorkerDoor;
  /** a ring() of the door is pending (its promise calls woken) */
  private ringArmed = false;
  /** an immediate will sleep on the futex or serve queued events */
  private sleepArmed = false;
  private dispatching = false;
  /**
   * Called after threads were handed events (and ran up to their first wait for the server):
   * the job sends the queries they left for the end of the loop's turn now.
   */
  onDispatched: (() => void) | null = null;

  constructor(readonly queue: RateQueue, private readonly worker: number) {
    this.door = queue.door(worker);
  }

  join(): void {
    this.active++;
  }

  leave(): void {
    this.active--;
    this.arm();
  }

  private get count(): number {
    return this.tail - this.head;
  }

  /** A thread waits for its next event: `answer` is called when it has one, or must stop. */
  wait(taker: EventTaker, answer: EventAnswer): void {
    if (this.count === this.takers.length) this.grow();
    const at = this.tail++ & (this.takers.length - 1);
    this.takers[at] = taker;
    this.answers[at] = answer;
    if (!this.dispatching) this.arm();
  }

  private grow(): void {
    const n = this.takers.length;
    const takers = new Array<EventTaker | null>(2 * n).fill(null);
    const answers = new Array<EventAnswer | null>(2 * n).fill(null);
    for (let i = 0; i < n; i++) {
      takers[i] = this.takers[(this.head + i) & (n - 1)]!;
      answers[i] = this.answers[(this.head + i) & (n - 1)]!;
    }
    this.takers = takers;
    this.answers = answers;
    this.head = 0;
    this.tail = n;
  }

  /**
   * Hands queued events to the waiting threads, in the order they came; the first of them gets
   * the event the worker paced itself, taken at `pacedAt` (when not -1).
   */
  private dispatch(pacedAt = -1): void {
    this.dispatching = true;
    let answered = false;
    while (this.count > 0) {
      const at = this.head & (this.takers.length - 1);
      const taker = this.takers[at]!;
      const r = pacedAt >= 0 ? taker.takePaced(pacedAt) : taker.takeOrStop();
      pacedAt = -1;
      if (r === 0) break;
      const answer = this.answers[at]!;
      this.takers[at] = null;
      this.answers[at] = null;
      // indices from 0 again once the ring is empty (small integers, whatever the run's length)
      if (++this.head === this.tail) this.head = this.tail = 0;
      // the thread runs its event (up to its first wait for the server) before the next is served
      answer(null, r === 1);
      answered = true;
    }
    this.dispatching = false;
    // events this worker has no thread for: another worker's waiting threads may take them
    if (this.count === 0 && this.queue.length > 0) this.queue.wake(this.worker);
    this.arm();
    // the queries last: writing one wakes the server's thread, which the kernel puts on this
    // CPU expecting us to block soon; our work after it delays the server
    if (answered) this.onDispatched?.();
  }

  private readonly woken = (): void => {
    this.ringArmed = false;
    this.dispatch();
  };

  private readonly sleep = (): void => {
    this.sleepArmed = false;
    // with a ring() pending the loop will hear of the event anyway: cancelling it (a task posted
    // to ourselves, an eventfd written and read) costs more than the futex saves
    let pacedAt = -1;
    // every thread waits: sleep until the generator's next event, and take it at its time
    // (no ring from the generator, nor a wake-up after it, between the event's time and its start)
    if (this.count > 0 && this.count >= this.active && !this.ringArmed) pacedAt = this.door.pace(SLEEP_MS);
    this.dispatch(pacedAt);
  };

  /** Makes sure the waiting threads will hear of the next event. */
  private arm(): void {
    this.door.setWaiting(this.count);
    if (this.count === 0) return;
    if (this.door.ready() || (this.count >= this.active && !this.ringArmed)) {
      // events already there: served once the loop has run what is due (replies, writes);
      // every thread here waiting for an event: sleep on the futex once the loop's turn is done
      if (!this.sleepArmed) {
        this.sleepArmed = true;
        setImmediate(this.sleep);
      }
      return;
    }
    if (!this.ringArmed) {
      this.ringArmed = true;
      void this.door.ring().then(this.woken);
    }
  }
}
