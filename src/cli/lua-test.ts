// A Lua test (a script or module): load it in the main state, then prepare / cleanup / help /
// run / a custom command, with sysbench 1.0.20's dispatch and messages.
import { getHeapStatistics } from 'node:v8';
import { makeRandApi } from '../lua-runtime/api/rand.js';
import { onRowsInserted } from '../lua-runtime/inserted-rows.js';
import type { Logger } from '../output.js';
import type { OptionRegistry } from '../options/registry.js';
import type { GeneralParse } from '../options/parser.js';
import { commandOutcome, scriptShortName } from '../options/invocation.js';
import { formatScriptHelp, formatScriptOptions, scriptOptionExports, validateAgainstScript } from '../options/script-options.js';
import { SbRng, createUniqueState } from '../rand/sb-rand.js';
import { planSeeds, type SeedPlan, type SeedWords } from '../rand/seeding.js';
import { formatRunMode } from '../report/run-mode.js';
import { formatShardHeader } from '../shard/shard.js';
import { RunReporter } from '../report/reporter.js';
import { allocShared, views, Ctl } from '../runner/shared-memory.js';
import { runParallelCommand, runThreads, scriptWorkerThreads, workerCount } from '../runner/run.js';
import { ScriptState } from '../script-job/script-state.js';
import { StateHost, type ScriptSpec, type StateHostOptions } from '../script-job/state-host.js';
import { luaJob, type ThreadPlan } from '../script-job/job.js';
import { expectedRows, progressWanted, startInsertProgress } from '../progress.js';
import { LuaReportHooks } from './lua-report-hooks.js';
import { jsonReportTarget } from './json-report-target.js';
import { emit, type CliIo } from './io.js';
import { assertRunOnly, type Config } from './settings.js';
import { shardThreads, shardedOptions } from './shard-plan.js';
import type { ReportHookName } from '../lua-runtime/report-hooks.js';

const done = <T>(f: (cb: (v: T) => void) => void): Promise<T> => new Promise((r) => f(r));

/** The least heap a sysbench thread's Lua state takes (measured: about 0.27 MB with the API). */
const MIN_STATE_BYTES = 200 * 1024;

/**
 * Each thread is a Lua state on its worker thread's V8 heap. A count that cannot fit is refused
 * at once (sysbench itself fails with "Memory allocation failure." or cannot create the threads).
 */
function luaThreadsFit(threads: number, workers: number, log: Logger): boolean {
  const perWorker = Math.ceil(threads / workers);
  const limit = getHeapStatistics().heap_size_limit;
  if (perWorker * MIN_STATE_BYTES <= limit) return true;
  log.fatal(`${threads} threads do not fit in memory: ${perWorker} Lua states on each of ${workers} worker thread(s) `
    + `need more than a worker's heap (${Math.round(limit / 2 ** 20)} MiB); use fewer --threads`);
  return false;
}

export interface LuaTestInput {
  io: CliIo;
  log: Logger;
  reg: OptionRegistry;
  parsed: GeneralParse;
  argv: string[];
  name: string;
  file: string;
  config: Config;
}

export async function runLuaTest(input: LuaTestInput): Promise<number> {
  // a run's threads mostly wait for the server: fewer workers (scriptWorkerThreads); parallel
  // commands (prepare with --threads) generate rows and keep one worker per CPU
  const limits = input.config.limits;
  const t: LuaTestInput = input.parsed.cmdname !== 'run' ? input : {
    ...input,
    config: { ...input.config, limits: { ...limits, workerThreads: scriptWorkerThreads(limits) } },
  };
  const { io, log, reg, parsed, config } = t;
  const command = parsed.cmdname;
  if (command !== null) assertRunOnly(config, command);
  const seedNonRun = command !== 'run' && config.general.randSeed !== 0;
  const plan: SeedPlan = planSeeds({
    seed: config.general.randSeed,
    // a shard's threads get the seeds of their ids in the whole run
    threads: config.limits.threads * (config.shard?.count ?? 1),
    command: command ?? '',
    // our extension: with --rand-seed, commands other than run are reproducible too
    seedNonRun,
    preSeed: seedNonRun ? { srandom: config.general.randSeed >>> 0, discard: 0 } : undefined,
    reportThread: config.limits.reportInterval > 0,
    checkpointThread: config.limits.checkpoints.length > 0,
    eventGenThread: config.general.txRate > 0,
    parallelCommand: true,
  });
  const unique = createUniqueState(plan.unique.indexSeed, plan.unique.offsetSeed);
  const ids = shardThreads(config, plan, unique);
  const script: ScriptSpec = { name: t.name, file: t.file, argv: t.argv, command, options: [], legacyGlobals: false };
  const workers = workerCount(Math.max(1, config.limits.threads), config.limits.workerThreads);
  // the main state counts its queries in an extra slot, which reports ignore
  const mainShared = views(allocShared(config.limits.threads, workers));
  const hostOptions = {
    tid: 0, slot: config.limits.threads, histRegion: workers, script, shared: mainShared,
    driver: config.driver, maxEvents: 0, percentile: 0, out: io.stdout, log,
  };
  const host = new StateHost(hostOptions);
  const mainRng = new SbRng(plan.main, config.rand, unique);
  const main = new ScriptState(host, makeRandApi(mainRng));
  const sname = scriptShortName(t.name);
  try {
    if (!(await done<boolean>((cb) => main.load(cb)))) return 1;
    const read = main.callCmdline('read_cmdline_options', []);
    if (!read.ok) {
      log.fatal(`\`sysbench.cmdline.read_cmdline_options' function failed: ${read.error}`);
      return 1;
    }
    if (!read.value) return 1;
    if (command === null) return 0;

    const decls = host.testArgs;
    const pass2 = validateAgainstScript(parsed.remaining, reg, decls);
    emit(io, log, pass2.messages);
    if (pass2.error) {
      emit(io, log, [pass2.error.output]);
      return pass2.error.exitCode;
    }
    const exported = scriptOptionExports(reg, decls !== null);
    emit(io, log, exported.messages);
    script.options = shardedOptions(exported.options, config);
    script.legacyGlobals = exported.globals;
    host.onPrintTestOptions = () => io.stdout(formatScriptOptions(decls ?? []));
    // live progress of long inserts (stderr, terminals only); `run` has --report-interval
    const insertProgress = command !== 'run' && progressWanted(io.env);
    if (insertProgress) {
      const total = expectedRows(reg.getString('table-size') ?? reg.getString('oltp-table-size'),
        reg.getString('tables') ?? reg.getString('oltp-tables-count'));
      onRowsInserted(startInsertProgress(total));
    }
    const threadPlan: ThreadPlan = {
      script, driver: config.driver, rand: config.rand, unique, seeds: ids.seeds, firstThreadId: ids.firstThreadId, insertProgress,
    };

    const custom = main.callCmdline('command_defined', [command]);
    if (!custom.ok) {
      log.fatal(`\`sysbench.cmdline.command_defined' function failed: ${custom.error}`);
      return 1;
    }
    const outcome = commandOutcome(sname, command, {
      customCommand: custom.value,
      help: main.has('help'),
      prepare: main.has('prepare'),
      cleanup: main.has('cleanup'),
      hasOptions: decls !== null,
    });
    switch (outcome.kind) {
      case 'error':
        emit(io, log, [outcome.error.output]);
        return outcome.error.exitCode;
      case 'print-options':
        io.stdout(formatScriptHelp(sname, decls ?? []));
        return 0;
      case 'custom': {
        const parallel = main.callCmdline('command_parallel', [command]);
        if (parallel.ok && parallel.value && config.limits.threads > 1) {
          if (!luaThreadsFit(config.limits.threads, workerCount(config.limits.threads, config.limits.workerThreads), log)) return 1;
          return (await runParallelCommand(luaJob('command', command, threadPlan, config.limits), config.limits, log)) ? 0 : 1;
        }
        main.exportOptions();
        return (await done<boolean>((cb) => main.callCommand(command, cb))) ? 0 : 1;
      }
      case 'help-function':
      case 'prepare':
      case 'cleanup': {
        main.exportOptions();
        const fn = outcome.kind === 'help-function' ? 'help' : outcome.kind;
        return (await done<boolean>((cb) => main.call(fn, false, cb))) ? 0 : 1;
      }
      case 'run':
        return await runScript(t, main, host, hostOptions, plan, threadPlan);
    }
  } finally {
    // (a run's worker threads, started by main.ts before this file loaded, are stopped there)
    await done<void>((cb) => main.close(() => cb()));
  }
}

async function runScript(
  t: LuaTestInput, main: ScriptState, host: StateHost, hostOptions: StateHostOptions, plan: SeedPlan, threadPlan: ThreadPlan,
): Promise<number> {
  const { log, config } = t;
  const unique = threadPlan.unique;
  main.exportOptions();
  if (!(await done<boolean>((cb) => main.call('init', false, cb)))) return 1;
  if (!main.has('event')) {
    log.fatal(`cannot find the event() function in ${scriptShortName(t.name)}`);
    return 1;
  }
  const g = config.general;
  if (config.shard || config.startAtMs !== null) log.raw(3, formatShardHeader(config.shard, g.threads, config.startAtMs));
  for (const m of formatRunMode({
    threads: g.threads, warmup: g.warmupTime, rate: config.limits.rate, reportInterval: g.reportInterval, checkpoints: g.checkpoints,
    debug: g.debug, validate: g.validate, randSeed: g.randSeed,
    forcedShutdownAt: g.forceShutdown ? g.maxTime + g.shutdownTimeout : null,
  })) log.notice(m);

  if (!luaThreadsFit(config.limits.threads, workerCount(config.limits.threads, config.limits.workerThreads), log)) return 1;

  // the reporting and checkpoint threads have Lua states of their own when hooks need them
  const auxState = async (seed: SeedWords | undefined, hook: ReportHookName): Promise<ScriptState | null> => {
    if (!seed || !main.hasReportHook(hook)) return null;
    const aux = new ScriptState(new StateHost({ ...hostOptions, tid: 0 }), makeRandApi(new SbRng(seed, config.rand, unique)));
    if (!(await done<boolean>((cb) => aux.load(cb)))) return null;
    aux.exportOptions();
    return aux;
  };
  const hooks = new LuaReportHooks(main,
    await auxState(plan.background.report, 'report_intermediate'),
    await auxState(plan.background.checkpoint, 'report_cumulative'));
  let dbUsed: () => boolean = () => false;
  const reporter = new RunReporter({
    out: t.io.stdout, filter: log.filter, quiet: config.log.verbosity < 3,
    percentile: config.log.percentile, rate: g.txRate > 0, histogram: config.log.histogram,
    hooks: {
      intermediate: (s) => hooks.intermediate(s),
      cumulative: (s, final) => hooks.cumulative(s, final),
    },
    dbUsed: () => dbUsed(),
    reportDropped: config.limits.rate > 0 && config.limits.rateLatencyLimit > 0,
    reportLag: t.reg.getFlag('report-lag'),
    json: jsonReportTarget(t.reg, t.io, config, t.name, t.argv.slice(1), 'lua'),
    debug: g.debug,
    dbDebug: t.reg.getFlag('db-debug'),
    verbosity: () => log.verbosity,
  });
  const outcome = await runThreads(luaJob('run', '', threadPlan, config.limits), config.limits, {
    begin: (collector, start) => {
      dbUsed = () => collector.dbUsed() || Atomics.load(host.sharedCtl, Ctl.DbUsed) === 1;
      reporter.begin(collector, start);
    },
    intermediate: (now) => reporter.intermediate(now),
    cumulative: (now, final, forced) => reporter.cumulative(now, final, forced),
    stopped: () => {
      // run_test() once the workers are joined
      log.info('Done.\n');
      return hooks.closeBackground();
    },
  }, log, { eventSeed: plan.background.eventGen });
  if (outcome.initFailed) return 1;
  // a failing done() is reported (FATAL) after the report; sysbench still exits 0
  await done<boolean>((cb) => main.call('done', false, cb));
  if (outcome.interrupted) return 130;
  // events abandoned on a server that stopped answering: as a forced shutdown
  if (outcome.abandoned && !outcome.error) return 2;
  return outcome.error ? 1 : 0;
}
