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
  /** --mysql-ssl: off, on (TLS, server not verified) or sysbench 1.1's mode names */
  ssl: 'off' | 'on' | 'REQUIRED' | 'VERIFY_CA' | 'VERIFY_IDENTITY';
  sslCipher: string;
  /** --mysql-ssl-ca / -cert / -key (sysbench 1.1): file names, '' when not given */
  sslCa: string;
  sslCert: string;
  sslKey: string;
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
    ssl: sslMode(reg.getString('mysql-ssl')),
    sslCipher: reg.getString('mysql-ssl-cipher') ?? '',
    sslCa: reg.getString('mysql-ssl-ca') ?? '',
    sslCert: reg.getString('mysql-ssl-cert') ?? '',
    sslKey: reg.getString('mysql-ssl-key') ?? '',
    compression: reg.getFlag('mysql-compression'),
    debug: reg.getFlag('mysql-debug'),
    ignoreErrors: reg.getList('mysql-ignore-errors'),
    dryRun: reg.getFlag('mysql-dry-run'),
  }),
};

/** --mysql-ssl's value (a bool, or a mode name from the command line or a config file). */
function sslMode(value: string | null): MysqlOptions['ssl'] {
  const v = (value ?? '').toUpperCase();
  if (v === '' || v === 'OFF' || v === 'DISABLED') return 'off';
  if (v === 'REQUIRED' || v === 'VERIFY_CA' || v === 'VERIFY_IDENTITY') return v;
  return 'on';
}
