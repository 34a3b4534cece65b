// The mysql driver (MySQL and MariaDB, on mysql2): its surface and how to create it.
import type { DbDriver, DriverContext } from '../driver.js';
import { LogLevel } from '../../output.js';
import { MysqlDriver } from './driver.js';
import { TracedMysqlDriver } from './trace.js';
import type { MysqlOptions } from './options.js';

export { MYSQL, type MysqlOptions } from './options.js';

export function createMysqlDriver(opts: MysqlOptions, ctx: DriverContext): DbDriver {
  // drv_mysql.c's debug lines: --mysql-debug, or verbosity 5 (ignored errors, reconnects)
  if (opts.debug || ctx.log.verbosity >= LogLevel.Debug) return new TracedMysqlDriver(opts, ctx, (c) => new MysqlDriver(opts, c));
  return new MysqlDriver(opts, ctx);
}
