// Timers for any duration sysbench accepts. Node's setTimeout takes at most 2^31-1 ms (about
// 24.8 days): a longer delay fires after 1 ms, with a TimeoutOverflowWarning. sysbench's
// durations (--time, --report-interval, --report-checkpoints, --forced-shutdown) are unsigned
// seconds, up to 2^32-1 and beyond: a long delay is a chain of shorter timers aimed at one
// deadline on the monotonic clock, so the chain does not drift.
import { performance } from 'node:perf_hooks';

/** The longest delay setTimeout honours. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface LongTimer {
  cancel(): void;
}

/** Runs `f` once, `ms` milliseconds from now (Infinity: never; NaN or negative: at once). */
export function setLongTimeout(ms: number, f: () => void, now: () => number = () => performance.now()): LongTimer {
  const due = now() + (ms > 0 ? ms : 0);
  let timer: NodeJS.Timeout | null = null;
  let cancelled = false;
  const arm = (): void => {
    if (cancelled) return;
    const left = due - now();
    if (left > MAX_TIMEOUT_MS) timer = setTimeout(arm, MAX_TIMEOUT_MS);
    else timer = setTimeout(f, left > 0 ? left : 0);
  };
  arm();
  return {
    cancel: () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * How early a timer that must be on time (setPreciseTimeout) fires, to sleep the rest: Node's
 * timers have millisecond steps and fire late by what the event loop was doing.
 */
const PRECISE_LEAD_MS = 10;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `f` at `due` (performance.now() ms) to within the kernel's timer slack: a timer fires a
 * little early and the thread sleeps the rest on a futex (Atomics.wait, which blocks this
 * thread's event loop for at most PRECISE_LEAD_MS). For reports that must cover their
 * interval exactly.
 */
export function setPreciseTimeout(due: number, f: () => void, now: () => number = () => performance.now()): LongTimer {
  return setLongTimeout(due - PRECISE_LEAD_MS - now(), () => {
    const left = due - now();
    if (left > 0) Atomics.wait(sleeper, 0, 0, left);
    f();
  }, now);
}
