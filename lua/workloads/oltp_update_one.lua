#!/usr/bin/env sysbench
-- sysbench-ts workloads: every UPDATE hits the same row, the "update-one" test of the
-- IO-bound study (scripts/studies/003). Not a sysbench 1.0.20 test.
--
-- Each event sets a new random c on the row id = --update_id of a random table (one hot
-- row per table), autocommit: the cost of contention on a single row.
-- prepare / prewarm / cleanup and the data set are those of the OLTP tests (oltp_common_ts).

require("oltp_common_ts")

sysbench.cmdline.options.update_id = { "Id of the row every UPDATE changes (in each table)", 1 }

function prepare_statements()
  prepare_non_index_updates()
  for num = 1, sysbench.opt.tables do
    param[num].non_index_updates[2]:set(sysbench.opt.update_id)
  end
end

-- the c values of oltp_update_non_index: 10 groups of 11 digits
local C_TEMPLATE = string.rep("###########-", 9) .. "###########"

function event()
  local num = sysbench.rand.uniform(1, sysbench.opt.tables)
  param[num].non_index_updates[1]:set_rand_str(C_TEMPLATE)
  stmt[num].non_index_updates:execute()
end
