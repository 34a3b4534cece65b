// Piscina worker of a Lua script: hosts several sysbench threads, each a Lua state driven as a
// coroutine.
import { Logger, stdoutWriter, tickBatchedWriter } from '../output.js';
import { SbRng } from '../rand/sb-rand.js';
import { makeRandApi } from '../lua/api/rand.js';
import { onRowsInserted } from '../lua/inserted-rows.js';
import { views } from '../runner/shared-memory.js';
import { RateQueue } from '../runner/rate.js';
import { awaitGo, initDone, threadFinished, type WorkerResult } from '../runner/protocol.js';
import { forwardRowsToMainThread } from '../progress.js';
import { ScriptState } from './script-state.js';
import { StateHost } from './state-host.js';
import type { LuaWorkerTask } from './task.js';

function makeStates(task: LuaWorkerTask): ScriptState[] {
  const shared = views(task.shared);
  const out = tickBatchedWriter(stdoutWriter);
  const log = new Logger(task.verbosity, out, task.shared.log);
  const unique = task.unique;
  const queue = task.shared.queue ? new RateQueue(task.shared.queue) : null;
  return task.tids.map((tid, i) => {
    const host = new StateHost({
      tid: tid + (task.firstThreadId ?? 0), slot: tid, histRegion: task.worker, script: task.script, shared,
      driver: task.driver, maxEvents: task.maxEvents, percentile: task.percentile, out, log,
      queue, latencyLimitMs: task.rateLatencyLimit,
    });
    const rng = new SbRng(task.seeds[i], task.rand, unique);
    host.stats.histogramSlot = () => rng.histogramSlot();
    return new ScriptState(host, makeRandApi(rng));
  });
}

const step = (f: (done: (ok: boolean) => void) => void): Promise<boolean> => new Promise((resolve) => f(resolve));

async function runThread(t: ScriptState, ctl: Int32Array): Promise<boolean> {
  const ok = await step((d) => t.runEvents(d));
  if (!ok) {
    // sysbench neither calls thread_done nor closes the state of a failed thread (no
    // finalizers run, its connections end with the process)
    threadFinished(ctl);
    return false;
  }
  const done = await step((d) => t.call('thread_done', true, d));
  await new Promise<void>((r) => t.close(r));
  threadFinished(ctl);
  return done;
}

async function runMode(task: LuaWorkerTask): Promise<WorkerResult> {
  const ctl = new Int32Array(task.shared.ctl);
  const states: ScriptState[] = [];
  for (const t of makeStates(task)) {
    states.push(t);
    const { log, tid } = t.host;
    log.debug(`Worker thread (#${tid}) started`);
    let ok = await step((d) => t.load(d));
    if (ok) {
      t.exportOptions();
      ok = await step((d) => t.call('thread_init', true, d));
    }
    log.debug(ok ? `Worker thread (#${tid}) initialized` : `Worker thread (#${tid}) failed to initialize!`);
    // let the batched writer write what this thread printed before the main thread goes on
    await Promise.resolve();
    initDone(ctl, ok);
  }
  // the start barrier: nobody runs events before every thread is initialised
  if (!(await awaitGo(ctl))) {
    await Promise.all(states.map((t) => new Promise<void>((r) => t.close(r))));
    return { error: true };
  }
  const results = await Promise.all(states.map((t) => runThread(t, ctl)));
  return { error: results.includes(false) };
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

export default function run(task: LuaWorkerTask): Promise<WorkerResult> {
  onRowsInserted(task.insertProgress ? forwardRowsToMainThread() : null);
  return task.mode === 'run' ? runMode(task) : commandMode(task);
}
