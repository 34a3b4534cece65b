// The job the runner runs for a Lua script: which worker module runs the threads, and the task
// each worker gets.
import type { DriverConfig } from '../drivers/index.js';
import type { RandConfig, UniqueState } from '../rand/sb-rand.js';
import type { SeedWords } from '../rand/seeding.js';
import type { RunLimits, ThreadJob } from '../runner/run.js';
import type { ScriptSpec } from './state-host.js';
import type { LuaWorkerTask } from './task.js';
import { LUA_WORKER } from '../paths.js';

export interface ThreadPlan {
  script: ScriptSpec;
  driver: DriverConfig;
  rand: RandConfig;
  unique: UniqueState;
  /** seed words for thread ids 0..threads-1 */
  seeds: SeedWords[];
  /** the main thread shows insert progress: workers forward their inserted rows */
  insertProgress: boolean;
  /** --shard: the id of the first thread (0 otherwise) */
  firstThreadId?: number;
}

/** The job of a Lua script's threads ('run': events; 'command': a parallel custom command). */
export function luaJob(mode: LuaWorkerTask['mode'], commandName: string, plan: ThreadPlan, limits: RunLimits): ThreadJob {
  return {
    workerFile: LUA_WORKER,
    task: (worker, tids, shared): LuaWorkerTask => ({
      mode, commandName, script: plan.script, tids, firstThreadId: plan.firstThreadId, seeds: tids.map((t) => plan.seeds[t]),
      unique: plan.unique, rand: plan.rand, worker, shared, driver: plan.driver,
      maxEvents: limits.events, percentile: limits.percentile, verbosity: limits.verbosity,
      rateLatencyLimit: limits.rateLatencyLimit, insertProgress: plan.insertProgress,
    }),
  };
}
