// Piscina worker: hosts several sysbench threads, each a Lua state driven as a coroutine.
import { Logger, stdoutWriter, tickBatchedWriter } from '../output.js';
import { SbRng } from '../rand/sb-rand.js';
import { makeRandApi } from '../lua/rand-api.js';
import { LuaThread } from './lua-thread.js';
import { StateHost } from './state-host.js';
import { views } from './shared.js';
import { RateQueue } from './rate.js';
import { awaitGo, initDone, threadFinished } from './protocol.js';
import type { WorkerTask, WorkerResult } from './task.js';

function makeThreads(task: WorkerTask): LuaThread[] {
  const shared = views(task.shared);
  const out = tickBatchedWriter(stdoutWriter);
  const log = new Logger(task.verbosity, out);
  const unique = task.unique;
  const queue = task.shared.queue ? new RateQueue(task.shared.queue) : null;
  return task.tids.map((tid, i) => {
    const host = new StateHost({
      tid, slot: tid, histRegion: task.worker, script: task.script, shared,
      driver: task.driver, maxEvents: task.maxEvents, percentile: task.percentile, out, log,
      queue, latencyLimitMs: task.rateLatencyLimit,
    });
    const rng = new SbRng(task.seeds[i], task.rand, unique);
    host.stats.histogramSlot = () => rng.histogramSlot();
    return new LuaThread(host, makeRandApi(rng));
  });
}

const step = (f: (done: (ok: boolean) => void) => void): Promise<boolean> => new Promise((resolve) => f(resolve));

async function runThread(t: LuaThread, ctl: Int32Array): Promise<boolean> {
  let ok = await step((d) => t.runEvents(d));
  if (ok) ok = await step((d) => t.call('thread_done', true, d));
  await new Promise<void>((r) => t.close(r));
  threadFinished(ctl);
  return ok;
}

async function runMode(task: WorkerTask): Promise<WorkerResult> {
  const ctl = new Int32Array(task.shared.ctl);
  const threads: LuaThread[] = [];
  for (const t of makeThreads(task)) {
    threads.push(t);
    let ok = await step((d) => t.load(d));
    if (ok) {
      t.exportOptions();
      ok = await step((d) => t.call('thread_init', true, d));
    }
    initDone(ctl, ok);
  }
  // the start barrier: nobody runs events before every thread is initialised
  if (!(await awaitGo(ctl))) {
    await Promise.all(threads.map((t) => new Promise<void>((r) => t.close(r))));
    return { error: true };
  }
  const results = await Promise.all(threads.map((t) => runThread(t, ctl)));
  return { error: results.includes(false) };
}

async function commandMode(task: WorkerTask): Promise<WorkerResult> {
  const results = await Promise.all(makeThreads(task).map(async (t) => {
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

export default function run(task: WorkerTask): Promise<WorkerResult> {
  return task.mode === 'run' ? runMode(task) : commandMode(task);
}
