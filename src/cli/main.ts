// sysbench's main(): parse the command line, print the header, pick the test, run the command.
// Heavy modules (fengari, mysql2, piscina) load only when a test actually runs, so that
// --version and --help stay fast.
import { Logger } from '../output.js';
import { createDefaultRegistry, parseGeneralArguments } from '../options/parser.js';
import { earlyExit, classifyTest, cannotFindBenchmarkMessage } from '../options/invocation.js';
import { resolveGeneralSettings, resolveLogSettings } from '../options/settings.js';
import { formatHeader } from '../options/help.js';
import { OptionError } from '../options/types.js';
import { RAND_TYPES } from '../rand/sb-rand.js';
import { processIo, emit, type CliIo } from './io.js';
export { processArgv } from './process-argv.js';

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const reg = createDefaultRegistry({ readFile: io.readFile });
  const parsed = parseGeneralArguments(argv, reg);
  emit(io, null, parsed.messages);
  if (parsed.error) {
    emit(io, null, [parsed.error.output]);
    return parsed.error.exitCode;
  }
  const early = earlyExit(reg);
  if (early) {
    io.stdout(early.stdout);
    return early.exitCode;
  }
  if (reg.getFlag('legacy-help')) {
    const { formatLegacyHelp } = await import('../legacy/help.js');
    io.stdout(formatLegacyHelp(argv, parsed.testname, parsed.cmdname, (name) => reg.has(name)));
    return 0;
  }
  const general = resolveGeneralSettings(reg, { randTypes: RAND_TYPES });
  emit(io, null, general.messages);
  if (!general.ok) {
    emit(io, null, [general.error.output]);
    return general.error.exitCode;
  }
  const logSettings = resolveLogSettings(reg);
  if (!logSettings.ok) {
    emit(io, null, [logSettings.error.output]);
    return logSettings.error.exitCode;
  }
  const log = new Logger(logSettings.settings.verbosity, io.stdout);
  log.raw(3, formatHeader());

  const choice = classifyTest(parsed);
  try {
    switch (choice.kind) {
      case 'error':
        emit(io, log, [choice.error.output]);
        return choice.error.exitCode;
      case 'stdin': {
        if (io.isTTY) emit(io, log, [choice.ttyNotice]);
        const { buildConfig } = await import('./settings.js');
        const { runLuaTest } = await import('./lua-test.js');
        // the script comes from standard input; sysbench only loads it (no command)
        return await runLuaTest({
          io, log, reg, parsed: { ...parsed, cmdname: null }, argv: ['sysbench', ...argv], name: '', file: '-',
          config: buildConfig(reg, general.settings, logSettings.settings),
        });
      }
      case 'builtin': {
        const { runBuiltinTest } = await import('./builtin-test.js');
        return await runBuiltinTest({ io, log, reg, parsed, test: choice.test, cmdname: choice.cmdname, general: general.settings, logSettings: logSettings.settings });
      }
      case 'script': {
        const { resolveScript } = await import('./resolve.js');
        const found = resolveScript(choice.path, io.cwd, io.env);
        if (!found) {
          emit(io, log, [cannotFindBenchmarkMessage(choice.path)]);
          return 1;
        }
        if (found.notice) io.stderr(found.notice);
        const { buildConfig } = await import('./settings.js');
        const config = buildConfig(reg, general.settings, logSettings.settings);
        // a run's worker threads start now, loading their code while this thread loads its own
        // (the Lua runtime) and the script
        const runner = parsed.cmdname === 'run' ? await import('../runner/run.js') : null;
        if (runner !== null) {
          const { LUA_WORKER } = await import('../paths.js');
          const limits = { ...config.limits, workerThreads: runner.scriptWorkerThreads(config.limits) };
          runner.warmUp(LUA_WORKER, limits, { driver: config.driver.name });
        }
        try {
          const { runLuaTest } = await import('./lua-test.js');
          return await runLuaTest({ io, log, reg, parsed, argv: ['sysbench', ...argv], name: choice.path, file: found.file, config });
        } finally {
          await runner?.coolDown();
        }
      }
    }
  } catch (err) {
    // a value only checked when read (e.g. --threads=abc): sysbench's message, not a stack trace
    if (err instanceof OptionError) {
      emit(io, log, [err.output]);
      return err.exitCode;
    }
    throw err;
  }
}
