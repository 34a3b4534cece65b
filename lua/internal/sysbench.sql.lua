-- Part of the Lua side of sysbench's API (loaded by src/lua/state.ts under sysbench's module name).
---------------------------------------------------------------------------
-- sysbench.sql constants (methods are natives)

sysbench.sql = sysbench.sql or {}
sysbench.sql.type = {
  NONE = 0, TINYINT = 1, SMALLINT = 2, INT = 3, BIGINT = 4, FLOAT = 5, DOUBLE = 6,
  TIME = 7, DATE = 8, DATETIME = 9, TIMESTAMP = 10, CHAR = 11, VARCHAR = 12,
}
sysbench.sql.error = { NONE = 0, IGNORABLE = 1, FATAL = 2 }

