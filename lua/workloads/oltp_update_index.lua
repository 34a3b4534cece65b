#!/usr/bin/env sysbench
-- sysbench-ts workloads: UPDATEs of the indexed column k by primary key, --index_updates
-- per event, autocommit (the 1.0 oltp_update_index test). Options: oltp_common_ts.lua.

require("oltp_common_ts")

function prepare_statements()
  prepare_index_updates()
end

function event()
  execute_index_updates()
end
