-- sysbench-ts: sysbench 0.5 random range counts through the secondary index of sbtest1
-- (0.5-style script): one prepared SELECT count(k) with --number-of-ranges (default 10)
-- "k BETWEEN ? AND ?" conditions of width --random-ranges-delta (default 5), each thread
-- drawing from its own slice of the table.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "common.lua")

oltp_tables_count = 1

function thread_init()
   set_vars()
   number_of_ranges = number_of_ranges or 10
   delta = random_ranges_delta or 5

   local conds = {}
   for n = 1, number_of_ranges do
      conds[n] = "k BETWEEN ? AND ?"
   end
   local where = table.concat(conds, " OR ")
   if #conds > 0 then
      where = where .. " "
   end
   stmt = db_prepare("        SELECT count(k)\n" ..
                     "          FROM sbtest1\n" ..
                     "          WHERE " .. where .. "        ")
   params = {}
   for n = 1, number_of_ranges * 2 do
      params[n] = 1
   end
   db_bind_param(stmt, params)
end

function event()
   local slice = oltp_table_size / num_threads
   for n = 1, number_of_ranges * 2, 2 do
      params[n] = sb_rand(slice * thread_id, slice * (thread_id + 1))
      params[n + 1] = params[n] + delta
   end
   local rs = db_execute(stmt)
   db_store_results(rs)
   db_free_results(rs)
end
