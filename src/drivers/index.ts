// The driver registry: picks the driver a script asks for (or --db-driver) from the
// catalog and creates it with its part of the run's configuration.
import type { Logger } from '../output.js';
import type { DbDriver, DriverContext } from './driver.js';
import type { DriverConfig, DriverName } from './catalog.js';
import { createMysqlDriver } from './mysql/index.js';
import { createPgsqlDriver } from './pgsql/index.js';

export { DRIVER_CATALOG, readDriverConfig, type DriverConfig } from './catalog.js';

const CREATE: { [N in DriverName]: (opts: DriverConfig[N], ctx: DriverContext) => DbDriver } = {
  mysql: createMysqlDriver,
  pgsql: createPgsqlDriver,
};

function isDriverName(name: string): name is DriverName {
  return Object.hasOwn(CREATE, name);
}

export function createDriver(requested: string | null, cfg: DriverConfig, log: Logger, nextConnectionIndex: () => number): DbDriver | string {
  if (cfg.invalidPsMode !== undefined) return `Invalid value for db-ps-mode: ${cfg.invalidPsMode}`;
  const name = requested ?? cfg.name;
  if (!isDriverName(name)) return `invalid database driver name: '${name}'`;
  const ctx: DriverContext = { log, psMode: cfg.psMode, nextConnectionIndex };
  const create = CREATE[name] as (opts: DriverConfig[DriverName], ctx: DriverContext) => DbDriver;
  return create(cfg[name], ctx);
}
