// Starts a Lua run's worker threads before the CLI is even loaded. bin/sysbench.cjs calls
// warmFromArgv() first thing: a worker thread takes as long to boot and load its code as the
// main thread takes to load the CLI, build its own Lua state and run the script's init(), and
// the run's threads can only start once both are done. Started here, the two overlap.
//
// This reads only what the pool depends on (sysbench's word grammar, --threads and its 0.5
// alias, --worker-threads, --db-driver) and gives up on anything it is not sure of (a config
// file, a value that is not a plain number). A wrong guess costs nothing but the threads: the
// run takes warm threads only when they are what it needs (pool.ts takePool), and main() stops
// the ones nobody took.
import { findBuiltinTest } from '../options/defs/builtin.js';
import { LUA_WORKER } from '../paths.js';
import { scriptWorkerThreads, warmUp } from '../runner/pool.js';

export interface EarlyRun {
  threads: number;
  workerThreads: number;
  driver: string;
}

/** What `argv` (without the program name) runs, when it surely is a Lua script's `run`; else null. */
export function predictLuaRun(argv: readonly string[]): EarlyRun | null {
  let testname: string | null = null;
  let cmdname: string | null = null;
  const opts = new Map<string, string>();
  for (const arg of argv) {
    if (!arg.startsWith('--')) {
      if (testname === null) testname = arg;
      else if (cmdname === null) cmdname = arg;
      else return null;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    opts.set(name, eq < 0 ? 'on' : arg.slice(eq + 1));
    if (name === 'test') testname = opts.get(name) as string;
  }
  if (cmdname !== 'run' || testname === null || testname === '-' || findBuiltinTest(testname) !== undefined) return null;
  if (opts.has('config-file') || opts.has('help') || opts.has('version')) return null;
  const count = (name: string, dflt: number): number | null => {
    const v = opts.get(name);
    if (v === undefined) return dflt;
    return /^[0-9]{1,6}$/.test(v) ? Number(v) : null;
  };
  const numThreads = count('num-threads', 1);
  let threads = count('threads', 1);
  const workerThreads = count('worker-threads', 0);
  if (numThreads === null || threads === null || workerThreads === null) return null;
  // sysbench 1.0.20: --num-threads wins when it is above 1 (options/settings.ts)
  if (numThreads > 1) threads = numThreads;
  if (threads < 1) return null;
  return { threads, workerThreads, driver: opts.get('db-driver') ?? 'mysql' };
}

/** Starts the worker threads of the run `argv` asks for, when it is surely a Lua script's run. */
export function warmFromArgv(argv: readonly string[]): void {
  const run = predictLuaRun(argv);
  if (run === null) return;
  warmUp(LUA_WORKER, { threads: run.threads, workerThreads: scriptWorkerThreads(run) }, { driver: run.driver }, 'early');
}

export { coolDown } from '../runner/pool.js';
