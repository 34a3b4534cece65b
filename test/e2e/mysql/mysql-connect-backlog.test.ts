// Threads connecting at once to a local socket whose listen queue is full: the kernel answers a
// non-blocking connect with EAGAIN, where libmariadb's connect waits its turn. The threads must
// connect once the server accepts again, not fail with "Can't connect to local server".
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedConnects, startFullListenQueue } from '../../helpers/full-listen-queue.js';
import { SOCKET, createDatabase, dropDatabase, mysqlArgs, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_connect_backlog';
const dir = mkdtempSync(join(tmpdir(), 'sbts-backlog-'));
const PROXY_SOCKET = join(dir, 'proxy.sock');
const BLOCK_MS = 3000;
let proxy: ChildProcess | null = null;

beforeAll(async () => {
  createDatabase(DB);
  const r = await sysbenchAsync(['oltp_point_select', '--table-size=100', ...mysqlArgs(DB), 'prepare']);
  expect(r.code, r.stderr).toBe(0);
});

afterAll(() => {
  proxy?.kill();
  dropDatabase(DB);
  rmSync(dir, { recursive: true, force: true });
});

describe('a local socket with a full listen queue', () => {
  it('threads wait for the server to accept and then run, as with libmariadb', async () => {
    // a proxy to the server's socket that accepts nothing for BLOCK_MS
    proxy = await startFullListenQueue(dir, PROXY_SOCKET, BLOCK_MS, SOCKET);
    // the queue is full now: the condition this test is about
    expect(await refusedConnects(PROXY_SOCKET, 8)).toBeGreaterThan(0);
    const args = ['oltp_point_select', '--table-size=100', '--threads=16', '--events=160', '--time=0',
      ...mysqlArgs(DB).filter((a) => !a.startsWith('--mysql-socket=')), `--mysql-socket=${PROXY_SOCKET}`, 'run'];
    const started = performance.now();
    const r = await sysbenchAsync(args);
    expect(r.stderr + r.stdout).not.toContain('FATAL');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/total number of events:\s+160\n/);
    // the threads really waited for the proxy to accept
    expect(performance.now() - started).toBeGreaterThan(BLOCK_MS / 3);
  }, 60_000);
});
