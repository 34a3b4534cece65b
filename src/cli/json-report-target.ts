// Where --json-report writes, and what it records about the run besides the results.
import { writeFileSync } from 'node:fs';
import type { OptionRegistry } from '../options/registry.js';
import type { Config } from './settings.js';
import type { CliIo } from './io.js';

export function jsonReportTarget(reg: OptionRegistry, io: CliIo, config: Config, test: string, argv: string[]):
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
      argv,
      started_at: new Date().toISOString(),
      options: {
        threads: g.threads, time_s: g.maxTime, events: Number(g.maxEvents), rate: g.txRate,
        rand_type: g.randType, rand_seed: g.randSeed, percentile: config.log.percentile,
        db_driver: config.driver.name,
      },
    },
  };
}
