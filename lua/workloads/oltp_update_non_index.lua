#!/usr/bin/env sysbench
-- sysbench-ts workloads: UPDATEs of the non-indexed column c by primary key,
-- --non_index_updates per event, autocommit (the 1.0 oltp_update_non_index test).
-- Options: oltp_common_ts.lua.

require("oltp_common_ts")

function prepare_statements()
  prepare_non_index_updates()
end

function event()
  execute_non_index_updates()
end
