#!/usr/bin/env sysbench
-- sysbench-ts workloads: OLTP write-only transactions (the 1.0 oltp_write_only test).
-- Per event: BEGIN, index updates, non-index updates, delete+insert pairs, COMMIT
-- (no BEGIN/COMMIT with --skip_trx). Options and data set: oltp_common_ts.lua.

require("oltp_common_ts")

function prepare_statements()
  if not sysbench.opt.skip_trx then
    prepare_begin()
    prepare_commit()
  end
  prepare_index_updates()
  prepare_non_index_updates()
  prepare_delete_inserts()
end

function event()
  local trx = not sysbench.opt.skip_trx
  if trx then begin() end
  execute_index_updates()
  execute_non_index_updates()
  execute_delete_inserts()
  if trx then commit() end
end
