// Typed run configuration derived from the option registry.
import type { OptionRegistry } from '../options/registry.js';
import type { GeneralSettings, LogSettings } from '../options/settings.js';
import { readDriverConfig, type DriverConfig } from '../drivers/catalog.js';
import type { RandConfig, RandType } from '../rand/sb-rand.js';
import type { RunLimits } from '../runner/run.js';

export interface Config {
  general: GeneralSettings;
  log: LogSettings;
  driver: DriverConfig;
  rand: RandConfig;
  limits: RunLimits;
}

export function buildConfig(reg: OptionRegistry, general: GeneralSettings, log: LogSettings): Config {
  const limits: RunLimits = {
    threads: general.threads,
    events: Number(general.maxEvents),
    time: general.maxTime,
    reportInterval: general.reportInterval,
    checkpoints: general.checkpoints,
    workerThreads: general.workerThreads,
    verbosity: log.verbosity,
    percentile: log.percentile,
    rate: general.txRate,
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
  return { general, log, driver: readDriverConfig(reg), rand, limits };
}
