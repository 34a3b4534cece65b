-- Part of the Lua side of sysbench's API (loaded by src/lua/state.ts under sysbench's module name).
---------------------------------------------------------------------------
-- sysbench 1.0's compatibility globals: the sysbench 0.5 API

thread_id = sysbench.tid
test = sysbench.cmdline.script_path

-- sb_rnd, sb_rand, sb_rand_str, sb_rand_uniform, sb_rand_gaussian, sb_rand_special and
-- sb_rand_uniq are natives (src/lua/api/rand.ts)

-- the 0.5 database calls and error codes: natives of sysbench.db (src/lua/api/db.ts)
local db = sysbench.db
db_connect = db.connect
db_disconnect = db.disconnect
db_query = db.query
db_bulk_insert_init = db.bulk_insert_init
db_bulk_insert_next = db.bulk_insert_next
db_bulk_insert_done = db.bulk_insert_done
db_prepare = db.prepare
db_bind_param = db.bind_param
db_bind_result = db.bind_result
db_execute = db.execute
db_store_results = db.store_results
db_free_results = db.free_results
db_close = db.close

DB_ERROR_NONE = db.DB_ERROR_NONE
DB_ERROR_RESTART_TRANSACTION = db.DB_ERROR_RESTART_TRANSACTION
DB_ERROR_FAILED = db.DB_ERROR_FAILED

-- defaults 0.5 scripts expect; options given on the command line replace them when exported
mysql_table_engine = mysql_table_engine or "innodb"
myisam_max_rows = 1000000
