#!/usr/bin/env sysbench
-- sysbench-ts workloads: the primary-key UPDATE benchmark of seed document 004
-- ("Time for an UPDATE using the Maria Storage Engine", scripts/studies/004).
-- Not a sysbench 1.0.20 test.
--
-- Table t1(c1 INT AUTO_INCREMENT PRIMARY KEY, c2 CHAR(100)) filled with --table_size rows;
-- each event runs
--   UPDATE t1 SET c2 = CONCAT('xxx', RAND(), 'yyy') WHERE c1 = <id>
-- with <id> drawn from 1..--max_id by sysbench's default distribution (--rand-type; the
-- study uses uniform), autocommit. --mysql_storage_engine picks the engine (Aria, MyISAM,
-- InnoDB, ...): the document compares them at 1, 10 and 100 threads.
--
--   sysbench update_t1 --table_size=1300000 --mysql_storage_engine=aria prepare
--   sysbench update_t1 --table_size=1300000 --max_id=1000000 --rand-type=uniform --threads=10 --time=60 run

sysbench.cmdline.options = {
  table_size = { "Number of rows in t1", 10000 },
  max_id = { "Largest c1 updated: each UPDATE picks c1 in 1..max_id (0: table_size)", 0 },
  mysql_storage_engine = { "Storage engine of t1 (Aria, MyISAM, InnoDB, ...)", "innodb" },
}

local function max_id()
  local m = sysbench.opt.max_id
  if m <= 0 then m = sysbench.opt.table_size end
  return m
end

function prepare()
  local con = sysbench.sql.driver():connect()
  local opt = sysbench.opt
  print(string.format("Creating table 't1' (ENGINE = %s)...", opt.mysql_storage_engine))
  con:query("CREATE TABLE t1 (\n" ..
    "  c1 INT NOT NULL AUTO_INCREMENT,\n" ..
    "  c2 CHAR(100) DEFAULT NULL,\n" ..
    "  PRIMARY KEY (c1)\n" ..
    ") ENGINE = " .. opt.mysql_storage_engine)
  if opt.table_size > 0 then
    print(string.format("Inserting %d records into 't1'", opt.table_size))
  end
  -- rows look like the UPDATE's values: 'xxx' .. a random fraction .. 'yyy'
  con:bulk_insert_init("INSERT INTO t1 (c2) VALUES")
  for _ = 1, opt.table_size do
    con:bulk_insert_next("('" .. sysbench.rand.string("xxx0.################yyy") .. "')")
  end
  con:bulk_insert_done()
end

function cleanup()
  local con = sysbench.sql.driver():connect()
  print("Dropping table 't1'...")
  con:query("DROP TABLE IF EXISTS t1")
end

function thread_init()
  drv = sysbench.sql.driver()
  con = drv:connect()
end

function thread_done()
  con:disconnect()
end

function event()
  con:query(string.format("UPDATE t1 SET c2 = CONCAT('xxx', RAND(), 'yyy') WHERE c1 = %d",
    sysbench.rand.default(1, max_id())))
end
