#!/usr/bin/env sysbench
-- sysbench-ts workloads: one primary-key SELECT per event (the 1.0 oltp_point_select test).
-- Options and data set: oltp_common_ts.lua (--point_selects is ignored: always 1 here).

require("oltp_common_ts")

function prepare_statements()
  sysbench.opt.point_selects = 1
  prepare_point_selects()
end

function event()
  execute_point_selects()
end
