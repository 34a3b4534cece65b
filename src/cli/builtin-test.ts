// sysbench's built-in tests (cpu, memory, threads, mutex, fileio): their options (pass 2),
// the command dispatch of main(), and run_test() on our runner: init, the run mode banner,
// the test's own banner and preparation, the threads, the reports, done.
import type { Logger } from '../output.js';
import type { OptionRegistry } from '../options/registry.js';
import { parseTestArguments, type GeneralParse } from '../options/parser.js';
import type { BuiltinTestInfo } from '../options/defs/builtin.js';
import type { GeneralSettings, LogSettings } from '../options/settings.js';
import { commandOutcome } from '../options/invocation.js';
import { formatTestHelp } from '../options/help.js';
import { SbRng } from '../rand/sb-rand.js';
import { planSeeds } from '../rand/seeding.js';
import { formatRunMode } from '../report/run-mode.js';
import { RunReporter, type TestSection } from '../report/reporter.js';
import {
  formatCpuStatistics, formatFileioIntermediate, formatFileioStatistics, formatMemoryIntermediate, formatMemoryStatistics,
} from '../report/builtin.js';
import type { ReportStats } from '../report/types.js';
import { runThreads, type Reporter, type ThreadJob } from '../runner/run.js';
import { cpuInit, cpuPrintMode } from '../builtin/cpu.js';
import { memoryInit, memoryPrintMode } from '../builtin/memory.js';
import { threadsInit, threadsPrintMode } from '../builtin/threads.js';
import { mutexInit, mutexPrintMode } from '../builtin/mutex.js';
import { fileioInit, fileioParse, fileioPrintMode, type FileioConfig, type FileioGlobals } from '../builtin/fileio/config.js';
import { closeTestFiles, createFiles, openTestFiles, removeFiles } from '../builtin/fileio/files.js';
import { FileioReportState, FileioShared } from '../builtin/fileio/state.js';
import { allocBuiltinShared, builtinViews, GlobalWord } from '../builtin/shared-globals.js';
import type { BuiltinTask, TestConfig } from '../builtin/task.js';
import { BUILTIN_WORKER } from '../paths.js';
import { emit, type CliIo } from './io.js';
import { jsonReportTarget } from './json-report-target.js';
import { assertRunOnly, buildConfig, type Config } from './settings.js';
import { formatShardHeader } from '../shard/shard.js';

export interface BuiltinInput {
  io: CliIo;
  log: Logger;
  reg: OptionRegistry;
  parsed: GeneralParse;
  test: BuiltinTestInfo;
  cmdname: string;
  general: GeneralSettings;
  logSettings: LogSettings;
}

export async function runBuiltinTest(b: BuiltinInput): Promise<number> {
  const { io, log, reg, test } = b;
  const pass2 = parseTestArguments(b.parsed.remaining, reg, test.options);
  emit(io, log, pass2.messages);
  if (pass2.error) {
    emit(io, log, [pass2.error.output]);
    return pass2.error.exitCode;
  }
  const fileio = test.sname === 'fileio';
  const outcome = commandOutcome(test.sname, b.cmdname, { prepare: fileio, cleanup: fileio, hasOptions: true });
  switch (outcome.kind) {
    case 'error':
      emit(io, log, [outcome.error.output]);
      return outcome.error.exitCode;
    case 'print-options':
      io.stdout(formatTestHelp(test.sname, test.options));
      return 0;
    case 'prepare':
    case 'cleanup':
      return fileioCommand(b, outcome.kind);
    case 'run':
      return runTest(b);
    default:
      // built-in tests have no Lua commands or help() functions
      return 1;
  }
}

function fileioGlobals(b: BuiltinInput, command: string): FileioGlobals {
  const g = b.general;
  return { command, threads: g.threads, validate: g.validate, debug: g.debug, maxEvents: g.maxEvents };
}

/** fileio's prepare and cleanup commands. */
function fileioCommand(b: BuiltinInput, command: 'prepare' | 'cleanup'): number {
  const config = buildConfig(b.reg, b.general, b.logSettings);
  assertRunOnly(config, command);
  const c = fileioParse(b.reg, fileioGlobals(b, command), b.log, b.io.stdout);
  if (c === null) return 1;
  if (command === 'cleanup') return removeFiles(c, b.log) ? 0 : 1;
  // with --validate, blocks are filled from the main thread's generator
  const plan = planSeeds({ seed: config.general.randSeed, threads: config.limits.threads, command });
  return createFiles(c, b.log, new SbRng(plan.main, config.rand)) ? 0 : 1;
}

/** The test's init(): its configuration, or null after a FATAL message. */
function initTest(b: BuiltinInput, config: Config): TestConfig | null {
  const { reg, log } = b;
  switch (b.test.sname) {
    case 'cpu': return cpuInit(reg, log);
    case 'memory': return memoryInit(reg, config.limits.threads, log);
    case 'threads': return threadsInit(reg, log);
    case 'mutex': return mutexInit(reg, log);
    case 'fileio': return fileioInit(reg, fileioGlobals(b, 'run'), log, b.io.stdout);
    default:
      log.fatal(`the built-in '${b.test.sname}' test is not implemented in sysbench-ts`);
      return null;
  }
}

function printMode(c: TestConfig, log: Logger): void {
  switch (c.kind) {
    case 'cpu': return cpuPrintMode(c, log);
    case 'memory': return memoryPrintMode(c, log);
    case 'threads': return threadsPrintMode(c, log);
    case 'mutex': return mutexPrintMode(c, log);
    case 'fileio': return fileioPrintMode(c, log);
  }
}

interface TestReports {
  section?: TestSection;
  intermediate?: (s: ReportStats) => string;
  /** forget what was counted so far (the end of --warmup-time) */
  restart?: () => void;
}

function testReports(c: TestConfig, builtin: SharedArrayBuffer, percentile: number): TestReports {
  switch (c.kind) {
    case 'cpu':
      return { section: formatCpuStatistics };
    case 'memory':
      return {
        section: (s) => formatMemoryStatistics(s, c.blockSize, c.oper !== 'none'),
        intermediate: (s) => formatMemoryIntermediate(s, c.blockSize),
      };
    case 'fileio': {
      const state = new FileioReportState(new FileioShared(builtin));
      return {
        section: (s) => formatFileioStatistics(s, state.cumulative()),
        intermediate: (s) => formatFileioIntermediate(s, state.intermediate(), { percentile }),
        restart: () => void state.cumulative(),
      };
    }
    default:
      return {};
  }
}

/** run_test() */
async function runTest(b: BuiltinInput): Promise<number> {
  const { io, log } = b;
  const config = buildConfig(b.reg, b.general, b.logSettings);
  const g = config.general;
  const limits = config.limits;
  const c = initTest(b, config);
  if (c === null) return 1;
  if (config.shard || config.startAtMs !== null) log.raw(3, formatShardHeader(config.shard, g.threads, config.startAtMs));
  for (const m of formatRunMode({
    threads: g.threads, warmup: g.warmupTime, rate: limits.rate, reportInterval: g.reportInterval, checkpoints: g.checkpoints,
    debug: g.debug, validate: g.validate, randSeed: g.randSeed,
    forcedShutdownAt: g.forceShutdown ? g.maxTime + g.shutdownTimeout : null,
  })) log.notice(m);
  printMode(c, log);
  try {
    if (c.kind === 'fileio' && !openTestFiles(c as FileioConfig, log)) return 1;
    const plan = planSeeds({
      seed: g.randSeed, threads: limits.threads, command: 'run',
      reportThread: limits.reportInterval > 0, checkpointThread: limits.checkpoints.length > 0, eventGenThread: g.txRate > 0,
    });
    const builtin = allocBuiltinShared(limits.threads);
    const words = builtinViews(builtin).words;
    const own = testReports(c, builtin, config.log.percentile);
    const quiet = config.log.verbosity < 3;
    const reporter = new RunReporter({
      out: io.stdout, filter: log.filter, quiet,
      percentile: config.log.percentile, rate: g.txRate > 0, histogram: config.log.histogram,
      hooks: {
        intermediate: (s) => {
          if (!own.intermediate) return false;
          if (!quiet) io.stdout(own.intermediate(s));
          return true;
        },
        cumulative: () => false,
      },
      dbUsed: () => false,
      testSection: own.section,
      reportDropped: limits.rate > 0 && limits.rateLatencyLimit > 0,
      reportLag: b.reg.getFlag('report-lag'),
      json: jsonReportTarget(b.reg, io, config, b.test.sname, process.argv.slice(2), 'builtin'),
      debug: g.debug,
      verbosity: () => log.verbosity,
    });
    const job: ThreadJob = {
      workerFile: BUILTIN_WORKER,
      task: (worker, tids, shared): BuiltinTask => ({
        config: c, tids, seeds: tids.map((t) => plan.threads[t]), rand: config.rand, worker, shared, builtin,
        maxEvents: limits.events, percentile: limits.percentile, verbosity: limits.verbosity,
        rateLatencyLimit: limits.rateLatencyLimit,
      }),
    };
    const phases: Reporter = {
      begin: (collector, start) => {
        // statistics start here: after --warmup-time the test's own counters start again too.
        // Without a warm-up they are still at 0, and begin() runs after the threads were let
        // go: resetting them then would drop the first events' counts (fileio's rndrw picks
        // reads or writes from those counts, so its request stream would depend on timing)
        if (g.warmupTime > 0) own.restart?.();
        reporter.begin(collector, start);
      },
      intermediate: (now) => reporter.intermediate(now),
      cumulative: (now, final, forced) => {
        if (final && !forced) {
          // what each thread said when it stopped, then run_test()'s "Done."
          for (let i = Atomics.load(words, GlobalWord.StopTime); i > 0; i--) log.info('Time limit exceeded, exiting...');
          for (let i = Atomics.load(words, GlobalWord.StopEvents); i > 0; i--) log.info('Event limit exceeded, exiting...');
          log.info('Done.\n');
        }
        reporter.cumulative(now, final, forced);
      },
    };
    const eventGen = plan.background.eventGen;
    const outcome = await runThreads(job, limits, phases, log, {
      eventSeed: eventGen,
    });
    if (outcome.interrupted) return 130;
    if (outcome.abandoned && !outcome.error) return 2;
    return outcome.error ? 1 : 0;
  } finally {
    if (c.kind === 'fileio') closeTestFiles(c);
  }
}
