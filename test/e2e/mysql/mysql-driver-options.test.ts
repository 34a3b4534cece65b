// The mysql driver's options: dry run, text protocol, TCP host/port, ignorable errors and
// reconnects, and our --worker-threads extension with many sysbench threads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStatements } from '../../helpers/general-log.js';
import { createDatabase, dropDatabase, mysqlArgs, sql, sysbench, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_options';
const dir = mkdtempSync(join(tmpdir(), 'sbts-drv-'));
const count = (out: string, what: string): number => Number(new RegExp(`${what}:\\s+(\\d+)`).exec(out)?.[1]);
// the test server's TCP port; 0 when it listens on its socket only (a private server)
const [skipNetworking, port] = sql('SELECT @@skip_networking, @@port').split('\t');
const TCP_PORT = skipNetworking === '1' ? 0 : Number(port);

beforeAll(async () => {
  createDatabase(DB);
  expect((await sysbenchAsync(['oltp_point_select', '--table-size=500', ...mysqlArgs(DB), 'prepare'])).code).toBe(0);
});
afterAll(() => {
  dropDatabase(DB);
  rmSync(dir, { recursive: true, force: true });
});

describe('mysql driver options', () => {
  it('--mysql-dry-run needs no server', () => {
    const r = sysbench(['oltp_read_only', '--mysql-dry-run', '--mysql-socket=/nonexistent.sock', '--events=200', '--time=0', 'run']);
    expect(r.code).toBe(0);
    expect(count(r.stdout, 'total number of events')).toBe(200);
    // as in sysbench, a dry run counts every statement as "other"
    expect(count(r.stdout, 'other')).toBe(200 * 16);
  });

  it('--db-ps-mode=disable sends text queries with the values in them', async () => {
    const stream = await captureStatements(DB, async () => {
      const r = await sysbenchAsync(['oltp_point_select', '--table-size=500', '--db-ps-mode=disable', '--events=5', '--time=0', ...mysqlArgs(DB), 'run']);
      expect(r.code).toBe(0);
    });
    const selects = stream.filter((l) => l.includes('SELECT c FROM sbtest1'));
    expect(selects).toHaveLength(5);
    for (const l of selects) expect(l).toMatch(/^Query\tSELECT c FROM sbtest1 WHERE id=\d+$/);
    expect(stream.some((l) => l.startsWith('Prepare'))).toBe(false);
  });

  it.skipIf(!TCP_PORT)(`connects over TCP with --mysql-host and --mysql-port${TCP_PORT ? '' : ' (the test server has no TCP port)'}`, () => {
    const r = sysbench(['oltp_point_select', '--table-size=500', '--events=20', '--time=0', '--db-driver=mysql', '--mysql-user=root',
      `--mysql-db=${DB}`, '--mysql-host=127.0.0.1', `--mysql-port=${TCP_PORT}`, 'run']);
    expect(r.code, r.stdout).toBe(0);
    expect(count(r.stdout, 'total number of events')).toBe(20);
  });

  it('--mysql-ignore-errors restarts the event and counts ignored errors', () => {
    const script = join(dir, 'flaky.lua');
    writeFileSync(script, `
function thread_init() drv = sysbench.sql.driver(); con = drv:connect() end
function event()
  if sysbench.rand.uniform(1, 3) == 1 then con:query("SELECT * FROM no_such_table") end
  con:query("SELECT 1")
end
`);
    const r = sysbench([script, '--events=30', '--time=0', '--mysql-ignore-errors=1146', ...mysqlArgs(DB), 'run']);
    expect(r.code, r.stdout).toBe(0);
    expect(count(r.stdout, 'total number of events')).toBe(30);
    expect(count(r.stdout, 'ignored errors')).toBeGreaterThan(0);
    expect(r.stdout).not.toContain('FATAL');
    const fatal = sysbench([script, '--events=30', '--time=0', '--mysql-ignore-errors=1213', ...mysqlArgs(DB), 'run']);
    expect(fatal.code).toBe(1);
    expect(fatal.stdout).toContain("FATAL: mysql_drv_query() returned error 1146 (Table 'sbtest_mysql_options.no_such_table' doesn't exist) for query 'SELECT * FROM no_such_table'");
  });

  it('a lost connection listed in --mysql-ignore-errors is reconnected and counted', () => {
    const script = join(dir, 'lost.lua');
    writeFileSync(script, `
function thread_init()
  drv = sysbench.sql.driver(); con = drv:connect(); killer = drv:connect(); n = 0
end
function event()
  n = n + 1
  if n % 5 == 0 then
    local id = con:query_row("SELECT CONNECTION_ID()")
    killer:query("KILL " .. id)
  end
  con:query("SELECT 1")
end
`);
    const r = sysbench([script, '--events=20', '--time=0', '--mysql-ignore-errors=2013,2006', ...mysqlArgs(DB), 'run']);
    expect(r.code, r.stdout).toBe(0);
    expect(count(r.stdout, 'reconnects')).toBeGreaterThan(0);
    expect(count(r.stdout, 'total number of events')).toBe(20);
  });

  it('300 threads on 2 worker threads (--worker-threads, our extension)', () => {
    sql('SET GLOBAL max_connections = 600');
    const r = sysbench(['oltp_point_select', '--table-size=500', '--threads=300', '--worker-threads=2', '--time=2', ...mysqlArgs(DB), 'run'], { timeoutMs: 120_000 });
    expect(r.code, r.stdout.slice(-2000)).toBe(0);
    expect(r.stdout).toContain('Number of threads: 300');
    expect(count(r.stdout, 'total number of events')).toBeGreaterThan(300);
  });
});
