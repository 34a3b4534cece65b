// The runner: owns worker threads, the start barrier, --time/--events limits and timing. It runs
// the jobs it is given (a Lua script's threads, a built-in test's threads) without knowing what
// they do. Reporting is delegated to a Reporter, which only reads shared counters.
import { performance } from 'node:perf_hooks';
import type { Logger } from '../output.js';
import { allocShared, views, Ctl, Stat, type SharedBuffers } from './shared-memory.js';
import { takePool, workerCount } from './pool.js';
import { Collector } from './collector.js';
import { RateQueue } from './rate.js';
import { startGeneratorThread, type GeneratorThread } from './event-generator.js';
import { setLongTimeout, setPreciseTimeout, type LongTimer } from './long-timer.js';
import type { WorkerResult } from './protocol.js';
import { v8 } from '../lazy-node-modules.js';

export { coolDown, scriptWorkerThreads, warmUp, workerCount } from './pool.js';

export interface RunLimits {
  threads: number;
  /** --events; 0 = unlimited */
  events: number;
  /** --time in seconds; 0 = unlimited */
  time: number;
  /** --report-interval in seconds; 0 = off */
  reportInterval: number;
  /** --report-checkpoints, seconds from the start */
  checkpoints: number[];
  /** OS worker threads; 0 = min(threads, CPUs) (Lua scripts: scriptWorkerThreads()) */
  workerThreads: number;
  verbosity: number;
  /** --percentile (0: no latency histogram) */
  percentile: number;
  /** --rate (events per second; 0 = unlimited) */
  rate: number;
  /** --rate-latency-limit in ms (our extension; 0 = off) */
  rateLatencyLimit: number;
  /** --warmup-time in seconds (sysbench 1.1) */
  warmup: number;
  /** seconds allowed for thread initialisation (1.0.20: 30; --thread-init-timeout in 1.1) */
  threadInitTimeout: number;
  /** --forced-shutdown: seconds after --time, or null when off */
  forcedShutdown: number | null;
  /** --start-at (our extension): when the threads start, ms since the epoch; null: at once */
  startAtMs?: number | null;
}

export interface Reporter {
  /** called once when the threads start */
  begin(collector: Collector, startMs: number): void;
  intermediate(nowMs: number): void;
  /**
   * A checkpoint report (final = false) or the final report (histogram first if requested);
   * `forced`: at a forced shutdown, with events still running.
   */
  cumulative(nowMs: number, final: boolean, forced?: boolean): void;
  /** the threads have stopped; called before the final report */
  stopped?(): Promise<void>;
}

/**
 * What the threads run: a worker module (default export: (task) => Promise<WorkerResult>,
 * following protocol.ts) and the task each worker gets.
 */
export interface ThreadJob {
  workerFile: URL;
  task(worker: number, tids: number[], shared: SharedBuffers): unknown;
}

/** One task per worker; thread ids are dealt round-robin. */
function tasksFor(job: ThreadJob, threads: number, workers: number, shared: SharedBuffers): unknown[] {
  const tasks: unknown[] = [];
  for (let w = 0; w < workers; w++) {
    const tids: number[] = [];
    for (let t = w; t < threads; t += workers) tids.push(t);
    tasks.push({ module: job.workerFile.href, task: job.task(w, tids, shared) });
  }
  return tasks;
}

/** Runs a parallel custom command (e.g. prepare with --threads > 1) on worker threads. */
export async function runParallelCommand(job: ThreadJob, limits: RunLimits, log: Logger): Promise<boolean> {
  log.notice('Initializing worker threads...\n');
  const workers = workerCount(limits.threads, limits.workerThreads);
  const shared = allocShared(limits.threads, workers);
  shared.log = log.share();
  const pool = takePool(workers, job.workerFile);
  try {
    const ctl = views(shared).ctl;
    const results = await Promise.all(tasksFor(job, limits.threads, workers, shared).map((t) =>
      (pool.run(t) as Promise<WorkerResult>).catch((e: unknown) => {
        exitRequested(ctl, (code) => process.exit(code));
        throw e;
      })));
    return !results.some((r) => r.error);
  } finally {
    await pool.destroy();
  }
}

/** A script called os.exit(code) on a worker thread (which then stopped): the program ends with code. */
function exitRequested(ctl: Int32Array, exit: (code: number) => void): void {
  const word = Atomics.load(ctl, Ctl.ExitCode);
  if (word !== 0) exit(word & 0xff);
}

export interface RunOutcome {
  /** thread initialisation failed: nothing ran */
  initFailed: boolean;
  /** a thread failed while running, a worker died, or the --rate queue overflowed */
  error: boolean;
  /** stopped by SIGINT (Ctrl-C) */
  interrupted: boolean;
  /**
   * threads still in an event (waiting for a server that stopped answering) when the run had
   * to end: they were abandoned and their connections closed; the report has what completed
   */
  abandoned?: number;
}

/**
 * After --time, how long the server may stay silent (no statement of any thread completing)
 * before the events still running are abandoned.
 */
export const ABANDON_AFTER_TIME_MS = 1000;
/** After Ctrl-C, the same: a stuck run ends within a second. */
export const ABANDON_AFTER_SIGINT_MS = 500;
/** After --time, threads past their last event (in thread_done) get this much more. */
const THREAD_DONE_GRACE_MS = 10_000;

export interface RunExtras {
  /** the --rate event generator's RNG state (sysbench's eventgen thread; 4 uint32 words) */
  eventSeed?: readonly number[];
  /** ends the process (forced shutdown, init timeout): injectable for tests */
  exit?: (code: number) => void;
}

/**
 * --rate: V8 optimizes a function once it has run a budget of bytecode; a rate-limited run
 * calls the event's code a few hundred times a second, not tens of thousands, and spent its
 * first seconds in the interpreter, several times slower, which its latencies then carried.
 * A quarter of the budget, and one tick instead of three, optimizes the hot code in the first
 * second (oltp_read_write 200/s at 16 threads, 6 s runs, 4 alternating: avg 3.96 -> 3.61 ms,
 * the same flags given to node 3.65; 500/s at 1 thread with node's flags 0.32 -> 0.27 ms).
 * Process-wide, set after the program was loaded: the code cache read at start-up is
 * unaffected. SYSBENCH_TS_RATE_TIER_UP=0 leaves V8's defaults (for comparisons).
 */
function quickerTierUp(): void {
  v8().setFlagsFromString('--interrupt-budget=16384');
  v8().setFlagsFromString('--ticks-before-optimization=1');
}

/** sysbench's run_test() after init(): start threads, wait, report. */
export async function runThreads(job: ThreadJob, limits: RunLimits, reporter: Reporter, log: Logger, extras: RunExtras = {}): Promise<RunOutcome> {
  const exit = extras.exit ?? ((code: number) => process.exit(code));
  const workers = workerCount(limits.threads, limits.workerThreads);
  const queue = limits.rate > 0 ? new RateQueue({ workers }) : null;
  if (queue !== null && process.env.SYSBENCH_TS_RATE_TIER_UP !== '0') quickerTierUp();
  const shared = allocShared(limits.threads, workers, queue?.sab ?? null);
  shared.log = log.share();
  const v = views(shared);
  const ctl = v.ctl;
  const pool = takePool(workers, job.workerFile);
  const timers: LongTimer[] = [];
  // any delay sysbench accepts (up to 2^32 s and more): setLongTimeout chains Node's timers
  const later = (ms: number, f: () => void): void => { timers.push(setLongTimeout(ms, f)); };
  let overflow = false;
  let interrupted = false;
  let started = false;
  let ending = false;
  // once the threads are told to stop, those still in an event get a grace period; then the
  // run ends without them (abandon() resolves the race below)
  let stoppedAt: number | null = null;
  let abandonTimer: NodeJS.Timeout | null = null;
  let abandonAt = Infinity;
  let abandon: (v: null) => void = () => {};
  const abandoned = new Promise<null>((resolve) => { abandon = resolve; });
  let inEvents: () => number = () => 1;
  // statements and events completed by every thread so far: a slow server still answers
  const progress = (): number => {
    let n = 0;
    for (let t = 0; t <= limits.threads; t++) {
      for (let c = 0; c <= Stat.Events; c++) n += v.stats[t * Stat.Stride + c];
    }
    return n;
  };
  let graceMs = 0;
  const armAbandon = (ms: number, patient = false): void => {
    if (performance.now() + ms >= abandonAt) return;
    if (abandonTimer !== null) clearTimeout(abandonTimer);
    abandonAt = performance.now() + ms;
    graceMs = ms;
    let seen = progress();
    let extended = false;
    const check = (): void => {
      if (patient) {
        // after --time, threads the server still answers (slowly) are waited for, as are
        // threads past their events (in thread_done), for a while
        const now = progress();
        const wait = now !== seen ? ms : inEvents() === 0 && !extended ? THREAD_DONE_GRACE_MS : 0;
        seen = now;
        if (wait > 0) {
          if (wait === THREAD_DONE_GRACE_MS) extended = true;
          abandonAt = performance.now() + wait;
          abandonTimer = setTimeout(check, wait);
          return;
        }
      }
      abandon(null);
    };
    abandonTimer = setTimeout(check, ms);
  };
  const stopAll = (grace: number | null = ABANDON_AFTER_TIME_MS): void => {
    stoppedAt ??= performance.now();
    Atomics.store(ctl, Ctl.Stop, 1);
    Atomics.notify(ctl, Ctl.Stop);
    queue?.close();
    if (grace !== null && started) armAbandon(grace, grace === ABANDON_AFTER_TIME_MS);
  };
  const onSigint = (): void => {
    if (interrupted) exit(130); // a second Ctrl-C does not wait any more
    interrupted = true;
    log.alert('interrupted: stopping the threads (Ctrl-C again to exit now)');
    stopAll(ABANDON_AFTER_SIGINT_MS);
    // threads still connecting (a server that does not answer) are not waited for either
    if (!started) abandonTimer = setTimeout(() => exit(130), ABANDON_AFTER_SIGINT_MS);
  };

  log.notice('Initializing worker threads...\n');
  // sysbench's background threads say they started (racing with the workers' lines there)
  if (limits.reportInterval > 0) log.debug('Reporting thread started');
  if (limits.rate > 0) log.debug('Event generating thread started');
  if (limits.checkpoints.length > 0) log.debug('Checkpoints report thread started');
  let crashed: unknown = null;
  // the generator thread starts with the others and waits at the barrier for the Go word
  let generator: GeneratorThread | null = null;
  if (queue) {
    generator = startGeneratorThread({
      queue: queue.sab, ctl: shared.ctl, rate: limits.rate, seed: extras.eventSeed ?? [0, 0, 0, 0],
      endAfterMs: limits.time > 0 ? (limits.warmup + limits.time) * 1000 : Infinity,
      dropWhenFull: limits.rateLatencyLimit > 0,
    }, () => {
      overflow = true;
      log.fatal('The event queue is full. This means the worker threads are unable to keep up with the specified event generation rate');
      stopAll();
    }, (e) => {
      crashed = e;
      log.fatal(`the event generator thread failed: ${e.message}`);
      Atomics.store(ctl, Ctl.ThreadFailed, 1);
      stopAll();
    });
  }
  const runs = tasksFor(job, limits.threads, workers, shared).map((t, w) =>
    (pool.run(t) as Promise<WorkerResult>).catch((e: unknown) => {
      exitRequested(ctl, exit);
      // the pool destroyed with threads abandoned: not a crash
      if (ending) return { error: false } as WorkerResult;
      crashed = e;
      if (started) {
        // a worker died during the run: say so now, and stop the others
        log.fatal(`worker thread ${w} died during the run: ${(e as Error)?.message ?? String(e)}`);
        Atomics.store(ctl, Ctl.ThreadFailed, 1);
        stopAll();
        return { error: true } as WorkerResult;
      }
      // a dead worker must not leave the barrier waiting
      Atomics.add(ctl, Ctl.InitDone, limits.threads);
      Atomics.add(ctl, Ctl.InitFailed, 1);
      Atomics.notify(ctl, Ctl.InitDone);
      return { error: true } as WorkerResult;
    }));
  process.on('SIGINT', onSigint);
  try {
    // the start barrier, with sysbench's initialisation timeout
    later(limits.threadInitTimeout * 1000, () => {
      log.fatal(`Worker threads failed to initialize within ${limits.threadInitTimeout} seconds!`);
      exit(2);
    });
    for (let done = Atomics.load(ctl, Ctl.InitDone); done < limits.threads; done = Atomics.load(ctl, Ctl.InitDone)) {
      await Atomics.waitAsync(ctl, Ctl.InitDone, done).value;
    }
    timers.pop()?.cancel();
    if (Atomics.load(ctl, Ctl.InitFailed) > 0 || interrupted) {
      Atomics.store(ctl, Ctl.Go, -1);
      Atomics.notify(ctl, Ctl.Go);
      await Promise.all(runs);
      if (crashed) log.fatal(`worker thread failed: ${(crashed as Error).message ?? crashed}`);
      log.fatal('Thread initialization failed!');
      return { initFailed: true, error: true, interrupted };
    }
    if (limits.startAtMs != null) {
      // --start-at: every process of a sharded run starts its measured run at the same instant
      const wait = limits.startAtMs - Date.now();
      if (wait < 0) log.fatal(`--start-at: that time had passed ${(-wait / 1000).toFixed(3)} seconds before the threads were ready`);
      if (wait >= 0) await new Promise((r) => later(wait, () => r(undefined)));
      if (wait < 0 || interrupted) {
        Atomics.store(ctl, Ctl.Go, -1);
        Atomics.notify(ctl, Ctl.Go);
        await Promise.all(runs);
        return { initFailed: true, error: true, interrupted };
      }
    }
    Atomics.store(ctl, Ctl.Running, limits.threads);
    started = true;
    let start = performance.now();
    const collector = new Collector(v, limits.threads, workers, queue);
    inEvents = () => collector.unfinished();
    log.notice('Threads started!\n');
    if (limits.warmup > 0) Atomics.store(ctl, Ctl.Warmup, 1);
    Atomics.store(ctl, Ctl.Go, 1);
    Atomics.notify(ctl, Ctl.Go);

    const warmupMs = limits.warmup * 1000;
    // with --forced-shutdown, sysbench's own limit decides how long stuck events may take
    if (limits.time > 0) later(warmupMs + limits.time * 1000, () => stopAll(limits.forcedShutdown === null ? ABANDON_AFTER_TIME_MS : null));
    // sysbench sets alarm((unsigned) (time + shutdown timeout)): the sum wraps at 2^32 seconds,
    // and 0 sets no alarm (e.g. --time=1 --forced-shutdown=-1)
    const shutdownAt = limits.forcedShutdown === null ? 0 : (limits.time + limits.forcedShutdown) >>> 0;
    if (shutdownAt > 0) {
      later(warmupMs + shutdownAt * 1000, () => {
        log.fatal('The --max-time limit has expired, forcing shutdown...');
        reporter.cumulative(performance.now(), true, true);
        exit(2);
      });
    }
    const startReports = (): void => {
      reporter.begin(collector, start);
      if (limits.reportInterval > 0) {
        // each at its boundary, against the start time: a line covers its interval exactly and
        // reports do not drift
        let n = 0;
        const tick = (): void => {
          n++;
          reporter.intermediate(performance.now());
          timers.push(setPreciseTimeout(start + (n + 1) * limits.reportInterval * 1000, tick));
        };
        timers.push(setPreciseTimeout(start + limits.reportInterval * 1000, tick));
      }
      for (const at of limits.checkpoints) {
        later(at * 1000, () => {
          log.timestamp(3, (performance.now() - start) / 1000, 'Checkpoint report:');
          reporter.cumulative(performance.now(), false);
        });
      }
    };
    if (limits.warmup > 0) {
      log.notice(`Warming up for ${limits.warmup} seconds...\n`);
      later(warmupMs, () => {
        // statistics start afresh, and the events limit counts from here
        Atomics.store(ctl, Ctl.EventsIssued, 0);
        Atomics.store(ctl, Ctl.Warmup, 0);
        start = performance.now();
        collector.restart();
        startReports();
      });
    } else {
      startReports();
    }

    const results = await Promise.race([Promise.all(runs), abandoned]);
    if (abandonTimer !== null) clearTimeout(abandonTimer);
    if (results === null) {
      // threads still waiting for the server: report what completed, up to the stop; the
      // pool's destruction below ends their workers, which closes their connections
      for (const t of timers) t.cancel();
      const stuck = Math.max(1, Atomics.load(ctl, Ctl.Running));
      log.fatal(`${stuck} thread${stuck === 1 ? ' was' : 's were'} still waiting for the server, which did not answer for ` +
        `${(graceMs / 1000).toFixed(1)} s after the end of the run: their events are abandoned and their connections closed`);
      await reporter.stopped?.();
      if (!overflow && !crashed) reporter.cumulative(stoppedAt!, true);
      return { initFailed: false, error: overflow || crashed !== null, interrupted, abandoned: stuck };
    }
    const end = performance.now();
    for (const t of timers) t.cancel();
    // an overflow the generator's exit has not told yet is told now, before the report
    await generator?.stop();
    const error = overflow || results.some((r) => r.error);
    await reporter.stopped?.();
    if (!error) reporter.cumulative(end, true);
    return { initFailed: false, error, interrupted };
  } finally {
    for (const t of timers) t.cancel();
    if (abandonTimer !== null) clearTimeout(abandonTimer);
    process.off('SIGINT', onSigint);
    ending = true;
    await generator?.stop();
    await pool.destroy();
  }
}
