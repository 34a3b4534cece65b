#!/usr/bin/env sysbench
-- sysbench-ts workloads: COUNT(k) over several random BETWEEN ranges of k joined by OR
-- (the 1.0 select_random_ranges test). Uses table sbtest1 only. Each thread draws its
-- range starts from its own slice of 0..table_size.

require("oltp_common_ts")

sysbench.cmdline.options.number_of_ranges = { "Number of random BETWEEN ranges per SELECT", 10 }
sysbench.cmdline.options.delta = { "Size of BETWEEN ranges", 5 }

-- one table only: cleanup refuses --tables > 1, as the stock test does
local drop_tables = cleanup
function cleanup()
  assert(sysbench.opt.tables == 1, "this benchmark does not support --tables > 1")
  drop_tables()
end

local query, bounds, lo, span

function thread_init()
  drv = sysbench.sql.driver()
  con = drv:connect()
  local opt = sysbench.opt
  local conditions = {}
  for n = 1, math.max(opt.number_of_ranges, 1) do conditions[n] = "k BETWEEN ? AND ?" end
  query = con:prepare("        SELECT count(k)\n" ..
    "          FROM sbtest1\n" ..
    "          WHERE " .. table.concat(conditions, " OR "))
  -- bounds[2n-1], bounds[2n]: low and high end of range n
  bounds = {}
  for n = 1, opt.number_of_ranges * 2 do bounds[n] = query:bind_create(sysbench.sql.type.INT) end
  query:bind_param(unpack(bounds))
  span = opt.table_size / opt.threads
  lo = span * (sysbench.tid % opt.threads)
end

function thread_done()
  query:close()
  con:disconnect()
end

function event()
  local delta = sysbench.opt.delta
  for n = 1, sysbench.opt.number_of_ranges do
    local first = sysbench.rand.default(lo, lo + span)
    bounds[2 * n - 1]:set(first)
    bounds[2 * n]:set(first + delta)
  end
  query:execute()
end
