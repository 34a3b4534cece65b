-- sysbench-ts: sysbench 0.5 single-row DELETE by primary key (0.5-style script).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
end

function event()
   local tbl = legacy_random_table()
   db_query("DELETE FROM " .. tbl .. " WHERE id=" .. sb_rand(1, oltp_table_size))
end
