// Where --json-report writes, and what it records about the run besides the results.
import { writeFileSync } from 'node:fs';
import type { OptionRegistry } from '../options/registry.js';
import { maskArgv } from '../options/secrets.js';
import type { Config } from './settings.js';
import type { CliIo } from './io.js';
import { crypto } from '../lazy-node-modules.js';

export function jsonReportTarget(reg: OptionRegistry, io: CliIo, config: Config, test: string, argv: string[], kind: 'lua' | 'builtin'):
  { write: (text: string) => void; meta: Record<string, unknown> } | undefined {
  const path = reg.getString('json-report') ?? '';
  if (path === '') return undefined;
  const g = config.general;
  return {
    write: path === '-' ? io.stdout : (text) => writeFileSync(path, text),
    meta: {
      tool: 'sysbench-ts',
      sysbench_version: '1.0.20',
      test,
      test_kind: kind,
      // secret options masked (--mysql-password=***)
      argv: maskArgv(argv),
      started_at: new Date().toISOString(),
      // tells two reports of one run apart from two copies of one report
      run_id: crypto().randomUUID(),
      ...(config.shard ? { shard: config.shard } : {}),
      options: {
        // --events and --rate: this process's part of them under --shard
        threads: g.threads, time_s: g.maxTime, events: config.limits.events, rate: config.limits.rate,
        rand_type: g.randType, rand_seed: g.randSeed, percentile: config.log.percentile,
        db_driver: config.driver.name, report_interval_s: g.reportInterval, report_checkpoints_s: g.checkpoints,
        histogram: config.log.histogram,
      },
    },
  };
}
