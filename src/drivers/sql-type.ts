// The numbers of sysbench's sql_bind_type_t and db_error_t, in one table. TypeScript uses it
// directly; the Lua API publishes it as sysbench.sql.type and sysbench.sql.error when a
// state is created (lua/internal/ffi.lua reads its SQL_TYPE_* and DB_ERROR_* from there).

export const SQL_TYPE = {
  NONE: 0,
  TINYINT: 1,
  SMALLINT: 2,
  INT: 3,
  BIGINT: 4,
  FLOAT: 5,
  DOUBLE: 6,
  TIME: 7,
  DATE: 8,
  DATETIME: 9,
  TIMESTAMP: 10,
  CHAR: 11,
  VARCHAR: 12,
} as const;

export const SQL_ERROR = {
  NONE: 0,
  IGNORABLE: 1,
  FATAL: 2,
} as const;
