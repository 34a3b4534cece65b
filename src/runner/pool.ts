// The worker thread pools of runs (piscina), and the pool a run's threads get started in
// before the run needs them. bundle/ ships this module as a file of its own (pool.cjs) that
// bin/sysbench.cjs loads before the CLI: a Lua run's worker thread then boots and loads its
// code while the main thread is still loading the CLI and the script (src/cli/early-warm.ts).
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { WORKER_ENTRY } from '../paths.js';

export function workerCount(threads: number, requested: number): number {
  if (requested > 0) return Math.min(requested, threads);
  return Math.max(1, Math.min(threads, availableParallelism()));
}

/**
 * The worker threads a Lua script's run gets unless --worker-threads says: one per two CPUs.
 * Its threads mostly wait for the server, which usually shares the machine; one worker hosting
 * many coroutines gathers several replies per wake-up, where more workers add context switches
 * and take CPU from the server (2 CPUs, oltp_point_select, 16 threads: one worker 42 µs of
 * client CPU per event and 26k tps, two 68 µs and 20k tps).
 */
export function scriptWorkerThreads(limits: { threads: number; workerThreads: number }): number {
  if (limits.workerThreads > 0) return limits.workerThreads;
  return Math.max(1, Math.min(limits.threads, Math.floor(availableParallelism() / 2)));
}

function makePool(workers: number, workerFile: URL | null = null, hint?: unknown): Piscina {
  return new Piscina({
    filename: WORKER_ENTRY.href,
    minThreads: workers,
    maxThreads: workers,
    concurrentTasksPerWorker: 1,
    idleTimeout: 1000,
    // the task is long and asynchronous: workers must keep their event loop
    atomics: 'disabled',
    // worker-entry.cts starts importing the job's module as soon as the thread is up
    // (and hands its warm() export `hint`, to load what the coming task will need)
    workerData: workerFile ? { preload: workerFile.href, hint } : undefined,
  });
}

// worker threads started before the run needs them (warmUp), so that they load their modules
// while the main thread prepares the run
let warm: { pool: Piscina; workers: number; file: string; by: string } | null = null;

/**
 * Starts the worker threads of a run that is coming, with `workerFile` loading in each; once
 * loaded, its optional warm(hint) export runs (worker-entry.cts). A second call while threads
 * are warm changes nothing: the run takes them only if they are what it needs (takePool).
 */
export function warmUp(workerFile: URL, limits: { threads: number; workerThreads: number }, hint?: unknown, by = 'cli'): void {
  if (warm !== null) return;
  const workers = workerCount(Math.max(1, limits.threads), limits.workerThreads);
  warm = { pool: makePool(workers, workerFile, hint), workers, file: workerFile.href, by };
}

/** Stops warmed-up worker threads that no run took. */
export async function coolDown(): Promise<void> {
  const w = warm;
  warm = null;
  if (w !== null) await w.pool.destroy();
}

/**
 * The warm pool when it has `workers` threads loading `workerFile`, else a new pool (warm
 * threads that are not what the run needs are stopped).
 */
export function takePool(workers: number, workerFile: URL): Piscina {
  const w = warm;
  warm = null;
  const fits = w !== null && w.workers === workers && w.file === workerFile.href;
  // SYSBENCH_TS_TRACE_POOL: for tests, which pool a run got
  if (process.env.SYSBENCH_TS_TRACE_POOL) process.stderr.write(`sysbench-ts: pool: ${fits ? `warm (${w.by})` : w === null ? 'new' : `new (warm one stopped, ${w.by})`}\n`);
  if (fits) return w.pool;
  if (w !== null) void w.pool.destroy();
  return makePool(workers, workerFile);
}
