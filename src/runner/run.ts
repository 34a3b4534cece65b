// The runner: owns worker threads, the start barrier, --time/--events limits and timing. It runs
// the jobs it is given (a Lua script's threads, a built-in test's threads) without knowing what
// they do. Reporting is delegated to a Reporter, which only reads shared counters.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import type { Logger } from '../output.js';
import type { SbRng } from '../rand/sb-rand.js';
import { allocShared, views, Ctl, type SharedBuffers } from './shared-memory.js';
import { WORKER_ENTRY } from '../paths.js';
import { Collector } from './collector.js';
import { absNow, EventGenerator, RateQueue } from './rate.js';
import type { WorkerResult } from './protocol.js';

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
  /** OS worker threads; 0 = min(threads, CPUs) */
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

export function workerCount(threads: number, requested: number): number {
  if (requested > 0) return Math.min(requested, threads);
  return Math.max(1, Math.min(threads, availableParallelism()));
}

function makePool(workers: number): Piscina {
  return new Piscina({
    filename: WORKER_ENTRY.href,
    minThreads: workers,
    maxThreads: workers,
    concurrentTasksPerWorker: 1,
    idleTimeout: 1000,
    // the task is long and asynchronous: workers must keep their event loop
    atomics: 'disabled',
  });
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
  const pool = makePool(workers);
  try {
    const results = await Promise.all(tasksFor(job, limits.threads, workers, shared).map((t) => pool.run(t) as Promise<WorkerResult>));
    return !results.some((r) => r.error);
  } finally {
    await pool.destroy();
  }
}

export interface RunOutcome {
  /** thread initialisation failed: nothing ran */
  initFailed: boolean;
  /** a thread failed while running, or the --rate queue overflowed */
  error: boolean;
  /** stopped by SIGINT (Ctrl-C) */
  interrupted: boolean;
}

export interface RunExtras {
  /** the --rate event generator's random generator (sysbench's eventgen thread) */
  eventRng?: SbRng;
  /** ends the process (forced shutdown, init timeout): injectable for tests */
  exit?: (code: number) => void;
}

/** sysbench's run_test() after init(): start threads, wait, report. */
export async function runThreads(job: ThreadJob, limits: RunLimits, reporter: Reporter, log: Logger, extras: RunExtras = {}): Promise<RunOutcome> {
  const exit = extras.exit ?? ((code: number) => process.exit(code));
  const workers = workerCount(limits.threads, limits.workerThreads);
  const queue = limits.rate > 0 ? new RateQueue() : null;
  const shared = allocShared(limits.threads, workers, queue?.sab ?? null);
  shared.log = log.share();
  const v = views(shared);
  const ctl = v.ctl;
  const pool = makePool(workers);
  const timers: NodeJS.Timeout[] = [];
  const later = (ms: number, f: () => void): void => { timers.push(setTimeout(f, ms)); };
  let overflow = false;
  let interrupted = false;
  const stopAll = (): void => {
    Atomics.store(ctl, Ctl.Stop, 1);
    queue?.close();
  };
  const onSigint = (): void => {
    if (interrupted) exit(130); // a second Ctrl-C does not wait any more
    interrupted = true;
    log.alert('interrupted: stopping the threads (Ctrl-C again to exit now)');
    stopAll();
  };

  log.notice('Initializing worker threads...\n');
  // sysbench's background threads say they started (racing with the workers' lines there)
  if (limits.reportInterval > 0) log.debug('Reporting thread started');
  if (limits.rate > 0) log.debug('Event generating thread started');
  if (limits.checkpoints.length > 0) log.debug('Checkpoints report thread started');
  let crashed: unknown = null;
  const runs = tasksFor(job, limits.threads, workers, shared).map((t) =>
    (pool.run(t) as Promise<WorkerResult>).catch((e: unknown) => {
      crashed = e;
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
    clearTimeout(timers.pop());
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
    let start = performance.now();
    const collector = new Collector(v, limits.threads, workers, queue);
    log.notice('Threads started!\n');
    if (limits.warmup > 0) Atomics.store(ctl, Ctl.Warmup, 1);
    Atomics.store(ctl, Ctl.Go, 1);
    Atomics.notify(ctl, Ctl.Go);

    const warmupMs = limits.warmup * 1000;
    if (limits.time > 0) later(warmupMs + limits.time * 1000, stopAll);
    if (queue) {
      new EventGenerator(queue, {
        rate: limits.rate,
        rng: extras.eventRng!,
        endAt: limits.time > 0 ? absNow() + warmupMs + limits.time * 1000 : Infinity,
        dropWhenFull: limits.rateLatencyLimit > 0,
        onOverflow: () => {
          overflow = true;
          log.fatal('The event queue is full. This means the worker threads are unable to keep up with the specified event generation rate');
          stopAll();
        },
      }).start();
    }
    if (limits.forcedShutdown !== null) {
      later(warmupMs + (limits.time + limits.forcedShutdown) * 1000, () => {
        log.fatal('The --max-time limit has expired, forcing shutdown...');
        reporter.cumulative(performance.now(), true, true);
        exit(2);
      });
    }
    const startReports = (): void => {
      reporter.begin(collector, start);
      if (limits.reportInterval > 0) {
        // scheduled against the start time, so reports do not drift
        let n = 0;
        const tick = (): void => {
          n++;
          reporter.intermediate(performance.now());
          later(start + (n + 1) * limits.reportInterval * 1000 - performance.now(), tick);
        };
        later(limits.reportInterval * 1000, tick);
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

    const results = await Promise.all(runs);
    const end = performance.now();
    for (const t of timers) clearTimeout(t);
    queue?.close();
    const error = overflow || results.some((r) => r.error);
    await reporter.stopped?.();
    if (!error) reporter.cumulative(end, true);
    return { initFailed: false, error, interrupted };
  } finally {
    for (const t of timers) clearTimeout(t);
    process.off('SIGINT', onSigint);
    await pool.destroy();
  }
}
