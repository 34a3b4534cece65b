// The private MariaDB (src/server/private-mariadb.ts) against a real mariadbd: start, use it
// from bin/sysbench, stop; nothing left behind (process, folder), also when its owner is
// killed outright (the watchdog) or exits without stopping it (the exit hook).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findMariadb, pingSocket, startPrivateMariadb, type PrivateMariadb } from '../../../src/server/private-mariadb.js';
import { acquireServer } from '../../../src/server/acquire.js';
import { ROOT, SOCKET, sysbenchAsync } from '../../helpers/sysbench.js';

// child processes load the build (npm test builds dist/ first)
const DIST_MODULE = pathToFileURL(join(ROOT, 'dist', 'server', 'private-mariadb.js')).href;
const bins = findMariadb();
if (!bins) console.warn('*** mariadbd / mariadb-install-db not installed: private-server tests are SKIPPED ***');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number, dir: string, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!alive(pid) && !existsSync(dir)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe.skipIf(!bins)('private MariaDB', () => {
  const started: PrivateMariadb[] = [];
  afterAll(async () => {
    for (const s of started) await s.stop();
  });

  it('starts without a TCP port, serves sysbench, stops and removes its folder', async () => {
    const s = await startPrivateMariadb({ databases: ['sbtest_private_lifecycle'] });
    started.push(s);
    expect(existsSync(s.socket)).toBe(true);
    expect(alive(s.pid)).toBe(true);
    const q = spawnSync('mariadb', [`--socket=${s.socket}`, '-uroot', '-N', '-B', '-e', 'SELECT @@skip_networking, @@port, @@datadir'], { encoding: 'utf8' });
    expect(q.status).toBe(0);
    const [skip, port, datadir] = q.stdout.trim().split('\t');
    expect(skip).toBe('1');
    expect(port).toBe('0');
    expect(datadir.startsWith(s.dir)).toBe(true);

    const args = ['oltp_read_write', '--db-driver=mysql', ...s.sysbenchArgs, '--mysql-db=sbtest_private_lifecycle', '--table-size=1000'];
    const prep = await sysbenchAsync([...args, 'prepare']);
    expect(prep.code, prep.stdout + prep.stderr).toBe(0);
    const run = await sysbenchAsync([...args, '--time=2', 'run']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/transactions:\s+\d+/);
    const clean = await sysbenchAsync([...args, 'cleanup']);
    expect(clean.code).toBe(0);

    await s.stop();
    expect(alive(s.pid)).toBe(false);
    expect(existsSync(s.dir)).toBe(false);
    expect(await pingSocket(s.socket)).not.toBeNull();
  });

  it('is stopped and removed by the watchdog when its owner is killed with SIGKILL', async () => {
    // an owner process that starts a server, reports it, then waits to be killed
    const owner = spawn(process.execPath, ['--input-type=module', '-e', `
      import(${JSON.stringify(DIST_MODULE)}).then(async (m) => {
        const s = await m.startPrivateMariadb();
        console.log(JSON.stringify({ pid: s.pid, dir: s.dir }));
        setInterval(() => {}, 1000);
      });`], { stdio: ['ignore', 'pipe', 'inherit'] });
    const info = await new Promise<{ pid: number; dir: string }>((resolve, reject) => {
      let out = '';
      owner.stdout!.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line));
      });
      owner.on('exit', (c) => reject(new Error(`owner exited (${c}) before starting the server`)));
    });
    expect(alive(info.pid)).toBe(true);
    owner.kill('SIGKILL');
    expect(await gone(info.pid, info.dir)).toBe(true);
  });

  it('is killed and removed at exit when its owner exits without stopping it', async () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `
      import(${JSON.stringify(DIST_MODULE)}).then(async (m) => {
        const s = await m.startPrivateMariadb();
        console.log(JSON.stringify({ pid: s.pid, dir: s.dir }));
        process.exit(0);
      });`], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const info = JSON.parse(r.stdout.trim().split('\n').find((l) => l.startsWith('{'))!);
    // gone by the time the owner has exited
    expect(existsSync(info.dir)).toBe(false);
    expect(await gone(info.pid, info.dir, 3000)).toBe(true);
  });

  it('acquireServer: the running server when one answers, else a private one, released after', async () => {
    const existing = await acquireServer({ env: { ...process.env, MYSQL_SOCKET: SOCKET } });
    expect(existing.ok, JSON.stringify(existing)).toBe(true);
    if (!existing.ok) return;
    expect(existing.server).toBeNull();
    expect(existing.target.socket).toBe(SOCKET);
    await existing.release();

    const notices: string[] = [];
    const got = await acquireServer({ env: { ...process.env, MYSQL_SOCKET: '/nonexistent/mysqld.sock' }, databases: ['sbtest'], notice: (l) => notices.push(l) });
    // (what went wrong, should it fail: once seen failing in a loaded CI run without saying why)
    expect(got.ok, JSON.stringify({ got, notices })).toBe(true);
    if (!got.ok) return;
    expect(got.server).not.toBeNull();
    expect(got.version).toMatch(/MariaDB/);
    expect(notices[0]).toContain('the server you named, socket /nonexistent/mysqld.sock: not reachable');
    const { pid, dir } = got.server!;
    await got.release();
    expect(await gone(pid, dir, 1000)).toBe(true);

    const none = await acquireServer({ env: { ...process.env, MYSQL_SOCKET: '/nonexistent/mysqld.sock', SYSBENCH_TS_MARIADBD: 'none' } });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.reason).toBe('not-installed');
  });
});
