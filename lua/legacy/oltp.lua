-- sysbench-ts: the sysbench 0.5 OLTP workload (0.5-style script; options as globals):
-- transactions of point selects, range selects, index / non-index updates and
-- delete+insert pairs on sbtest1..N. --oltp-read-only=on / --oltp-write-only=on keep one
-- half; --oltp-skip-trx=on runs without BEGIN/COMMIT. MyISAM tables are locked instead.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
   local mysql = db_driver == "mysql" or db_driver == "attachsql"
   if mysql and mysql_table_engine == "myisam" then
      local locks = {}
      for n = 1, oltp_tables_count do
         locks[n] = "sbtest" .. n .. " WRITE"
      end
      begin_query = "LOCK TABLES " .. table.concat(locks, " ,")
      commit_query = "UNLOCK TABLES"
   else
      begin_query = "BEGIN"
      commit_query = "COMMIT"
   end
end

-- " WHERE id BETWEEN a AND a+range-1" for a random a
local function id_range()
   local first = sb_rand(1, oltp_table_size)
   return string.format(" WHERE id BETWEEN %d AND %d", first, first + oltp_range_size - 1)
end

local function random_id()
   return sb_rand(1, oltp_table_size)
end

local function reads(tbl)
   for _ = 1, oltp_point_selects do
      db_query("SELECT c FROM " .. tbl .. " WHERE id=" .. random_id())
   end
   if not oltp_range_selects then
      return
   end
   for _ = 1, oltp_simple_ranges do
      db_query("SELECT c FROM " .. tbl .. id_range())
   end
   for _ = 1, oltp_sum_ranges do
      db_query("SELECT SUM(K) FROM " .. tbl .. id_range())
   end
   for _ = 1, oltp_order_ranges do
      db_query("SELECT c FROM " .. tbl .. id_range() .. " ORDER BY c")
   end
   for _ = 1, oltp_distinct_ranges do
      db_query("SELECT DISTINCT c FROM " .. tbl .. id_range() .. " ORDER BY c")
   end
end

local function writes(tbl)
   for _ = 1, oltp_index_updates do
      db_query("UPDATE " .. tbl .. " SET k=k+1 WHERE id=" .. random_id())
   end
   for _ = 1, oltp_non_index_updates do
      local c = sb_rand_str(legacy_c_template)
      db_query("UPDATE " .. tbl .. " SET c='" .. c .. "' WHERE id=" .. random_id())
   end
   for _ = 1, oltp_delete_inserts do
      local id = random_id()
      db_query("DELETE FROM " .. tbl .. " WHERE id=" .. id)
      local c = sb_rand_str(legacy_c_template)
      local pad = sb_rand_str(legacy_pad_template)
      db_query(string.format("INSERT INTO %s (id, k, c, pad) VALUES (%d, %d, '%s', '%s')",
                             tbl, id, random_id(), c, pad))
   end
end

function event()
   local tbl = legacy_random_table()
   if not oltp_skip_trx then
      db_query(begin_query)
   end
   if not oltp_write_only then
      reads(tbl)
   end
   if not oltp_read_only then
      writes(tbl)
   end
   if not oltp_skip_trx then
      db_query(commit_query)
   end
end
