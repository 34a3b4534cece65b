-- sysbench-ts: sysbench 0.5 UPDATE of the non-indexed column c (0.5-style script).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
end

function event()
   local tbl = legacy_random_table()
   local c = sb_rand_str(legacy_c_template)
   db_query("UPDATE " .. tbl .. " SET c='" .. c .. "' WHERE id=" .. sb_rand(1, oltp_table_size))
end
