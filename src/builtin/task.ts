// What the main thread sends each worker of a built-in test.
import type { RandConfig } from '../rand/sb-rand.js';
import type { SeedWords } from '../rand/seeding.js';
import type { SharedBuffers } from '../runner/shared-memory.js';
import type { CpuConfig } from './cpu.js';
import type { MemoryConfig } from './memory.js';
import type { ThreadsConfig } from './threads.js';
import type { MutexConfig } from './mutex.js';
import type { FileioConfig } from './fileio/config.js';

export type TestConfig = CpuConfig | MemoryConfig | ThreadsConfig | MutexConfig | FileioConfig;

export interface BuiltinTask {
  config: TestConfig;
  tids: number[];
  /** xoroshiro seed words per entry of `tids` */
  seeds: SeedWords[];
  rand: RandConfig;
  worker: number;
  shared: SharedBuffers;
  /** the built-in tests' own shared buffer (shared.ts) */
  builtin: SharedArrayBuffer;
  /** --events as the threads see it (the memory test has its own limit instead) */
  maxEvents: number;
  percentile: number;
  /** --rate-latency-limit, ms */
  rateLatencyLimit: number;
  verbosity: number;
}
