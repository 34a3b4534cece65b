// Typed run configuration derived from the option registry.
import type { OptionRegistry } from '../options/registry.js';
import type { GeneralSettings, LogSettings } from '../options/settings.js';
import { readDriverConfig, type DriverConfig } from '../drivers/catalog.js';
import type { RandConfig, RandType } from '../rand/sb-rand.js';
import type { RunLimits } from '../runner/run.js';
import { logMessage, OptionError } from '../options/types.js';
import { parseShard, parseStartAt, shareOf, shareProblem, type Shard } from '../shard/shard.js';

export interface Config {
  general: GeneralSettings;
  log: LogSettings;
  driver: DriverConfig;
  rand: RandConfig;
  limits: RunLimits;
  /** --shard (our extension), or null */
  shard: Shard | null;
  /** --start-at in ms since the epoch (our extension), or null */
  startAtMs: number | null;
}

const fatal = (text: string): OptionError => new OptionError(logMessage('fatal', text));

/** --shard and --start-at only make sense for `run`: prepare once, without them. */
export function assertRunOnly(config: Config, command: string): void {
  if (command !== 'run' && (config.shard || config.startAtMs !== null)) {
    throw fatal(`--shard and --start-at apply to the run command only (run '${command}' once, without them)`);
  }
}

/** --shard and --start-at; a malformed value is a FATAL error, as for sysbench's own options. */
export function scaleOutSettings(reg: OptionRegistry): { shard: Shard | null; startAtMs: number | null } {
  const shardText = reg.getString('shard') ?? '';
  const shard = shardText === '' ? null : parseShard(shardText);
  if (shardText !== '' && !shard) throw fatal(`Invalid value for --shard: '${shardText}' (expected I/N with 0 <= I < N)`);
  const startText = reg.getString('start-at') ?? '';
  const startAtMs = startText === '' ? null : parseStartAt(startText);
  if (startText !== '' && startAtMs === null) throw fatal(`Invalid value for --start-at: '${startText}' (expected a UNIX time in seconds)`);
  return { shard, startAtMs };
}

export function buildConfig(reg: OptionRegistry, general: GeneralSettings, log: LogSettings): Config {
  const { shard, startAtMs } = scaleOutSettings(reg);
  // --events and --rate are the whole run's: a shard does its part
  const share = (option: string, total: number): number => {
    if (!shard) return total;
    const problem = shareProblem(option, total, shard);
    if (problem) throw fatal(problem);
    return shareOf(total, shard);
  };
  const limits: RunLimits = {
    threads: general.threads,
    events: share('events', Number(general.maxEvents)),
    time: general.maxTime,
    reportInterval: general.reportInterval,
    checkpoints: general.checkpoints,
    workerThreads: general.workerThreads,
    verbosity: log.verbosity,
    percentile: log.percentile,
    rate: share('rate', general.txRate),
    startAtMs,
    rateLatencyLimit: reg.getInt('rate-latency-limit'),
    warmup: general.warmupTime,
    threadInitTimeout: general.threadInitTimeout > 0 ? general.threadInitTimeout : 30,
    forcedShutdown: general.forceShutdown ? general.shutdownTimeout : null,
  };
  const rand: RandConfig = {
    type: general.randType as RandType,
    specIter: general.randSpecIter,
    specPct: general.randSpecPct,
    specRes: general.randSpecRes,
    paretoH: general.randParetoH,
    zipfianExp: general.randZipfianExp,
  };
  return { general, log, driver: readDriverConfig(reg), rand, limits, shard, startAtMs };
}
