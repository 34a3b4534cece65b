// The mysql driver's surface: its command-line options and how it reads them.
import { MYSQL_DRIVER } from '../../options/defs/mysql.js';
import type { DriverSurface } from '../surface.js';

export interface MysqlOptions {
  hosts: string[];
  ports: number[];
  sockets: string[];
  user: string;
  password: string;
  db: string;
  ssl: boolean;
  sslCipher: string;
  compression: boolean;
  debug: boolean;
  /** error numbers, or ['all'] */
  ignoreErrors: string[];
  dryRun: boolean;
}

export const MYSQL: DriverSurface<'mysql', MysqlOptions> = {
  ...MYSQL_DRIVER,
  readConfig: (reg) => ({
    hosts: reg.getList('mysql-host'),
    ports: reg.getList('mysql-port').map((p) => parseInt(p, 10)),
    sockets: reg.getList('mysql-socket'),
    user: reg.getString('mysql-user') ?? '',
    // as libmysqlclient: no password given (sysbench passes '' as none) -> $MYSQL_PWD
    password: reg.getString('mysql-password') || process.env.MYSQL_PWD || '',
    db: reg.getString('mysql-db') ?? '',
    ssl: reg.getFlag('mysql-ssl'),
    sslCipher: reg.getString('mysql-ssl-cipher') ?? '',
    compression: reg.getFlag('mysql-compression'),
    debug: reg.getFlag('mysql-debug'),
    ignoreErrors: reg.getList('mysql-ignore-errors'),
    dryRun: reg.getFlag('mysql-dry-run'),
  }),
};
