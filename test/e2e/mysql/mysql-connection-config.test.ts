// mysql2's connection settings are parsed once per target and copied for each connection
// (src/drivers/mysql/driver.ts, connectionConfig()): what one connection changes in its copy
// must not reach the connections opened after it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mysqlArgs, SOCKET, sysbenchAsync, useDatabaseAndDir } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_connection_config';
const dir = useDatabaseAndDir(DB, 'sbts-conncfg-');

describe('connection settings shared by the connections of a run', () => {
  // (mysql2 reads the server's report when it runs the statement: SYSBENCH_TS_MYSQL_LEAN=0)
  it.each(['0', '1'])("a connection's SET NAMES does not change the character set of the next connections (SYSBENCH_TS_MYSQL_LEAN=%s)", async (lean) => {
    // the server reports the change (session tracking) and mysql2 records it in the
    // connection's settings, which the next handshake would send if they were shared
    const script = join(dir, 'charset.lua');
    writeFileSync(script, `
function thread_init()
  local drv = sysbench.sql.driver()
  local first = drv:connect()
  first:query("SET NAMES latin1")
  first:query("SELECT 1")
  for i = 1, 2 do
    local con = drv:connect()
    local row = con:query_row("SELECT @@character_set_client")
    print("connection " .. i .. ": " .. row)
    con:disconnect()
  end
  first:disconnect()
end
function event() end
`);
    const r = await sysbenchAsync([script, '--events=1', '--time=0', ...mysqlArgs(DB), 'run'], { env: { SYSBENCH_TS_MYSQL_LEAN: lean } });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('connection 1: utf8mb4');
    expect(r.stdout).toContain('connection 2: utf8mb4');
  });

  // (SYSBENCH_TS_MYSQL_LEAN=0: mysql2 opens the socket itself, from the settings)
  it.each(['0', '1'])('threads over several sockets each connect through their own (SYSBENCH_TS_MYSQL_LEAN=%s)', async (lean) => {
    const script = join(dir, 'sockets.lua');
    writeFileSync(script, `
function thread_init()
  local con = sysbench.sql.driver():connect()
  print("thread " .. sysbench.tid .. ": " .. con:query_row("SELECT 1"))
end
function event() end
`);
    // the second socket does not exist: thread 1 (the second connection) must fail on it. Both
    // threads on one worker thread, which makes both connections
    const r = await sysbenchAsync([script, '--threads=2', '--worker-threads=1', '--events=2', '--time=0', ...mysqlArgs(DB),
      `--mysql-socket=${SOCKET},/nonexistent/mysqld.sock`, 'run'], { env: { SYSBENCH_TS_MYSQL_LEAN: lean } });
    expect(r.stdout).toContain('thread 0: 1');
    expect(r.stdout).not.toContain('thread 1: 1');
    expect(r.stdout + r.stderr).toContain("socket '/nonexistent/mysqld.sock'");
  });
});
