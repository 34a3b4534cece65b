// The drivers sysbench-ts is built with, in the order of the command line's DRIVER_DEFS
// (sysbench's registration order), and the run's driver configuration read from the parsed
// options. Only the drivers' surfaces are imported here: no database client loads.
import type { OptionRegistry } from '../options/registry.js';
import type { PsMode } from './driver.js';
import { MYSQL } from './mysql/options.js';
import { PGSQL } from './pgsql/options.js';

export const DRIVER_CATALOG = [MYSQL, PGSQL] as const;

type Surfaces = (typeof DRIVER_CATALOG)[number];
export type DriverName = Surfaces['name'];

/** Every driver's options (keyed by driver name), --db-driver and --db-ps-mode. */
export type DriverConfig = {
  name: string;
  psMode: PsMode;
  /** --db-ps-mode when it is neither auto nor disable: creating a driver fails, as sysbench's db_init() */
  invalidPsMode?: string;
} & {
  [S in Surfaces as S['name']]: ReturnType<S['readConfig']>;
};

export function readDriverConfig(reg: OptionRegistry): DriverConfig {
  const psMode = reg.getString('db-ps-mode') ?? '(null)';
  return {
    name: reg.getString('db-driver') ?? 'mysql',
    psMode: psMode === 'disable' ? 'disable' : 'auto',
    ...(psMode === 'auto' || psMode === 'disable' ? {} : { invalidPsMode: psMode }),
    mysql: MYSQL.readConfig(reg),
    pgsql: PGSQL.readConfig(reg),
  };
}
