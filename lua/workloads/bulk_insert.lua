#!/usr/bin/env sysbench
-- sysbench-ts workloads: multi-row INSERTs, one table per thread (the 1.0 bulk_insert test).
-- prepare creates sbtest1..sbtestN for N = --threads; each event adds the row (n, n) to
-- the thread's table through the driver's bulk insert buffer, n = 1, 2, 3, ...
-- No options (so `help` says the test does not implement it, as the stock one does).

local rows = 0

function thread_init()
  drv = sysbench.sql.driver()
  con = drv:connect()
end

function prepare()
  local con = sysbench.sql.driver():connect()
  for num = 1, sysbench.opt.threads do
    print("Creating table 'sbtest" .. num .. "'...")
    con:query("        CREATE TABLE IF NOT EXISTS sbtest" .. num .. " (\n" ..
      "          id INTEGER NOT NULL,\n" ..
      "          k INTEGER DEFAULT '0' NOT NULL,\n" ..
      "          PRIMARY KEY (id))")
  end
end

function event()
  if rows == 0 then
    con:bulk_insert_init("INSERT INTO sbtest" .. (sysbench.tid + 1) .. " VALUES")
  end
  rows = rows + 1
  con:bulk_insert_next("(" .. rows .. "," .. rows .. ")")
end

function thread_done()
  con:bulk_insert_done()
  con:disconnect()
end

function cleanup()
  local con = sysbench.sql.driver():connect()
  for num = 1, sysbench.opt.threads do
    print("Dropping table 'sbtest" .. num .. "'...")
    con:query("DROP TABLE IF EXISTS sbtest" .. num)
  end
end
