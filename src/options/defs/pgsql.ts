// PostgreSQL driver options (drv_pgsql.c), in help order.
import type { OptionDef } from '../types.js';

export const PGSQL_OPTIONS: readonly OptionDef[] = [
  { name: 'pgsql-host', description: 'PostgreSQL server host', default: 'localhost', type: 'string' },
  { name: 'pgsql-port', description: 'PostgreSQL server port', default: '5432', type: 'int' },
  { name: 'pgsql-user', description: 'PostgreSQL user', default: 'sbtest', type: 'string' },
  { name: 'pgsql-password', description: 'PostgreSQL password', default: '', type: 'string' },
  { name: 'pgsql-db', description: 'PostgreSQL database name', default: 'sbtest', type: 'string' },
];
