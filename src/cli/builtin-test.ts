// Built-in tests (cpu, memory, threads, mutex, fileio) are not implemented yet.
import type { Logger } from '../output.js';
import type { OptionRegistry } from '../options/registry.js';
import type { GeneralParse } from '../options/parser.js';
import type { BuiltinTestInfo } from '../options/defs/builtin.js';
import type { GeneralSettings, LogSettings } from '../options/settings.js';
import type { CliIo } from './io.js';

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
  b.log.fatal(`the built-in '${b.test.sname}' test is not implemented in sysbench-ts yet`);
  return 1;
}
