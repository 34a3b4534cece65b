// General database options (db_args in db_driver.c) and the compiled-in driver list.
import type { OptionDef } from '../types.js';

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

/** The drivers Debian's sysbench 1.0.20 is built with, in registration order. */
export const REFERENCE_DRIVERS: readonly DriverInfo[] = [
  { sname: 'mysql', lname: 'MySQL driver' },
  { sname: 'pgsql', lname: 'PostgreSQL driver' },
];
