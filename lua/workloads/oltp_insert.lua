#!/usr/bin/env sysbench
-- sysbench-ts workloads: one INSERT per event, sent as plain text (the 1.0 oltp_insert test).
-- With --auto_inc (the default) the server picks the id (id 0 is sent); with --auto_inc=off
-- the ids come from sysbench.rand.unique(), and prepare leaves the tables empty so that
-- they cannot collide with loaded rows. Options: oltp_common_ts.lua.

require("oltp_common_ts")

sysbench.cmdline.commands.prepare = {
  function()
    if not sysbench.opt.auto_inc then sysbench.opt.table_size = 0 end
    cmd_prepare()
  end,
  sysbench.cmdline.PARALLEL_COMMAND,
}

-- nothing to prepare: the inserts are plain queries
function prepare_statements() end

function event()
  local opt = sysbench.opt
  local name = "sbtest" .. sysbench.rand.uniform(1, opt.tables)
  local k = sysbench.rand.default(1, opt.table_size)
  local c = get_c_value()
  local pad = get_pad_value()
  if drv:name() == "pgsql" and opt.auto_inc then
    -- PostgreSQL: the id column is SERIAL, leave it out
    con:query(string.format("INSERT INTO %s (k, c, pad) VALUES (%d, '%s', '%s')", name, k, c, pad))
    return
  end
  local id = 0
  if not opt.auto_inc then
    -- an unsigned 32-bit unique number moved into the signed INT range
    id = sysbench.rand.unique() - 2147483648
  end
  con:query(string.format("INSERT INTO %s (id, k, c, pad) VALUES (%d, %d, '%s', '%s')",
    name, id, k, c, pad))
end
