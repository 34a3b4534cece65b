// What a driver shows before it runs: its command-line surface (name, help line, options:
// src/options/defs/<name>.ts, as option parsing and --help need them below the drivers) and
// how it reads its options. Kept apart from the driver's code so that reading the run's
// configuration loads no database client.
import type { OptionRegistry } from '../options/registry.js';
import type { DriverDefs } from '../options/defs/db.js';

export interface DriverSurface<Name extends string, Config> extends DriverDefs<Name> {
  /** its options as parsed, for the driver */
  readConfig(reg: OptionRegistry): Config;
}
