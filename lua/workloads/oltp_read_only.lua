#!/usr/bin/env sysbench
-- sysbench-ts workloads: OLTP read-only transactions (the 1.0 oltp_read_only test).
-- Per event: BEGIN, point selects, the four kinds of range selects (unless
-- --range_selects=off), COMMIT (no BEGIN/COMMIT with --skip_trx).
-- Options and data set: oltp_common_ts.lua.

require("oltp_common_ts")

function prepare_statements()
  -- this order (point selects before BEGIN/COMMIT) is the order the server sees them prepared
  prepare_point_selects()
  if not sysbench.opt.skip_trx then
    prepare_begin()
    prepare_commit()
  end
  if sysbench.opt.range_selects then
    prepare_simple_ranges()
    prepare_sum_ranges()
    prepare_order_ranges()
    prepare_distinct_ranges()
  end
end

function event()
  local trx = not sysbench.opt.skip_trx
  if trx then begin() end
  execute_point_selects()
  if sysbench.opt.range_selects then
    execute_simple_ranges()
    execute_sum_ranges()
    execute_order_ranges()
    execute_distinct_ranges()
  end
  if trx then commit() end
end
