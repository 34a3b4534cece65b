#!/usr/bin/env sysbench
-- sysbench-ts: the SQL helper of the study commands (scripts/studies/): runs statements
-- through sysbench's own connection options, so a study reaches any server our sysbench
-- reaches (--mysql-host/--mysql-port/--mysql-socket/--mysql-user/--mysql-password/...).
--
--   sysbench study_sql --sql="SHOW TABLE STATUS LIKE 'sbtest%'" exec
--
-- `exec` runs the statements of --sql (separated by ';') in order on one connection and
-- prints every result row as "row<TAB>v1<TAB>v2..." (NULL as \N). With --timed=on it also
-- prints "elapsed<TAB>SECONDS": the time the statements took, measured by the server's
-- clock (NOW(6) read before and after them).

sysbench.cmdline.options = {
  sql = { "Statements to run, separated by ';'", "" },
  timed = { "Print the time the statements took (server clock)", false },
}

local function server_time(con)
  local rs = con:query("SELECT UNIX_TIMESTAMP(NOW(6))")
  local row = rs:fetch_row()
  return tonumber(row[1])
end

local function print_rows(rs)
  -- statements without a result set return nothing
  if rs == nil or type(rs) == "boolean" or type(rs) == "number" then return end
  for _ = 1, rs.nrows do
    local row = rs:fetch_row()
    local out = { "row" }
    for i = 1, rs.nfields do
      local v = row[i]
      out[#out + 1] = v == nil and "\\N" or tostring(v)
    end
    print(table.concat(out, "\t"))
  end
end

local function exec()
  local con = sysbench.sql.driver():connect()
  local statements = {}
  for s in string.gmatch(sysbench.opt.sql, "[^;]+") do
    if s:match("%S") then statements[#statements + 1] = s end
  end
  local t0 = sysbench.opt.timed and server_time(con)
  for _, s in ipairs(statements) do print_rows(con:query(s)) end
  if sysbench.opt.timed then
    print(string.format("elapsed\t%.6f", server_time(con) - t0))
  end
  con:disconnect()
end

sysbench.cmdline.commands = { exec = { exec } }
