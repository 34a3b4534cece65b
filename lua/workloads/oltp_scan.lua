#!/usr/bin/env sysbench
-- sysbench-ts workloads: full-table scans, the "scan" test of the IO-bound study
-- (scripts/studies/003). Not a sysbench 1.0.20 test.
--
-- Each event reads one whole table with a single query that no index can answer: a count
-- of the rows whose pad column contains 'x' (pad is not indexed and holds digits only, so
-- the server reads every row and finds none). Thread t scans tables t+1, t+1+threads, ...
-- in turn: with --threads equal to --tables each connection scans a table of its own.
-- prepare / prewarm / cleanup and the data set are those of the OLTP tests (oltp_common_ts).
--
--   sysbench oltp_scan --tables=1 --table-size=1000000 --threads=1 --events=1 run

require("oltp_common_ts")

sysbench.cmdline.options.scan_column =
  { "Unindexed column the scan's condition reads (c or pad)", "pad" }

local my_tables, next_table

function prepare_statements()
  local column = sysbench.opt.scan_column
  assert(column == "c" or column == "pad", "--scan_column must be c or pad")
  my_tables = {}
  local step = sysbench.opt.threads
  for num = sysbench.tid % step + 1, sysbench.opt.tables, step do
    my_tables[#my_tables + 1] = num
  end
  -- more threads than tables: the extra threads share the tables
  if #my_tables == 0 then my_tables[1] = sysbench.tid % sysbench.opt.tables + 1 end
  next_table = 1
end

function event()
  local num = my_tables[next_table]
  next_table = next_table % #my_tables + 1
  con:query(string.format("SELECT COUNT(*) FROM sbtest%d WHERE %s LIKE '%%x%%'",
    num, sysbench.opt.scan_column))
end
