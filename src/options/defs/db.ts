// General database options (db_args in db_driver.c). The drivers themselves, with their
// options, are listed in src/drivers/catalog.ts.
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
