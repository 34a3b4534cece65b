// The threads test (sysbench's src/tests/threads): --thread-locks mutexes shared by all
// threads; each event takes the next mutex in turn (a shared counter modulo the number of
// mutexes) and does --thread-yields rounds of lock, yield, unlock. The mutexes live in
// shared memory, so threads on different workers really contend for them.
//
// A thread alone on its worker blocks on the mutex and yields through the kernel. Threads
// sharing a worker are coroutines: yielding passes control to the next thread of the
// worker (the lock stays held, as in sysbench), and a busy mutex is retried after a yield.
import type { Logger } from '../output.js';
import type { OptionRegistry } from '../options/registry.js';
import { BuiltinThread, type ThreadEnv } from './thread.js';
import { SharedMutexes, osYield } from './locks.js';
import { GlobalWord } from './shared-globals.js';

/** Int32 words per mutex: 40 bytes, the size of a pthread_mutex_t, packed like sysbench's array */
const STRIDE = 10;

export interface ThreadsConfig {
  kind: 'threads';
  /** --thread-yields, unsigned as in sysbench */
  yields: number;
  locks: number;
  mutexes: SharedArrayBuffer;
}

export function threadsInit(reg: OptionRegistry, log: Logger): ThreadsConfig | null {
  const yields = reg.getInt('thread-yields') >>> 0;
  const locks = reg.getInt('thread-locks') >>> 0;
  if (locks === 0) {
    // sysbench divides by zero here (SIGFPE); say what is wrong instead
    log.fatal('Invalid value for thread-locks: 0');
    return null;
  }
  let mutexes: SharedArrayBuffer;
  try {
    mutexes = SharedMutexes.buffer(locks, STRIDE);
  } catch {
    log.fatal('Memory allocation failure!');
    return null;
  }
  return { kind: 'threads', yields, locks, mutexes };
}

export function threadsPrintMode(c: ThreadsConfig, log: Logger): void {
  log.info('Doing thread subsystem performance test');
  log.info(`Thread yields per test: ${c.yields | 0} Locks used: ${c.locks | 0}`);
}

export class ThreadsThread extends BuiltinThread {
  private readonly m: SharedMutexes;
  private cur: Generator<void, void, void> | null = null;

  constructor(env: ThreadEnv, private readonly c: ThreadsConfig) {
    super(env);
    this.m = new SharedMutexes(c.mutexes, STRIDE);
  }

  step(): boolean {
    const env = this.env;
    if (this.cur === null) {
      if (!env.stats.more()) {
        this.limitReached();
        return false;
      }
      // threads_next_event(): the shared request counter picks the mutex
      const lockNum = (Atomics.add(env.words, GlobalWord.ThreadsReq, 1) >>> 0) % this.c.locks;
      env.stats.begin();
      if (env.solo) {
        this.blockingEvent(lockNum);
        env.stats.stop();
        return true;
      }
      this.cur = this.steppedEvent(lockNum);
    }
    if (this.cur.next().done) {
      this.cur = null;
      env.stats.stop();
    }
    return true;
  }

  runStarted(): boolean {
    this.blockingEvent((Atomics.add(this.env.words, GlobalWord.ThreadsReq, 1) >>> 0) % this.c.locks);
    this.env.stats.stop();
    return true;
  }

  private blockingEvent(n: number): void {
    const m = this.m;
    for (let i = 0, y = this.c.yields; i < y; i++) {
      m.lock(n);
      osYield();
      m.unlock(n);
    }
  }

  private *steppedEvent(n: number): Generator<void, void, void> {
    const m = this.m;
    for (let i = 0, y = this.c.yields; i < y; i++) {
      // the holder may be a thread of this worker: give it a turn instead of blocking
      while (!m.tryLock(n)) yield;
      yield;
      m.unlock(n);
    }
  }
}
