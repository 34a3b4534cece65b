// What the main thread sends a worker of a Lua script: everything needed to build that worker's
// Lua states.
import type { DriverConfig } from '../drivers/index.js';
import type { RandConfig, UniqueState } from '../rand/sb-rand.js';
import type { SeedWords } from '../rand/seeding.js';
import type { SharedBuffers } from '../runner/shared-memory.js';
import type { ScriptSpec } from './state-host.js';

export interface LuaWorkerTask {
  /** 'run': thread_init / thread_run / thread_done; 'command': a parallel custom command */
  mode: 'run' | 'command';
  commandName: string;
  script: ScriptSpec;
  tids: number[];
  /** --shard: added to the thread ids scripts see (slots stay 0-based) */
  firstThreadId?: number;
  /** xoroshiro seed words per entry of `tids` */
  seeds: SeedWords[];
  /** shared by every thread: its index cell lives on a SharedArrayBuffer */
  unique: UniqueState;
  rand: RandConfig;
  worker: number;
  shared: SharedBuffers;
  driver: DriverConfig;
  maxEvents: number;
  percentile: number;
  /** --rate-latency-limit, ms */
  rateLatencyLimit: number;
  verbosity: number;
  /** rows of multi-row INSERTs go to the main thread's progress line */
  insertProgress: boolean;
}
