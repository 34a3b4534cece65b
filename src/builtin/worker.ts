// Piscina worker of the built-in tests: hosts one or more sysbench threads of one test.
// A thread alone on its worker runs its events back to back; threads sharing a worker take
// turns event by event (the threads and mutex tests: slice by slice), so that every thread
// keeps going until --time or --events stops them all.
import { Logger, stdoutWriter } from '../output.js';
import { SbRng } from '../rand/sb-rand.js';
import { views } from '../runner/shared-memory.js';
import { ThreadStats } from '../runner/thread-stats.js';
import { RateQueue } from '../runner/rate.js';
import { EventDispatcher } from '../runner/event-dispatcher.js';
import { awaitGo, initDone, threadFinished, type WorkerResult } from '../runner/protocol.js';
import { builtinViews } from './shared-globals.js';
import { nextDouble } from './fast-rand.js';
import type { BuiltinThread, ThreadEnv } from './thread.js';
import { CpuThread } from './cpu.js';
import { MemoryThread } from './memory.js';
import { ThreadsThread } from './threads.js';
import { MutexThread } from './mutex.js';
import { FileioThread } from './fileio/thread.js';
import type { BuiltinTask } from './task.js';

function makeThread(task: BuiltinTask, env: ThreadEnv): BuiltinThread {
  const c = task.config;
  switch (c.kind) {
    case 'cpu': return new CpuThread(env, c);
    case 'memory': return new MemoryThread(env, c);
    case 'threads': return new ThreadsThread(env, c);
    case 'mutex': return new MutexThread(env, c);
    case 'fileio': return new FileioThread(env, c, task.builtin);
  }
}

/** Threads of a synchronous test: in turns until each has stopped. */
function runSync(threads: BuiltinThread[], ctl: Int32Array): boolean {
  let ok = true;
  const done = (t: BuiltinThread): void => {
    // thread_done() runs after a successful run only; like sysbench, its result is not an error
    if (t.failed) ok = false;
    else t.finish();
    threadFinished(ctl);
  };
  if (threads.length === 1) {
    const t = threads[0];
    while (t.step());
    done(t);
    return ok;
  }
  const live = threads.slice();
  while (live.length > 0) {
    for (let i = 0; i < live.length;) {
      if (live[i].step()) {
        i++;
      } else {
        done(live[i]);
        live.splice(i, 1);
      }
    }
  }
  return ok;
}

/** fileio threads in async mode: each its own loop, waiting only for completions. */
async function runAsync(threads: FileioThread[], ctl: Int32Array): Promise<boolean> {
  const results = await Promise.all(threads.map(async (t) => {
    while (await t.stepAsync());
    if (!t.failed) await t.finishAsync();
    threadFinished(ctl);
    return !t.failed;
  }));
  return !results.includes(false);
}

/**
 * With --rate: events come from the shared queue, when the event generator says so. Each
 * thread waits for its events in its own loop; an event, once there, runs start to end.
 */
async function runRated(threads: BuiltinThread[], ctl: Int32Array, events: EventDispatcher): Promise<boolean> {
  for (let i = 0; i < threads.length; i++) events.join();
  const results = await Promise.all(threads.map(async (t) => {
    let ok = true;
    while (t.hasNext()) {
      const r = t.stats.startEvent();
      const go = typeof r === 'boolean' ? r : await new Promise<boolean>((res) => r((_e, more) => res(more === true)));
      if (!go) {
        t.stopped();
        break;
      }
      ok = await t.runStarted();
      if (!ok) break;
      // let the other threads of this worker (and I/O completions) have their turn
      await new Promise<void>((res) => setImmediate(res));
    }
    events.leave();
    if (ok) {
      if (t instanceof FileioThread && t.async) await t.finishAsync();
      else t.finish();
    }
    threadFinished(ctl);
    return ok;
  }));
  return !results.includes(false);
}

export default async function run(task: BuiltinTask): Promise<WorkerResult> {
  const shared = views(task.shared);
  const ctl = shared.ctl;
  const log = new Logger(task.verbosity, stdoutWriter, task.shared.log);
  const words = builtinViews(task.builtin).words;
  const solo = task.tids.length === 1;
  const events = task.shared.queue ? new EventDispatcher(new RateQueue(task.shared.queue), task.worker) : null;
  // memory runs until its own per-thread limit; --events does not apply to it
  const maxEvents = task.config.kind === 'memory' ? 0 : task.maxEvents;
  const threads: BuiltinThread[] = [];
  let initOk = true;
  task.tids.forEach((tid, i) => {
    let ok = initOk;
    log.debug(`Worker thread (#${tid}) started`);
    if (ok) {
      try {
        const stats = new ThreadStats({
          shared, slot: tid, histRegion: task.worker, maxEvents, percentile: task.percentile,
          events, latencyLimitMs: task.rateLatencyLimit,
        });
        const rng = new SbRng(task.seeds[i], task.rand);
        // sysbench's histogram update draws from the thread's generator after each event
        // (the same step as rng.histogramSlot(), without its branch)
        stats.histogramSlot = () => nextDouble(rng.x);
        threads.push(makeThread(task, { tid, stats, rng, ctl, words, log, solo }));
      } catch (e) {
        log.fatal((e as Error).message);
        ok = initOk = false;
      }
    }
    log.debug(ok ? `Worker thread (#${tid}) initialized` : `Worker thread (#${tid}) failed to initialize!`);
    initDone(ctl, ok);
  });
  if (!(await awaitGo(ctl)) || !initOk) return { error: true };
  const c = task.config;
  let ok: boolean;
  if (events !== null) ok = await runRated(threads, ctl, events);
  else if (c.kind === 'fileio' && c.ioMode === 'async') ok = await runAsync(threads as FileioThread[], ctl);
  else ok = runSync(threads, ctl);
  return { error: !ok };
}
