#!/usr/bin/env sysbench
-- sysbench-ts workloads: OLTP read/write transactions (the 1.0 oltp_read_write test).
-- Per event: BEGIN, point selects, the four kinds of range selects (unless
-- --range_selects=off), index updates, non-index updates, delete+insert pairs, COMMIT
-- (no BEGIN/COMMIT with --skip_trx). Options and data set: oltp_common_ts.lua.

require("oltp_common_ts")

local function with_trx() return not sysbench.opt.skip_trx end

function prepare_statements()
  if with_trx() then
    prepare_begin()
    prepare_commit()
  end
  prepare_point_selects()
  if sysbench.opt.range_selects then
    prepare_simple_ranges()
    prepare_sum_ranges()
    prepare_order_ranges()
    prepare_distinct_ranges()
  end
  prepare_index_updates()
  prepare_non_index_updates()
  prepare_delete_inserts()
end

function event()
  if with_trx() then begin() end
  execute_point_selects()
  if sysbench.opt.range_selects then
    execute_simple_ranges()
    execute_sum_ranges()
    execute_order_ranges()
    execute_distinct_ranges()
  end
  execute_index_updates()
  execute_non_index_updates()
  execute_delete_inserts()
  if with_trx() then commit() end
end
