// The mysql driver on the command line: drv_mysql.c's options, in help order, and sysbench
// 1.1's --mysql-ssl modes and certificate files.
import type { DriverDefs } from './db.js';

export const MYSQL_DRIVER: DriverDefs<'mysql'> = {
  name: 'mysql',
  description: 'MySQL driver',
  options: [
    { name: 'mysql-host', description: 'MySQL server host', default: 'localhost', type: 'list' },
    { name: 'mysql-port', description: 'MySQL server port', default: '3306', type: 'list' },
    { name: 'mysql-socket', description: 'MySQL socket', default: null, type: 'list' },
    { name: 'mysql-user', description: 'MySQL user', default: 'sbtest', type: 'string' },
    { name: 'mysql-password', description: 'MySQL password', default: '', type: 'string' },
    { name: 'mysql-db', description: 'MySQL database name', default: 'sbtest', type: 'string' },
    {
      name: 'mysql-ssl',
      description: 'use SSL connections, if available in the client library',
      default: 'off',
      type: 'bool',
      // sysbench 1.1's SSL modes (its --mysql-ssl takes MySQL's --ssl-mode values)
      boolWords: ['DISABLED', 'REQUIRED', 'VERIFY_CA', 'VERIFY_IDENTITY'],
    },
    { name: 'mysql-ssl-cipher', description: 'use specific cipher for SSL connections', default: '', type: 'string' },
    {
      name: 'mysql-compression',
      description: 'use compression, if available in the client library',
      default: 'off',
      type: 'bool',
    },
    { name: 'mysql-debug', description: 'trace all client library calls', default: 'off', type: 'bool' },
    {
      name: 'mysql-ignore-errors',
      description: 'list of errors to ignore, or "all"',
      default: '1213,1020,1205',
      type: 'list',
    },
    {
      name: 'mysql-dry-run',
      description: 'Dry run, pretend that all MySQL client API calls are successful without executing them',
      default: 'off',
      type: 'bool',
    },
  ],
  // sysbench 1.1's texts
  backportOptions: [
    { name: 'mysql-ssl-key', description: 'path name of the client private key file', default: null, type: 'string' },
    { name: 'mysql-ssl-ca', description: 'path name of the CA file', default: null, type: 'string' },
    { name: 'mysql-ssl-cert', description: 'path name of the client public key certificate file', default: null, type: 'string' },
  ],
  extensionOptions: [],
};
