// Piscina worker of a Lua script: hosts several sysbench threads, each a Lua state driven as a
// coroutine.
import { Logger, stdoutWriter, tickBatchedWriter } from '../output.js';
import { SbRng } from '../rand/sb-rand.js';
import { makeRandApi } from '../lua-runtime/api/rand.js';
import { onRowsInserted } from '../lua-runtime/inserted-rows.js';
import { views } from '../runner/shared-memory.js';
import { RateQueue } from '../runner/rate.js';
import { EventDispatcher } from '../runner/event-dispatcher.js';
import { awaitGo, initDone, threadFinished, type WorkerResult } from '../runner/protocol.js';
import { forwardRowsToMainThread } from '../progress.js';
import { ScriptState } from './script-state.js';
import { StateTemplate, type TemplateScript } from '../lua-runtime/state-template.js';
import { STDIN_SCRIPT } from '../lua-runtime/state.js';
import { loadFileCached } from '../lua-runtime/chunk-cache.js';
import { exportOptions } from '../lua-runtime/api/opt.js';
import { StateHost } from './state-host.js';
import type { LuaWorkerTask } from './task.js';
import { preloadDriver } from '../drivers/index.js';
import { flushPendingWrites } from '../drivers/direct-write.js';
import { v8 } from '../lazy-node-modules.js';

/**
 * Each sysbench thread is a Lua state on this worker's heap: when they do not fit, fail at once
 * with a clear message rather than let V8 collect garbage for minutes near its limit.
 */
function assertHeapRoom(made: number, wanted: number): void {
  // every 16 states, from the 16th: the first few fit in any heap (and a run of up to 16 threads
  // a worker then never loads node:v8, ~1 ms of its start)
  if (made === 0 || made % 16 !== 0) return;
  const h = v8().getHeapStatistics();
  if (h.used_heap_size > 0.85 * h.heap_size_limit) {
    throw new Error(`out of memory: ${wanted} threads on this worker thread do not fit in its heap `
      + `(${Math.round(h.heap_size_limit / 2 ** 20)} MiB; ${made} fitted): use fewer --threads`);
  }
}

/** Makes the Lua state of each thread of the task, in order, as they are asked for. */
function stateMaker(task: LuaWorkerTask, events: EventDispatcher | null = null): (i: number) => ScriptState {
  const shared = views(task.shared);
  const out = tickBatchedWriter(stdoutWriter);
  const log = new Logger(task.verbosity, out, task.shared.log);
  const unique = task.unique;
  // several threads: the first builds the API's state as a template, with the script's main
  // chunk run and the options exported when the chunk does the same in every thread; each
  // thread's state is a copy of it
  let template: StateTemplate | null | undefined = task.tids.length > 1 ? undefined : null;
  const { file, options, legacyGlobals } = task.script;
  const script: TemplateScript | undefined = file === STDIN_SCRIPT ? undefined : {
    load: (L) => loadFileCached(L, file),
    then: (L) => exportOptions(L, options, legacyGlobals),
  };
  return (i) => {
    const tid = task.tids[i];
    assertHeapRoom(i, task.tids.length);
    const host = new StateHost({
      tid: tid + (task.firstThreadId ?? 0), slot: tid, histRegion: task.worker, script: task.script, shared,
      driver: task.driver, maxEvents: task.maxEvents, percentile: task.percentile, out, log,
      events, latencyLimitMs: task.rateLatencyLimit,
    });
    const rng = new SbRng(task.seeds[i], task.rand, unique);
    host.stats.histogramSlot = () => rng.histogramSlot();
    const rand = makeRandApi(rng);
    if (template === undefined) {
      const built = StateTemplate.build(host, rand, script);
      template = built.template;
      return new ScriptState(host, rand, built.state);
    }
    return new ScriptState(host, rand, template?.newState(host, rand));
  };
}

function makeStates(task: LuaWorkerTask): ScriptState[] {
  const make = stateMaker(task);
  return task.tids.map((_, i) => make(i));
}

/** Lets the event loop run (I/O callbacks of the threads already initialising). */
const yieldToLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

/**
 * How long the worker makes states before letting the event loop handle the replies of the
 * connections already started (ms). A turn of the loop per state cost more than the overlap
 * with the server gained: 100 threads, 11 alternating starts, 580 -> 540 ms with a turn every
 * 16 states, 512 with none until all are made. Bounded in time, not in states, so that a
 * connection's handshake never waits long (the server closes one left unanswered for its
 * connect_timeout, 10 s) however many threads a worker starts.
 */
const STATES_TURN_MS = 50;

const step = (f: (done: (ok: boolean) => void) => void): Promise<boolean> => new Promise((resolve) => f(resolve));

async function runThread(t: ScriptState, ctl: Int32Array, events: EventDispatcher | null): Promise<boolean> {
  const ok = await step((d) => t.runEvents(d));
  events?.leave();
  if (!ok) {
    // sysbench neither calls thread_done nor closes the state of a failed thread (no
    // finalizers run, its connections end with the process)
    threadFinished(ctl);
    return false;
  }
  // a failing thread_done is reported (FATAL) but, as in sysbench, does not fail the run
  await step((d) => t.call('thread_done', true, d));
  await new Promise<void>((r) => t.close(r));
  threadFinished(ctl);
  return true;
}

/**
 * Runs the script's main chunk in thread `t`, then its thread_init; `done` says whether both
 * worked. Callbacks, not awaits: it goes on at once as far as it can (to thread_init's first
 * wait for the server, usually its connect), while the state is fresh in the caches, instead of
 * in a microtask after the next states are made.
 */
function initThread(t: ScriptState, done: (ok: boolean) => void): void {
  t.host.log.debug(`Worker thread (#${t.host.tid}) started`);
  t.load((loaded) => {
    if (!loaded) return done(false);
    t.exportOptions();
    t.call('thread_init', true, done);
  });
}

async function runMode(task: LuaWorkerTask): Promise<WorkerResult> {
  const ctl = new Int32Array(task.shared.ctl);
  // --rate: this worker's side of the event queue
  const events = task.shared.queue ? new EventDispatcher(new RateQueue(task.shared.queue), task.worker) : null;
  if (events !== null) events.onDispatched = flushPendingWrites;
  const make = stateMaker(task, events);
  const states: ScriptState[] = [];
  const inits: Promise<void>[] = [];
  // every thread of this worker initialises at once, as sysbench's threads do: thread_init
  // usually connects, and connections behind a slow network must not wait for each other.
  // Each thread loads the script and starts thread_init (its connect) as soon as its state is
  // made; every STATES_TURN_MS the replies of the connections already started are handled.
  let lastTurn = performance.now();
  for (let i = 0; i < task.tids.length; i++) {
    if (performance.now() - lastTurn >= STATES_TURN_MS) {
      await yieldToLoop();
      lastTurn = performance.now();
    }
    const t = make(i);
    states.push(t);
    inits.push(new Promise<void>((resolve) => initThread(t, (ok) => {
      const { log, tid } = t.host;
      log.debug(ok ? `Worker thread (#${tid}) initialized` : `Worker thread (#${tid}) failed to initialize!`);
      // what this thread printed is out before the main thread goes on
      log.out.flush?.();
      initDone(ctl, ok);
      resolve();
    })));
  }
  await Promise.all(inits);
  // the start barrier: nobody runs events before every thread is initialised
  if (!(await awaitGo(ctl))) {
    await Promise.all(states.map((t) => new Promise<void>((r) => t.close(r))));
    return { error: true };
  }
  crashHookForTests(task.worker);
  for (let i = 0; i < states.length; i++) events?.join();
  const results = await Promise.all(states.map((t) => runThread(t, ctl, events)));
  return { error: results.includes(false) };
}

/**
 * For the reliability tests only: SYSBENCH_TS_TEST_WORKER_CRASH_MS=N makes worker 0 die N ms
 * after the threads start (an uncaught exception), as a worker hit by a bug would.
 */
function crashHookForTests(worker: number): void {
  const ms = Number(process.env.SYSBENCH_TS_TEST_WORKER_CRASH_MS);
  if (worker !== 0 || !(ms > 0)) return;
  setTimeout(() => { throw new Error('simulated crash (SYSBENCH_TS_TEST_WORKER_CRASH_MS)'); }, ms);
}

async function commandMode(task: LuaWorkerTask): Promise<WorkerResult> {
  const results = await Promise.all(makeStates(task).map(async (t) => {
    let ok = await step((d) => t.load(d));
    if (ok) {
      t.exportOptions();
      ok = await step((d) => t.callCommand(task.commandName, d));
    }
    await new Promise<void>((r) => t.close(r));
    return ok;
  }));
  return { error: results.includes(false) };
}

/** Before the task comes (run.ts, warmUp): load the module of the driver the run will use. */
export function warm(hint: { driver?: string }): void {
  if (typeof hint?.driver === 'string') void preloadDriver(hint.driver);
}

export default function run(task: LuaWorkerTask): Promise<WorkerResult> {
  onRowsInserted(task.insertProgress ? forwardRowsToMainThread() : null);
  // the threads will connect: load the driver's module while their states are built
  void preloadDriver(task.driver.name);
  return task.mode === 'run' ? runMode(task) : commandMode(task);
}
