#!/usr/bin/env sysbench
-- sysbench-ts workloads: SELECTs of rows by lists of random k values, WHERE k IN (...)
-- (the 1.0 select_random_points test). Uses table sbtest1 only. Each thread draws its
-- values from its own slice of 0..table_size, so threads do not ask for the same keys.
--
-- sysbench-ts extension: --hot_points=on asks for the same --random_points keys in every
-- query of every thread (spread evenly over 1..table_size): the "hot-points" workload of
-- the IO-bound study (scripts/studies/003). With --tables=N (N > 1) thread t then reads
-- table sbtest(t % N + 1). Like our other extensions it is not listed by `help`.

require("oltp_common_ts")

sysbench.cmdline.options.random_points =
  { "Number of random points in the IN() clause in generated SELECTs", 10 }
if sysbench.cmdline.command ~= "help" then
  sysbench.cmdline.options.hot_points =
    { "Query the same random_points keys every time (sysbench-ts extension)", false }
end

-- one table only: cleanup refuses --tables > 1, as the stock test does
local drop_tables = cleanup
function cleanup()
  assert(sysbench.opt.tables == 1, "this benchmark does not support --tables > 1")
  drop_tables()
end

local query, values, lo, span, hot

function thread_init()
  drv = sysbench.sql.driver()
  con = drv:connect()
  local opt = sysbench.opt
  local npoints = opt.random_points
  hot = opt.hot_points == true
  local table_name = "sbtest1"
  if hot and opt.tables > 1 then table_name = "sbtest" .. (sysbench.tid % opt.tables + 1) end

  local marks = {}
  for n = 1, math.max(npoints, 1) do marks[n] = "?" end
  query = con:prepare("        SELECT id, k, c, pad\n" ..
    "          FROM " .. table_name .. "\n" ..
    "          WHERE k IN (" .. table.concat(marks, ", ") .. ")\n" ..
    "        ")
  values = {}
  for n = 1, npoints do values[n] = query:bind_create(sysbench.sql.type.INT) end
  query:bind_param(unpack(values))

  if hot then
    for n = 1, npoints do
      values[n]:set(1 + math.floor((n - 1) * opt.table_size / npoints))
    end
  end
  -- this thread's slice of the keys (not an integer when threads do not divide table_size)
  span = opt.table_size / opt.threads
  lo = span * (sysbench.tid % opt.threads)
end

function thread_done()
  query:close()
  con:disconnect()
end

function event()
  if not hot then
    for n = 1, sysbench.opt.random_points do
      values[n]:set(sysbench.rand.default(lo, lo + span))
    end
  end
  query:execute()
end
