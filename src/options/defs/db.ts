// General database options (db_args in db_driver.c), and the compiled-in drivers' command-line
// surface: one file per driver (mysql.ts, pgsql.ts), listed here in sysbench's registration
// order. The drivers themselves (src/drivers/<name>/) read these options.
import type { OptionDef } from '../types.js';
import { MYSQL_DRIVER } from './mysql.js';
import { PGSQL_DRIVER } from './pgsql.js';

export const DB_OPTIONS: readonly OptionDef[] = [
  {
    name: 'db-driver',
    description: "specifies database driver to use ('help' to get list of available drivers)",
    default: 'mysql',
    type: 'string',
  },
  { name: 'db-ps-mode', description: 'prepared statements usage mode {auto, disable}', default: 'auto', type: 'string' },
  { name: 'db-debug', description: 'print database-specific debug information', default: 'off', type: 'bool' },
];

export interface DriverInfo {
  readonly sname: string;
  readonly lname: string;
}

/** What a driver shows on the command line. */
export interface DriverDefs<Name extends string = string> {
  /** --db-driver's value for it */
  readonly name: Name;
  /** its "Compiled-in database drivers" line */
  readonly description: string;
  /** its sysbench 1.0.20 options, in help order */
  readonly options: readonly OptionDef[];
  /** options backported from sysbench 1.1 (only the extensions help lists them) */
  readonly backportOptions: readonly OptionDef[];
  /** sysbench-ts's own options (only the extensions help lists them) */
  readonly extensionOptions: readonly OptionDef[];
}

/** The drivers Debian's sysbench 1.0.20 is built with (and ours), in registration order. */
export const DRIVER_DEFS = [MYSQL_DRIVER, PGSQL_DRIVER] as const;
