// A local socket whose listen queue is full for a while: a child process listens with a queue of
// one and keeps its event loop from accepting for `blockMs`, so connects beyond the queue get
// EAGAIN meanwhile. With `target`, each connection it then accepts is piped to that socket.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

const LISTENER = `
const net = require('node:net');
const [path, target, blockMs] = process.argv.slice(2);
const server = net.createServer((c) => {
  if (target === '-') return c.destroy();
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
});
`;

/** Starts the listener at `path` (its script goes in `dir`); resolves once it listens. */
export function startFullListenQueue(dir: string, path: string, blockMs: number, target?: string): Promise<ChildProcess> {
  const file = join(dir, 'full-listen-queue.cjs');
  writeFileSync(file, LISTENER);
  const p = spawn(process.execPath, [file, path, target ?? '-', String(blockMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    p.stdout!.on('data', (d) => { if (String(d).includes('ready')) resolve(p); });
    p.on('exit', (code) => reject(new Error(`listener exited (${code})`)));
  });
}

/** Connects to `path` `n` times at once; how many the kernel refused with EAGAIN. */
export function refusedConnects(path: string, n: number): Promise<number> {
  return new Promise((resolve) => {
    let left = n;
    let again = 0;
    for (let i = 0; i < n; i++) {
      const c = net.connect(path);
      const done = (): void => { c.destroy(); if (--left === 0) resolve(again); };
      c.on('connect', done);
      c.on('error', (e: NodeJS.ErrnoException) => { if (e.code === 'EAGAIN') again++; done(); });
    }
  });
}
