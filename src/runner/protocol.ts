// The worker side of the start barrier and thread accounting, shared by every kind of worker
// (Lua scripts, built-in tests). The main thread's side is in run.ts.
import { Ctl } from './shared-memory.js';

/** What every worker's task resolves to. */
export interface WorkerResult {
  /** a thread failed while running (sysbench's sb_globals.error) */
  error: boolean;
}

/** A thread finished its initialisation (thread_init or equivalent). */
export function initDone(ctl: Int32Array, ok: boolean): void {
  if (!ok) Atomics.add(ctl, Ctl.InitFailed, 1);
  const done = Atomics.add(ctl, Ctl.InitDone, 1) + 1;
  // the main thread waits for all of them: waking it for each of thousands of threads costs
  // both sides (a failure wakes it at once, for its message)
  if (!ok || done >= Atomics.load(ctl, Ctl.Threads)) Atomics.notify(ctl, Ctl.InitDone);
}

/** Waits at the start barrier: true to run, false when initialisation failed somewhere. */
export async function awaitGo(ctl: Int32Array): Promise<boolean> {
  while (Atomics.load(ctl, Ctl.Go) === 0) await Atomics.waitAsync(ctl, Ctl.Go, 0).value;
  return Atomics.load(ctl, Ctl.Go) > 0;
}

/** A thread stopped running events. */
export function threadFinished(ctl: Int32Array): void {
  Atomics.sub(ctl, Ctl.Running, 1);
  Atomics.notify(ctl, Ctl.Running);
}
