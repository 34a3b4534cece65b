-- sysbench-ts: sysbench 0.5 bulk insert (0.5-style script): prepare creates sbtest0 ..
-- sbtest<num_threads-1> (note: --num-threads, not --threads); each thread appends rows
-- (n, n) to its own table in multi-row INSERTs.
rows_sent = 0

function prepare()
   db_connect()
   for n = 0, num_threads - 1 do
      if db_driver == "pgsql" then
         db_query("CREATE TABLE IF NOT EXISTS sbtest" .. n .. " (\n" ..
                  "id INTEGER NOT NULL,\n" ..
                  "k INTEGER DEFAULT '0' NOT NULL,\n" ..
                  "PRIMARY KEY (id)\n" ..
                  ")")
      else
         db_query("CREATE TABLE IF NOT EXISTS sbtest" .. n .. " (\n" ..
                  "id INTEGER UNSIGNED NOT NULL,\n" ..
                  "k INTEGER UNSIGNED DEFAULT '0' NOT NULL,\n" ..
                  "PRIMARY KEY (id)\n" ..
                  ") ENGINE = InnoDB\n")
      end
   end
end

function event()
   if rows_sent == 0 then
      db_bulk_insert_init("INSERT INTO sbtest" .. thread_id .. " VALUES")
   end
   rows_sent = rows_sent + 1
   db_bulk_insert_next("(" .. rows_sent .. "," .. rows_sent .. ")")
end

function thread_done()
   db_bulk_insert_done()
end

function cleanup()
   for n = 0, num_threads - 1 do
      print("Dropping table 'sbtest" .. n .. "'...")
      db_query("DROP TABLE IF EXISTS sbtest" .. n)
   end
end
