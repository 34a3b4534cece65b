-- sysbench-ts: sysbench 0.5 single-row INSERT (0.5-style script). With --oltp-auto-inc=off
-- the ids come from sb_rand_uniq(); otherwise MySQL assigns them (id 0), PostgreSQL too
-- (no id column).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
end

function event()
   local tbl = legacy_random_table()
   local k = sb_rand(1, oltp_table_size)
   local c = sb_rand_str(legacy_c_template)
   local pad = sb_rand_str(legacy_pad_template)
   if db_driver == "pgsql" and oltp_auto_inc then
      db_query(string.format("INSERT INTO %s (k, c, pad) VALUES (%d, '%s', '%s')", tbl, k, c, pad))
      return
   end
   local id = 0
   if not oltp_auto_inc then
      id = sb_rand_uniq()
   end
   db_query(string.format("INSERT INTO %s (id, k, c, pad) VALUES (%d, %d, '%s', '%s')", tbl, id, k, c, pad))
end
