-- sysbench-ts: sysbench 0.5 random point lookups through the secondary index of sbtest1
-- (0.5-style script): one prepared SELECT ... WHERE k IN (?, ...) of --random-points values
-- (default 10), each thread drawing from its own slice of the table.
oltp_tables_count = 1

dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
   random_points = random_points or 10

   local marks = {}
   for n = 1, random_points do
      marks[n] = "?"
   end
   stmt = db_prepare("        SELECT id, k, c, pad\n" ..
                     "          FROM sbtest1\n" ..
                     "          WHERE k IN (" .. table.concat(marks, ", ") .. ")\n" ..
                     "        ")
   params = {}
   for n = 1, random_points do
      params[n] = 1
   end
   db_bind_param(stmt, params)
end

function event()
   local slice = oltp_table_size / num_threads
   for n = 1, random_points do
      params[n] = sb_rand(slice * thread_id, slice * (thread_id + 1))
   end
   local rs = db_execute(stmt)
   db_store_results(rs)
   db_free_results(rs)
end
