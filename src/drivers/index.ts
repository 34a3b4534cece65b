// Driver registry: picks the driver a script asks for (or --db-driver).
import type { Logger } from '../output.js';
import type { DbDriver } from './driver.js';
import { MysqlDriver, type MysqlOptions } from './mysql.js';
import { PgsqlDriver, type PgsqlOptions } from './pgsql.js';

export interface DriverConfig {
  /** --db-driver */
  name: string;
  mysql: MysqlOptions;
  pgsql: PgsqlOptions;
}

export const DRIVERS: { name: string; description: string }[] = [
  { name: 'mysql', description: 'MySQL driver' },
  { name: 'pgsql', description: 'PostgreSQL driver' },
];

export function createDriver(requested: string | null, cfg: DriverConfig, log: Logger, nextConnectionIndex: () => number): DbDriver | string {
  const name = requested ?? cfg.name;
  if (name === 'mysql') return new MysqlDriver(cfg.mysql, log, nextConnectionIndex);
  if (name === 'pgsql') return new PgsqlDriver(cfg.pgsql, log);
  return `invalid database driver name: '${name}'`;
}
