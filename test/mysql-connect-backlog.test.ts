// Threads connecting at once to a local socket whose listen queue is full: the kernel answers a
// non-blocking connect with EAGAIN, where libmariadb's connect waits its turn. The threads must
// connect once the server accepts again, not fail with "Can't connect to local server".
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET, createDatabase, dropDatabase, mysqlArgs, sysbenchAsync } from './helpers/sysbench.js';

const DB = 'sbtest_connect_backlog';
const dir = mkdtempSync(join(tmpdir(), 'sbts-backlog-'));
const PROXY_SOCKET = join(dir, 'proxy.sock');
const BLOCK_MS = 3000;

// A proxy to the server's socket with a listen queue of one, whose event loop stops accepting
// for BLOCK_MS once it listens: connects beyond the queue get EAGAIN meanwhile.
const PROXY = `
const net = require('node:net');
const [path, target, blockMs] = process.argv.slice(2);
const server = net.createServer((c) => {
  const s = net.connect(target);
  c.pipe(s);
  s.pipe(c);
  c.on('error', () => s.destroy());
  s.on('error', () => c.destroy());
  c.on('close', () => s.destroy());
  s.on('close', () => c.destroy());
});
server.listen({ path, backlog: 1 }, () => {
  process.stdout.write('ready\\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(blockMs));
  process.stdout.write('accepting\\n');
});
`;

function startProxy(): Promise<ChildProcess> {
  const file = join(dir, 'proxy.cjs');
  writeFileSync(file, PROXY);
  const p = spawn(process.execPath, [file, PROXY_SOCKET, SOCKET, String(BLOCK_MS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    p.stdout!.on('data', (d) => { if (String(d).includes('ready')) resolve(p); });
    p.on('exit', (code) => reject(new Error(`proxy exited (${code})`)));
  });
}

/** Connects `n` times at once; how many the kernel refused with EAGAIN. */
function burst(n: number): Promise<number> {
  return new Promise((resolve) => {
    let left = n;
    let again = 0;
    for (let i = 0; i < n; i++) {
      const c = net.connect(PROXY_SOCKET);
      const done = (): void => { c.destroy(); if (--left === 0) resolve(again); };
      c.on('connect', done);
      c.on('error', (e: NodeJS.ErrnoException) => { if (e.code === 'EAGAIN') again++; done(); });
    }
  });
}

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
    proxy = await startProxy();
    // the queue is full now: the condition this test is about
    expect(await burst(8)).toBeGreaterThan(0);
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
