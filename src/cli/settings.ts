// Typed run configuration derived from the option registry.
import type { OptionRegistry } from '../options/registry.js';
import type { GeneralSettings, LogSettings } from '../options/settings.js';
import type { DriverConfig } from '../drivers/index.js';
import type { RandConfig, RandType } from '../rand/sb-rand.js';
import type { RunLimits } from '../runner/run.js';

export interface Config {
  general: GeneralSettings;
  log: LogSettings;
  driver: DriverConfig;
  rand: RandConfig;
  limits: RunLimits;
}

export function driverConfig(reg: OptionRegistry): DriverConfig {
  const psMode = reg.getString('db-ps-mode') ?? 'auto';
  return {
    name: reg.getString('db-driver') ?? 'mysql',
    mysql: {
      hosts: reg.getList('mysql-host'),
      ports: reg.getList('mysql-port').map((p) => parseInt(p, 10)),
      sockets: reg.getList('mysql-socket'),
      user: reg.getString('mysql-user') ?? '',
      password: reg.getString('mysql-password') ?? '',
      db: reg.getString('mysql-db') ?? '',
      ssl: reg.getFlag('mysql-ssl'),
      sslCipher: reg.getString('mysql-ssl-cipher') ?? '',
      compression: reg.getFlag('mysql-compression'),
      debug: reg.getFlag('mysql-debug'),
      ignoreErrors: reg.getList('mysql-ignore-errors'),
      dryRun: reg.getFlag('mysql-dry-run'),
      psMode: psMode === 'disable' ? 'disable' : 'auto',
    },
    pgsql: {
      host: reg.getString('pgsql-host') ?? '',
      port: reg.getString('pgsql-port') ?? '',
      user: reg.getString('pgsql-user') ?? '',
      password: reg.getString('pgsql-password') ?? '',
      db: reg.getString('pgsql-db') ?? '',
      sslmode: reg.getString('pgsql-sslmode') ?? 'prefer',
      ignoreErrors: reg.getList('pgsql-ignore-errors'),
      psMode: psMode === 'disable' ? 'disable' : 'auto',
    },
  };
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
  return { general, log, driver: driverConfig(reg), rand, limits };
}
