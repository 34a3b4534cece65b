// The pgsql driver (PostgreSQL, on pg): its surface and how to create it.
import type { DbDriver, DriverContext } from '../driver.js';
import { PgsqlDriver } from './driver.js';
import type { PgsqlOptions } from './options.js';

export { PGSQL, type PgsqlOptions } from './options.js';

export function createPgsqlDriver(opts: PgsqlOptions, ctx: DriverContext): DbDriver {
  return new PgsqlDriver(opts, ctx);
}
