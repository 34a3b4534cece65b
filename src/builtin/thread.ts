// One sysbench thread of a built-in test, as the worker drives it: sysbench's default
// thread_run() loop (sb_more_events, next_event, sb_event_start, execute_event,
// sb_event_stop), one event per step() so that several threads can share a worker.
import { Ctl } from '../runner/shared-memory.js';
import type { ThreadStats } from '../runner/thread-stats.js';
import type { SbRng } from '../rand/sb-rand.js';
import type { Logger } from '../output.js';
import { GlobalWord } from './shared-globals.js';

export interface ThreadEnv {
  /** the sysbench thread id */
  tid: number;
  stats: ThreadStats;
  rng: SbRng;
  /** the runner's control words */
  ctl: Int32Array;
  /** the built-in tests' shared words (shared.ts) */
  words: Int32Array;
  log: Logger;
  /** the only thread of its worker: it may block (locks, yields) instead of stepping */
  solo: boolean;
}

export abstract class BuiltinThread {
  failed = false;

  constructor(protected readonly env: ThreadEnv) {}

  get stats(): ThreadStats {
    return this.env.stats;
  }

  /** Runs one event (or a slice of one); false when the thread has nothing more to do. */
  abstract step(): boolean;

  /** With --rate: whether the thread has another event (next_event() would not be NULL). */
  hasNext(): boolean {
    return true;
  }

  /**
   * With --rate: runs a whole event whose timer the rate queue already started (events are
   * not sliced then, so a mutex is never held while another thread of the worker runs).
   * False on error.
   */
  abstract runStarted(): boolean | Promise<boolean>;

  /** sb_more_events() said no (the caller found out): see limitReached(). */
  stopped(): void {
    this.limitReached();
  }

  /** thread_done(): false on error. */
  finish(): boolean {
    return true;
  }

  /** sb_more_events() said no: remember why, for the INFO messages after the run. */
  protected limitReached(): void {
    const ctl = this.env.ctl;
    if (Atomics.load(ctl, Ctl.ThreadFailed) !== 0) return;
    Atomics.add(this.env.words, Atomics.load(ctl, Ctl.Stop) !== 0 ? GlobalWord.StopTime : GlobalWord.StopEvents, 1);
  }

  /** An event failed: every thread stops (sb_globals.error). */
  protected fail(): void {
    this.failed = true;
    Atomics.store(this.env.ctl, Ctl.ThreadFailed, 1);
    Atomics.store(this.env.ctl, Ctl.Stop, 1);
  }
}

/** Tests whose events run start to end in one go (cpu, memory, fileio). */
export abstract class EventThread extends BuiltinThread {
  step(): boolean {
    const st = this.env.stats;
    if (!st.more()) {
      this.limitReached();
      return false;
    }
    if (!this.next()) return false;
    st.begin();
    const ok = this.execute();
    st.stop();
    if (!ok) {
      this.fail();
      return false;
    }
    return true;
  }

  runStarted(): boolean | Promise<boolean> {
    const st = this.env.stats;
    this.next();
    const ok = this.execute();
    st.stop();
    if (!ok) this.fail();
    return ok;
  }

  /** next_event(): false for SB_REQ_TYPE_NULL (the thread is done). */
  protected abstract next(): boolean;

  /** execute_event(): false on error (the message is already out). */
  protected abstract execute(): boolean;
}
