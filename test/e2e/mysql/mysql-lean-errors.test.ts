// Errors through the lean execute path, against mysql2's execute (SYSBENCH_TS_MYSQL_LEAN=0):
// a server error (FATAL lines, exit status, --mysql-ignore-errors counts), an error after some
// rows were sent, a connection killed between statements and one cut in the middle of a
// reply (a proxy in this process forwards the server's bytes and cuts the first big reply
// half-way): the lost connection is reconnected and counted under --mysql-ignore-errors=all,
// and FATAL otherwise, the same way for both paths.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, SOCKET, sql, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_lean_errors';
const dir = mkdtempSync(join(tmpdir(), 'sbts-lean-errors-'));
const count = (out: string, what: string): number => Number(new RegExp(`${what}:\\s+(\\d+)`).exec(out)?.[1]);

beforeAll(() => {
  createDatabase(DB);
  sql(`CREATE TABLE t (id INT PRIMARY KEY, v INT);
       INSERT INTO t SELECT seq, seq FROM seq_1_to_200;
       CREATE TABLE dup (k INT, v INT); INSERT INTO dup VALUES (1, 10), (2, 20), (3, 30), (3, 31)`, DB);
});
afterAll(() => {
  dropDatabase(DB);
  rmSync(dir, { recursive: true, force: true });
});

function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
}

const MODES = { lean: 'report', mysql2: '0' } as const;

/** Runs `args` both ways (the rows a run adds to t removed first); returns both results. */
async function both(args: string[]): Promise<Record<keyof typeof MODES, { code: number; stdout: string; stderr: string }>> {
  sql('DELETE FROM t WHERE id > 200', DB);
  const lean = await sysbenchAsync(args, { env: { SYSBENCH_TS_MYSQL_LEAN: MODES.lean } });
  sql('DELETE FROM t WHERE id > 200', DB);
  const mysql2 = await sysbenchAsync(args, { env: { SYSBENCH_TS_MYSQL_LEAN: MODES.mysql2 } });
  return { lean, mysql2 };
}

/** the report's lines without timings */
const statements = (out: string): string => out.replace(/\d+\.\d+/g, 'N').replace(/\(N per sec\.\)/g, '');

describe('lean execute path: errors', () => {
  it('a server error is FATAL with the same lines and status; --mysql-ignore-errors counts it the same', async () => {
    const path = script('dup.lua', `
function thread_init() con = sysbench.sql.driver():connect()
  ins = con:prepare("INSERT INTO t (id, v) VALUES (?, 0)")
  id = ins:bind_create(sysbench.sql.type.INT) ins:bind_param(id) end
function event() id:set(sysbench.rand.uniform(1, 400)) ins:execute() end
`);
    const fatal = await both([path, '--events=50', '--time=0', '--rand-seed=7', ...mysqlArgs(DB), 'run']);
    expect(fatal.lean.code).toBe(1);
    expect(fatal.lean.stdout).toMatch(/FATAL: mysql_stmt_execute\(\) returned error 1062 \(Duplicate entry '\d+' for key 'PRIMARY'\) for query 'INSERT INTO t \(id, v\) VALUES \(\?, 0\)'/);
    expect(fatal.lean.stdout).toBe(fatal.mysql2.stdout);
    expect(fatal.lean.code).toBe(fatal.mysql2.code);
    const ignored = await both([path, '--events=50', '--time=0', '--rand-seed=7', '--mysql-ignore-errors=1062', ...mysqlArgs(DB), 'run']);
    expect(ignored.lean.code, ignored.lean.stdout).toBe(0);
    expect(count(ignored.lean.stdout, 'ignored errors')).toBeGreaterThan(0);
    for (const what of ['ignored errors', 'write', 'total number of events']) {
      expect(count(ignored.lean.stdout, what), what).toBe(count(ignored.mysql2.stdout, what));
    }
    expect(ignored.lean.stderr).toMatch(/^lean: \d+ lean, 0 mysql2$/m);
  });

  it('an error after rows were sent is the same error', async () => {
    const path = script('mid.lua', `
function event() local con = sysbench.sql.driver():connect()
  local st = con:prepare("SELECT k, (SELECT v FROM dup d2 WHERE d2.k = dup.k) FROM dup WHERE k > ? ORDER BY k, v")
  local p = st:bind_create(sysbench.sql.type.INT) st:bind_param(p) p:set(0) st:execute() end
`);
    const r = await both([path, '--events=1', '--time=0', ...mysqlArgs(DB), 'run']);
    expect(r.lean.code).toBe(1);
    expect(r.lean.stdout).toContain("FATAL: mysql_stmt_execute() returned error 1242 (Subquery returns more than 1 row) for query 'SELECT k, (SELECT v FROM dup d2");
    expect(statements(r.lean.stdout)).toBe(statements(r.mysql2.stdout));
  });

  // re-prepares after a lost connection, as oltp_common.lua does
  const RECONNECTING = `
function prep()
  stmt = con:prepare("SELECT id, REPEAT('x', 3000) FROM t WHERE id <= ?")
  p = stmt:bind_create(sysbench.sql.type.INT) stmt:bind_param(p)
end
function sysbench.hooks.before_restart_event(err)
  if err.sql_errno == 2013 or err.sql_errno == 2006 or err.sql_errno == 2055 then stmt:close() prep() end
end
`;

  it('a connection killed between statements is reconnected and counted (--mysql-ignore-errors=all)', async () => {
    const path = script('killed.lua', `${RECONNECTING}
function thread_init() drv = sysbench.sql.driver() con = drv:connect() killer = drv:connect() n = 0 prep() end
function event()
  n = n + 1
  if n % 7 == 0 then killer:query("KILL " .. con:query_row("SELECT CONNECTION_ID()")) end
  p:set(3) stmt:execute()
end
`);
    const r = await both([path, '--events=40', '--time=0', '--mysql-ignore-errors=all', ...mysqlArgs(DB), 'run']);
    for (const [mode, res] of Object.entries(r)) {
      expect(res.code, `${mode}: ${res.stdout}`).toBe(0);
      expect(count(res.stdout, 'total number of events'), mode).toBe(40);
      expect(count(res.stdout, 'reconnects'), mode).toBeGreaterThan(0);
    }
    expect(r.lean.stderr).toMatch(/^lean: [1-9]\d* lean/m);
  });

  describe('a connection cut in the middle of a reply', () => {
    const proxyPath = join(dir, 'proxy.sock');
    let armed = false;
    let cuts = 0;
    let proxy: net.Server;
    beforeAll(async () => {
      // forwards both ways; when armed, cuts the first big chunk from the server half-way
      proxy = net.createServer((client) => {
        const server = net.connect(SOCKET);
        client.on('data', (d) => server.write(d));
        server.on('data', (d) => {
          if (armed && d.length > 4000) {
            armed = false;
            cuts++;
            client.write(d.subarray(0, d.length >> 1), () => { client.destroy(); server.destroy(); });
            return;
          }
          client.write(d);
        });
        const close = (): void => { client.destroy(); server.destroy(); };
        client.on('close', close);
        server.on('close', close);
        client.on('error', close);
        server.on('error', close);
      });
      await new Promise<void>((r) => proxy.listen(proxyPath, r));
    });
    afterAll(() => new Promise<void>((r) => proxy.close(() => r())));

    const path = (): string => script('cut.lua', `${RECONNECTING}
function thread_init() con = sysbench.sql.driver():connect() prep() end
function event() p:set(20) local rs = stmt:execute() end
`);
    const args = (extra: string[]): string[] =>
      [path(), '--events=10', '--time=0', ...extra, '--db-driver=mysql', '--mysql-user=root', `--mysql-db=${DB}`, `--mysql-socket=${proxyPath}`, 'run'];

    for (const [mode, env] of Object.entries(MODES)) {
      it(`${mode}: reconnected and counted with --mysql-ignore-errors=all, FATAL without`, async () => {
        armed = true;
        cuts = 0;
        const r = await sysbenchAsync(args(['--mysql-ignore-errors=all']), { env: { SYSBENCH_TS_MYSQL_LEAN: env } });
        expect(cuts).toBe(1);
        expect(r.code, r.stdout + r.stderr).toBe(0);
        expect(count(r.stdout, 'reconnects')).toBe(1);
        expect(count(r.stdout, 'total number of events')).toBe(10);
        expect(count(r.stdout, 'read')).toBe(10);
        if (mode === 'lean') expect(r.stderr).toMatch(/^lean: [1-9]\d* lean, 0 mysql2$/m);
        armed = true;
        const fatal = await sysbenchAsync(args([]), { env: { SYSBENCH_TS_MYSQL_LEAN: env } });
        expect(fatal.code).toBe(1);
        expect(fatal.stdout).toContain("FATAL: mysql_stmt_execute() returned error 2013 (Lost connection to server during query) for query 'SELECT id, REPEAT('x', 3000) FROM t WHERE id <= ?'");
      });
    }
  });
});
