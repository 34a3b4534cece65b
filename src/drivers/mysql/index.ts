// The mysql driver (MySQL and MariaDB, on mysql2): its surface and how to create it.
import type { DbDriver, DriverContext } from '../driver.js';
import { MysqlDriver } from './driver.js';
import type { MysqlOptions } from './options.js';

export { MYSQL, type MysqlOptions } from './options.js';

export function createMysqlDriver(opts: MysqlOptions, ctx: DriverContext): DbDriver {
  return new MysqlDriver(opts, ctx);
}
