// What a driver shows before it runs: its name, its options and how it reads them. Kept
// apart from the driver's code so that option parsing and --help load no database client.
import type { OptionRegistry } from '../options/registry.js';
import type { OptionDef } from '../options/types.js';

export interface DriverSurface<Name extends string, Config> {
  /** --db-driver's value for it */
  readonly name: Name;
  /** "Compiled-in database drivers" line */
  readonly description: string;
  /** its sysbench 1.0.20 options, in help order */
  readonly options: readonly OptionDef[];
  /** options backported from sysbench 1.1 (only --help-extensions lists them) */
  readonly backportOptions: readonly OptionDef[];
  /** sysbench-ts's own options (only --help-extensions lists them) */
  readonly extensionOptions: readonly OptionDef[];
  /** its options as parsed, for the driver */
  readConfig(reg: OptionRegistry): Config;
}
