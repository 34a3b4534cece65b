// The mutex test (sysbench's src/tests/mutex): --mutex-num padded mutexes shared by all
// threads; each thread runs ONE event: --mutex-locks times, pick a mutex at random (the
// thread's generator), spin --mutex-loops empty iterations, then lock it, increment a
// shared variable, unlock. Threads sharing a worker take turns every few hundred locks;
// a mutex is never held across a turn, so waiting for one always ends.
import type { Logger } from '../output.js';
import type { OptionRegistry } from '../options/registry.js';
import { BuiltinThread, type ThreadEnv } from './thread.js';
import { SharedMutexes } from './locks.js';
import { GlobalWord } from './shared-globals.js';
import { uniform } from './fast-rand.js';

/** Int32 words per mutex: a mutex and its 256-byte pad, as in sysbench's thread_lock */
const STRIDE = 74;
/** locks per turn when threads share a worker */
const SLICE = 256;

export interface MutexConfig {
  kind: 'mutex';
  num: number;
  /** unsigned, as in sysbench */
  locks: number;
  loops: number;
  mutexes: SharedArrayBuffer;
}

export function mutexInit(reg: OptionRegistry, log: Logger): MutexConfig | null {
  const num = reg.getInt('mutex-num') >>> 0;
  const loops = reg.getInt('mutex-loops') >>> 0;
  const locks = reg.getInt('mutex-locks') >>> 0;
  if (num === 0) {
    // sysbench would index far outside its array here
    log.fatal('Invalid value for mutex-num: 0');
    return null;
  }
  let mutexes: SharedArrayBuffer;
  try {
    mutexes = SharedMutexes.buffer(num, STRIDE);
  } catch {
    log.fatal('Memory allocation failure!');
    return null;
  }
  return { kind: 'mutex', num, locks, loops, mutexes };
}

export function mutexPrintMode(_c: MutexConfig, log: Logger): void {
  log.info('Doing mutex performance test');
}

export class MutexThread extends BuiltinThread {
  private readonly m: SharedMutexes;
  private issued = 0;
  /** locks left in the running event; -1 when no event is running */
  private left = -1;
  constructor(env: ThreadEnv, private readonly c: MutexConfig) {
    super(env);
    this.m = new SharedMutexes(c.mutexes, STRIDE);
  }

  step(): boolean {
    const env = this.env;
    if (this.left < 0) {
      if (!env.stats.more()) {
        this.limitReached();
        return false;
      }
      // one request per thread
      if (this.issued++ > 0) return false;
      this.left = this.c.locks;
      env.stats.begin();
    }
    this.left = this.run(this.left, env.solo ? Infinity : SLICE);
    if (this.left === 0) {
      this.left = -1;
      env.stats.stop();
    }
    return true;
  }

  hasNext(): boolean {
    return this.issued === 0;
  }

  runStarted(): boolean {
    this.issued++;
    this.run(this.c.locks, Infinity);
    this.env.stats.stop();
    return true;
  }

  /** Up to `slice` rounds; returns the locks left (0: the event is over). */
  private run(left: number, slice: number): number {
    const { num, loops } = this.c;
    const m = this.m;
    const x = this.env.rng.x;
    const g = this.env.words;
    // sysbench's do/while on an unsigned counter: 0 locks means 2^32 rounds
    let n = left;
    for (let s = 0; s < slice; s++) {
      const cur = uniform(x, 0, num - 1);
      // the empty loop (sysbench's has a compiler barrier in it; V8 keeps empty loops)
      for (let i = 0; i < loops; i++);
      m.lock(cur);
      g[GlobalWord.MutexGlobal] = (g[GlobalWord.MutexGlobal] + 1) | 0;
      m.unlock(cur);
      n = (n - 1) >>> 0;
      if (n === 0) break;
    }
    return n;
  }
}
