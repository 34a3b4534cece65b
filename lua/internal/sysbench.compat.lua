-- Part of the Lua side of sysbench's API (loaded by src/lua/state.ts under sysbench's module name).
---------------------------------------------------------------------------
-- sysbench 1.0's compatibility globals: the sysbench 0.5 API

thread_id = sysbench.tid
test = sysbench.cmdline.script_path

-- sb_rnd, sb_rand, sb_rand_str, sb_rand_uniform, sb_rand_gaussian, sb_rand_special and
-- sb_rand_uniq are natives (src/lua/api/rand.ts)

-- the 0.5 database calls and error codes: natives of sysbench.db (src/lua/api/db.ts)
for _, name in ipairs({
  "connect", "disconnect", "query",
  "bulk_insert_init", "bulk_insert_next", "bulk_insert_done",
  "prepare", "bind_param", "bind_result", "execute",
  "store_results", "free_results", "close",
}) do
  _G["db_" .. name] = sysbench.db[name]
end

DB_ERROR_NONE = sysbench.db.DB_ERROR_NONE
DB_ERROR_RESTART_TRANSACTION = sysbench.db.DB_ERROR_RESTART_TRANSACTION
DB_ERROR_FAILED = sysbench.db.DB_ERROR_FAILED

-- defaults 0.5 scripts expect; options given on the command line replace them when exported
mysql_table_engine = mysql_table_engine or "innodb"
myisam_max_rows = 1000000
