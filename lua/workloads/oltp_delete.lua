#!/usr/bin/env sysbench
-- sysbench-ts workloads: one DELETE by primary key per event, autocommit (the 1.0
-- oltp_delete test). Options: oltp_common_ts.lua.

require("oltp_common_ts")

function prepare_statements()
  prepare_for_each_table("deletes")
end

function event()
  local num = sysbench.rand.uniform(1, sysbench.opt.tables)
  param[num].deletes[1]:set(sysbench.rand.default(1, sysbench.opt.table_size))
  stmt[num].deletes:execute()
end
