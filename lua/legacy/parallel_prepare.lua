-- sysbench-ts: sysbench 0.5 parallel prepare (0.5-style script): each thread creates and
-- fills the tables numbered tid+1, tid+1+num_threads, ... in one event; run it with
-- --max-requests=<number of threads> (each further event tries to create them again).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
end

function event()
   print("thread prepare" .. thread_id)
   for n = thread_id + 1, oltp_tables_count, num_threads do
      create_insert(n)
   end
end
