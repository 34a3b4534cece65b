// The pgsql driver's surface: its command-line options and how it reads them.
import { PGSQL_DRIVER } from '../../options/defs/pgsql.js';
import type { DriverSurface } from '../surface.js';

export interface PgsqlOptions {
  host: string;
  port: string;
  user: string;
  password: string;
  db: string;
  /** libpq sslmode: disable, allow, prefer, require, verify-ca, verify-full */
  sslmode: string;
  /** SQLSTATE codes, or ['all'] (sysbench-ts extension; sysbench's fixed list by default) */
  ignoreErrors: string[];
}

export const PGSQL: DriverSurface<'pgsql', PgsqlOptions> = {
  ...PGSQL_DRIVER,
  readConfig: (reg) => ({
    host: reg.getString('pgsql-host') ?? '',
    port: reg.getString('pgsql-port') ?? '',
    user: reg.getString('pgsql-user') ?? '',
    password: reg.getString('pgsql-password') ?? '',
    db: reg.getString('pgsql-db') ?? '',
    sslmode: reg.getString('pgsql-sslmode') ?? 'prefer',
    ignoreErrors: reg.getList('pgsql-ignore-errors'),
  }),
};
