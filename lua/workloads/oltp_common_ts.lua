-- sysbench-ts workloads: the shared half of our 1.0-style OLTP scripts.
--
-- Written for sysbench-ts. It stands in for sysbench 1.0.20's oltp_common.lua where that is
-- not installed: it declares the same options (names, defaults, descriptions), creates and
-- fills the same tables, prepares the same statements in the same order and draws from
-- sysbench.rand in the same order, so a seeded run sends the statements the stock scripts
-- send. The global functions below carry the names third-party scripts built on
-- oltp_common call (prepare_point_selects(), execute_index_updates(), create_table(), ...).
--
-- Our scripts load it as require("oltp_common_ts"): a name of its own, so a script of ours
-- never picks up another oltp_common.lua that happens to sit earlier on package.path.

function init()
  -- only a script that defines event() may build on this module
  assert(event ~= nil, "this script is meant to be included by other OLTP scripts and " ..
    "should not be called directly.")
end

if sysbench.cmdline.command == nil then
  error("Command is required. Supported commands: prepare, prewarm, run, cleanup, help")
end

sysbench.cmdline.options = {
  table_size = { "Number of rows per table", 10000 },
  range_size = { "Range size for range SELECT queries", 100 },
  tables = { "Number of tables", 1 },
  point_selects = { "Number of point SELECT queries per transaction", 10 },
  simple_ranges = { "Number of simple range SELECT queries per transaction", 1 },
  sum_ranges = { "Number of SELECT SUM() queries per transaction", 1 },
  order_ranges = { "Number of SELECT ORDER BY queries per transaction", 1 },
  distinct_ranges = { "Number of SELECT DISTINCT queries per transaction", 1 },
  index_updates = { "Number of UPDATE index queries per transaction", 1 },
  non_index_updates = { "Number of UPDATE non-index queries per transaction", 1 },
  delete_inserts = { "Number of DELETE/INSERT combinations per transaction", 1 },
  range_selects = { "Enable/disable all range SELECT queries", true },
  auto_inc = { "Use AUTO_INCREMENT column as Primary Key (for MySQL), or its alternatives in " ..
    "other DBMS. When disabled, use client-generated IDs", true },
  skip_trx = { "Don't start explicit transactions and execute all queries in the AUTOCOMMIT mode",
    false },
  secondary = { "Use a secondary index in place of the PRIMARY KEY", false },
  create_secondary = { "Create a secondary index in addition to the PRIMARY KEY", true },
  mysql_storage_engine = { "Storage engine, if MySQL is used", "innodb" },
  -- no default: a plain string option
  pgsql_variant = { "Use this PostgreSQL variant when running with the PostgreSQL driver. The " ..
    "only currently supported variant is 'redshift'. When enabled, create_secondary is " ..
    "automatically disabled, and delete_inserts is set to 0" },
}

-- Random strings: groups of 11 digits joined by dashes ('#' is a digit for sysbench.rand.string)
local function digit_groups(count)
  local groups = {}
  for n = 1, count do groups[n] = "###########" end
  return table.concat(groups, "-")
end
local C_TEMPLATE = digit_groups(10)   -- 119 characters, for c CHAR(120)
local PAD_TEMPLATE = digit_groups(5)  -- 59 characters, for pad CHAR(60)

function get_c_value()
  return sysbench.rand.string(C_TEMPLATE)
end

function get_pad_value()
  return sysbench.rand.string(PAD_TEMPLATE)
end

-- Tables handled by this thread of a parallel command: tid+1, tid+1+threads, ...
local function for_my_tables(fn)
  local step = sysbench.opt.threads
  for num = sysbench.tid % step + 1, sysbench.opt.tables, step do fn(num) end
end

-- The column definition of id and the table options, per driver.
local function id_column_and_options(drv)
  local opt = sysbench.opt
  local name = drv:name()
  if name == "mysql" or name == "attachsql" or name == "drizzle" then
    local id = opt.auto_inc and "INTEGER NOT NULL AUTO_INCREMENT" or "INTEGER NOT NULL"
    -- mysql_table_options: a global a wrapper script may set (there is no option for it)
    return id, "/*! ENGINE = " .. opt.mysql_storage_engine .. " */", mysql_table_options or ""
  elseif name == "pgsql" then
    -- like the stock module, the variant is read from a global of that name, not from the option
    if not opt.auto_inc then return "INTEGER NOT NULL", "", "" end
    if pgsql_variant == "redshift" then return "INTEGER IDENTITY(1,1)", "", "" end
    return "SERIAL", "", ""
  end
  error("Unsupported database driver:" .. name)
end

function create_table(drv, con, table_num)
  local opt = sysbench.opt
  local id_def, engine_def, extra = id_column_and_options(drv)
  local key_def = opt.secondary and "KEY xid" or "PRIMARY KEY"
  local name = "sbtest" .. table_num

  print(string.format("Creating table '%s'...", name))
  con:query(table.concat({
    "CREATE TABLE " .. name .. "(",
    "  id " .. id_def .. ",",
    "  k INTEGER DEFAULT '0' NOT NULL,",
    "  c CHAR(120) DEFAULT '' NOT NULL,",
    "  pad CHAR(60) DEFAULT '' NOT NULL,",
    "  " .. key_def .. " (id)",
    ") " .. engine_def .. " " .. extra,
  }, "\n"))

  if opt.table_size > 0 then
    print(string.format("Inserting %d records into '%s'", opt.table_size, name))
  end
  local columns = opt.auto_inc and "(k, c, pad)" or "(id, k, c, pad)"
  con:bulk_insert_init("INSERT INTO " .. name .. columns .. " VALUES")
  for id = 1, opt.table_size do
    -- draw order per row: c, pad, then k
    local c = get_c_value()
    local pad = get_pad_value()
    local k = sysbench.rand.default(1, opt.table_size)
    if opt.auto_inc then
      con:bulk_insert_next(string.format("(%d, '%s', '%s')", k, c, pad))
    else
      con:bulk_insert_next(string.format("(%d, %d, '%s', '%s')", id, k, c, pad))
    end
  end
  con:bulk_insert_done()

  if opt.create_secondary then
    print(string.format("Creating a secondary index on '%s'...", name))
    con:query(string.format("CREATE INDEX k_%d ON %s(k)", table_num, name))
  end
end

-- prepare: creates and fills the tables (parallel: --threads > 1 splits the tables)
function cmd_prepare()
  local drv = sysbench.sql.driver()
  local con = drv:connect()
  for_my_tables(function(num) create_table(drv, con, num) end)
end

-- prewarm: reads every table through the primary key and through k (MySQL only)
function cmd_prewarm()
  local drv = sysbench.sql.driver()
  local con = drv:connect()
  assert(drv:name() == "mysql", "prewarm is currently MySQL only")
  -- keep the derived tables below in memory
  con:query("SET tmp_table_size=2*1024*1024*1024")
  con:query("SET max_heap_table_size=2*1024*1024*1024")
  for_my_tables(function(num)
    local name = "sbtest" .. num
    print("Prewarming table " .. name)
    con:query("ANALYZE TABLE " .. name)
    con:query(string.format("SELECT AVG(id) FROM (SELECT * FROM %s FORCE KEY (PRIMARY) LIMIT %u) t",
      name, sysbench.opt.table_size))
    con:query(string.format("SELECT COUNT(*) FROM (SELECT * FROM %s WHERE k LIKE '%%0%%' LIMIT %u) t",
      name, sysbench.opt.table_size))
  end)
end

sysbench.cmdline.commands = {
  prepare = { cmd_prepare, sysbench.cmdline.PARALLEL_COMMAND },
  prewarm = { cmd_prewarm, sysbench.cmdline.PARALLEL_COMMAND },
}

function cleanup()
  local con = sysbench.sql.driver():connect()
  for num = 1, sysbench.opt.tables do
    print(string.format("Dropping table 'sbtest%d'...", num))
    con:query("DROP TABLE IF EXISTS sbtest" .. num)
  end
end

-- The statements of the run, per kind: SQL (%u = table number) and parameter types
-- ({type, length} for strings).
local T = sysbench.sql.type
local STATEMENTS = {
  point_selects = { "SELECT c FROM sbtest%u WHERE id=?", T.INT },
  simple_ranges = { "SELECT c FROM sbtest%u WHERE id BETWEEN ? AND ?", T.INT, T.INT },
  sum_ranges = { "SELECT SUM(k) FROM sbtest%u WHERE id BETWEEN ? AND ?", T.INT, T.INT },
  order_ranges = { "SELECT c FROM sbtest%u WHERE id BETWEEN ? AND ? ORDER BY c", T.INT, T.INT },
  distinct_ranges = { "SELECT DISTINCT c FROM sbtest%u WHERE id BETWEEN ? AND ? ORDER BY c",
    T.INT, T.INT },
  index_updates = { "UPDATE sbtest%u SET k=k+1 WHERE id=?", T.INT },
  non_index_updates = { "UPDATE sbtest%u SET c=? WHERE id=?", { T.CHAR, 120 }, T.INT },
  deletes = { "DELETE FROM sbtest%u WHERE id=?", T.INT },
  inserts = { "INSERT INTO sbtest%u (id, k, c, pad) VALUES (?, ?, ?, ?)",
    T.INT, T.INT, { T.CHAR, 120 }, { T.CHAR, 60 } },
}

function prepare_begin()
  stmt.begin = con:prepare("BEGIN")
end

function prepare_commit()
  stmt.commit = con:prepare("COMMIT")
end

-- Prepares statement `key` on every table, binding one buffer per parameter:
-- stmt[table][key] and param[table][key][n].
function prepare_for_each_table(key)
  local def = STATEMENTS[key]
  for num = 1, sysbench.opt.tables do
    local s = con:prepare(string.format(def[1], num))
    stmt[num][key] = s
    if #def > 1 then
      local buffers = {}
      for n = 2, #def do
        local ptype = def[n]
        if type(ptype) == "table" then
          buffers[n - 1] = s:bind_create(ptype[1], ptype[2])
        else
          buffers[n - 1] = s:bind_create(ptype)
        end
      end
      param[num][key] = buffers
      s:bind_param(unpack(buffers))
    end
  end
end

function prepare_point_selects() prepare_for_each_table("point_selects") end
function prepare_simple_ranges() prepare_for_each_table("simple_ranges") end
function prepare_sum_ranges() prepare_for_each_table("sum_ranges") end
function prepare_order_ranges() prepare_for_each_table("order_ranges") end
function prepare_distinct_ranges() prepare_for_each_table("distinct_ranges") end
function prepare_index_updates() prepare_for_each_table("index_updates") end
function prepare_non_index_updates() prepare_for_each_table("non_index_updates") end

function prepare_delete_inserts()
  prepare_for_each_table("deletes")
  prepare_for_each_table("inserts")
end

function thread_init()
  drv = sysbench.sql.driver()
  con = drv:connect()
  -- stmt[table][kind], param[table][kind][n]; stmt.begin / stmt.commit
  stmt = {}
  param = {}
  for num = 1, sysbench.opt.tables do
    stmt[num] = {}
    param[num] = {}
  end
  -- defined by each workload script
  prepare_statements()
end

function close_statements()
  for num = 1, sysbench.opt.tables do
    for _, s in pairs(stmt[num]) do s:close() end
  end
  if stmt.begin ~= nil then stmt.begin:close() end
  if stmt.commit ~= nil then stmt.commit:close() end
end

function thread_done()
  close_statements()
  con:disconnect()
end

local function random_table()
  return sysbench.rand.uniform(1, sysbench.opt.tables)
end

local function random_id()
  return sysbench.rand.default(1, sysbench.opt.table_size)
end

function begin()
  stmt.begin:execute()
end

function commit()
  stmt.commit:execute()
end

function execute_point_selects()
  local num = random_table()
  local s, p = stmt[num].point_selects, param[num].point_selects
  for _ = 1, sysbench.opt.point_selects do
    p[1]:set(random_id())
    s:execute()
  end
end

-- `key` queries on one random table, each over range_size ids from a random id
local function execute_ranges(key)
  local num = random_table()
  local s, p = stmt[num][key], param[num][key]
  for _ = 1, sysbench.opt[key] do
    local first = random_id()
    p[1]:set(first)
    p[2]:set(first + sysbench.opt.range_size - 1)
    s:execute()
  end
end

function execute_simple_ranges() execute_ranges("simple_ranges") end
function execute_sum_ranges() execute_ranges("sum_ranges") end
function execute_order_ranges() execute_ranges("order_ranges") end
function execute_distinct_ranges() execute_ranges("distinct_ranges") end

function execute_index_updates()
  local num = random_table()
  local s, p = stmt[num].index_updates, param[num].index_updates
  for _ = 1, sysbench.opt.index_updates do
    p[1]:set(random_id())
    s:execute()
  end
end

function execute_non_index_updates()
  local num = random_table()
  local s, p = stmt[num].non_index_updates, param[num].non_index_updates
  for _ = 1, sysbench.opt.non_index_updates do
    -- the new c first, then the id
    p[1]:set_rand_str(C_TEMPLATE)
    p[2]:set(random_id())
    s:execute()
  end
end

function execute_delete_inserts()
  local num = random_table()
  local del, ins = stmt[num].deletes, stmt[num].inserts
  local dp, ip = param[num].deletes, param[num].inserts
  for _ = 1, sysbench.opt.delete_inserts do
    -- the row deleted is inserted again, with a new k, c and pad
    local id = random_id()
    local k = random_id()
    dp[1]:set(id)
    ip[1]:set(id)
    ip[2]:set(k)
    ip[3]:set_rand_str(C_TEMPLATE)
    ip[4]:set_rand_str(PAD_TEMPLATE)
    del:execute()
    ins:execute()
  end
end

-- After a reconnect (lost-connection errors listed in --mysql-ignore-errors) the prepared
-- statements are gone: prepare them again before the event restarts.
local LOST_CONNECTION = { [2006] = true, [2011] = true, [2013] = true, [2055] = true }

function sysbench.hooks.before_restart_event(errdesc)
  if LOST_CONNECTION[errdesc.sql_errno] then
    close_statements()
    prepare_statements()
  end
end
