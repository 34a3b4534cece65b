// The pgsql driver on the command line: drv_pgsql.c's options (in help order),
// --pgsql-sslmode from sysbench 1.1, and our --pgsql-ignore-errors.
import type { DriverDefs } from './db.js';

export const PGSQL_DRIVER: DriverDefs<'pgsql'> = {
  name: 'pgsql',
  description: 'PostgreSQL driver',
  options: [
    { name: 'pgsql-host', description: 'PostgreSQL server host', default: 'localhost', type: 'string' },
    { name: 'pgsql-port', description: 'PostgreSQL server port', default: '5432', type: 'int' },
    { name: 'pgsql-user', description: 'PostgreSQL user', default: 'sbtest', type: 'string' },
    { name: 'pgsql-password', description: 'PostgreSQL password', default: '', type: 'string' },
    { name: 'pgsql-db', description: 'PostgreSQL database name', default: 'sbtest', type: 'string' },
  ],
  backportOptions: [
    {
      name: 'pgsql-sslmode',
      description: 'PostgreSQL SSL mode (disable, allow, prefer, require, verify-ca, verify-full)',
      default: 'prefer',
      type: 'string',
    },
  ],
  extensionOptions: [
    {
      // sysbench 1.0.20 hard-codes these three SQLSTATEs (deadlock, unique violation,
      // serialization failure) as ignorable; this makes the list configurable (sysbench #334)
      name: 'pgsql-ignore-errors',
      description:
        'list of PostgreSQL SQLSTATE codes to ignore (the transaction is rolled back and the event ' +
        'restarted), or "all" (sysbench-ts extension)',
      default: '40P01,23505,40001',
      type: 'list',
    },
  ],
};
