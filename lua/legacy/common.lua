-- sysbench-ts: the shared part of our sysbench 0.5-style OLTP scripts (lua/legacy/).
--
-- A 0.5 script gets its options as global strings, exactly as typed (--oltp-table-size=1000
-- sets oltp_table_size = "1000"); set_vars() turns them into numbers and flags. The scripts
-- send the same statements, in the same order and with the same random values, as the 0.5
-- scripts that sysbench 1.0.20 ships for its tests (tests/include/oltp_legacy/).
--
-- Globals defined here, as 0.5 scripts expect them: set_vars(), create_insert(n), prepare(),
-- cleanup().

-- random text for the c and pad columns: groups of 11 digits joined by '-'
local function digit_groups(count)
   local parts = {}
   for n = 1, count do
      parts[n] = "###########"
   end
   return table.concat(parts, "-")
end

legacy_c_template = digit_groups(10)
legacy_pad_template = digit_groups(5)

local numeric_defaults = {
   oltp_table_size = 10000,
   oltp_range_size = 100,
   oltp_tables_count = 1,
   oltp_point_selects = 10,
   oltp_simple_ranges = 1,
   oltp_sum_ranges = 1,
   oltp_order_ranges = 1,
   oltp_distinct_ranges = 1,
   oltp_index_updates = 1,
   oltp_non_index_updates = 1,
   oltp_delete_inserts = 1,
}

-- a flag is on unless given as "off" (default on), or off unless given as "on" (default off)
local function flag(value, default_on)
   if default_on then
      return value ~= "off"
   end
   return value == "on"
end

function set_vars()
   for name, default in pairs(numeric_defaults) do
      _G[name] = tonumber(_G[name]) or default
   end

   oltp_range_selects = flag(oltp_range_selects, true)
   oltp_auto_inc = flag(oltp_auto_inc, true)
   oltp_read_only = flag(oltp_read_only, false)
   oltp_write_only = flag(oltp_write_only, false)
   if oltp_read_only and oltp_write_only then
      error("--oltp-read-only and --oltp-write-only are mutually exclusive")
   end
   oltp_skip_trx = flag(oltp_skip_trx, false)
   oltp_create_secondary = flag(oltp_create_secondary, true)

   if pgsql_variant == "redshift" then
      -- Redshift has neither secondary indexes nor cheap single-row DELETEs
      oltp_create_secondary = false
      oltp_delete_inserts = 0
   end
end

local function is_mysql()
   return db_driver == "mysql" or db_driver == "attachsql"
end

local function table_ddl(name, key)
   local columns
   if is_mysql() then
      columns = {
         "id INTEGER UNSIGNED NOT NULL " .. (oltp_auto_inc and "AUTO_INCREMENT" or ""),
         "k INTEGER UNSIGNED DEFAULT '0' NOT NULL",
      }
   elseif db_driver == "pgsql" then
      columns = {
         "id " .. (pgsql_variant == "redshift" and "INTEGER IDENTITY(1,1)" or "SERIAL") .. " NOT NULL",
         "k INTEGER DEFAULT '0' NOT NULL",
      }
   else
      return nil
   end
   columns[#columns + 1] = "c CHAR(120) DEFAULT '' NOT NULL"
   columns[#columns + 1] = "pad CHAR(60) DEFAULT '' NOT NULL"
   columns[#columns + 1] = key .. " (id)\n)"
   local ddl = "CREATE TABLE " .. name .. " (\n" .. table.concat(columns, ",\n")
   if is_mysql() then
      ddl = ddl .. " /*! ENGINE = " .. mysql_table_engine .. " MAX_ROWS = " .. myisam_max_rows ..
         " */ " .. (mysql_table_options or "")
   else
      ddl = ddl .. " "
   end
   return ddl
end

-- creates table sbtest<n> and fills it with oltp_table_size rows
function create_insert(n)
   local name = "sbtest" .. n
   local key = oltp_secondary and "KEY xid" or "PRIMARY KEY"

   print("Creating table '" .. name .. "'...")
   local ddl = table_ddl(name, key)
   if ddl == nil then
      print("Unknown database driver: " .. db_driver)
      return 1
   end
   db_query(ddl)

   print("Inserting " .. oltp_table_size .. " records into '" .. name .. "'")
   local columns = oltp_auto_inc and "(k, c, pad)" or "(id, k, c, pad)"
   db_bulk_insert_init("INSERT INTO " .. name .. columns .. " VALUES")
   for row = 1, oltp_table_size do
      local c = sb_rand_str(legacy_c_template)
      local pad = sb_rand_str(legacy_pad_template)
      local k = sb_rand(1, oltp_table_size)
      if oltp_auto_inc then
         db_bulk_insert_next("(" .. k .. ", '" .. c .. "', '" .. pad .. "')")
      else
         db_bulk_insert_next("(" .. row .. "," .. k .. ",'" .. c .. "', '" .. pad .. "'  )")
      end
   end
   db_bulk_insert_done()

   if oltp_create_secondary then
      print("Creating secondary indexes on '" .. name .. "'...")
      db_query("CREATE INDEX k_" .. n .. " on " .. name .. "(k)")
   end
end

function prepare()
   set_vars()
   db_connect()
   for n = 1, oltp_tables_count do
      create_insert(n)
   end
   return 0
end

function cleanup()
   set_vars()
   for n = 1, oltp_tables_count do
      print("Dropping table 'sbtest" .. n .. "'...")
      db_query("DROP TABLE IF EXISTS sbtest" .. n)
   end
end

-- the table an event works on
function legacy_random_table()
   return "sbtest" .. sb_rand_uniform(1, oltp_tables_count)
end
