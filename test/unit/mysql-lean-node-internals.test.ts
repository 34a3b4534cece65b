// What the lean path's socket (src/drivers/mysql/wire/socket.ts) relies on in Node itself,
// so that a Node upgrade that changes it fails here, loudly, rather than in a benchmark:
// - net.Socket's `onread` option reads into one shared buffer; bytes nobody takes reach the
//   socket's 'data' listeners as copies of their own;
// - net.Socket's write() calls its handle's writeBuffer(req, data) with a request of Node's own
//   class, which writes can then use to skip the writable stream; the handle's writeQueueSize
//   says at once whether libuv finishes a write later; such a write completes intact.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directWrites, writeDirect } from '../../src/drivers/direct-write.js';
import { leanSocket, type ReadSink } from '../../src/drivers/mysql/wire/socket.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-lean-socket-'));
const PATH = join(DIR, 'echo.sock');
let server: net.Server;
/** what the server received on its latest connection */
let received: Buffer[] = [];
let serverSide: net.Socket | null = null;
let connections = 0;

beforeAll(async () => {
  server = net.createServer((c) => {
    serverSide = c;
    connections++;
    received = [];
    c.on('error', () => { /* the test closes its end */ });
    c.on('data', (d) => received.push(d));
  });
  await new Promise<void>((r) => server.listen(PATH, r));
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(DIR, { recursive: true, force: true });
});

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
}

function connected(): Promise<ReturnType<typeof leanSocket>> {
  const s = leanSocket({ socketPath: PATH });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

describe('Node internals under the lean socket', () => {
  it("learns Node's write request from a socket's first write, then writes past the writable stream", async () => {
    const s = await connected();
    expect(directWrites()).toBe(false);
    // the first goes through socket.write(): not known to be out when it returns
    expect(writeDirect(s, Buffer.from('first'))).toBe(false);
    expect(directWrites()).toBe(true);
    // the kernel takes a small write at once, and the caller may reuse its buffer
    expect(writeDirect(s, Buffer.from('second'))).toBe(true);
    await until(() => Buffer.concat(received).toString() === 'firstsecond');
    s.destroy();
  });

  it('writes small and big packets through the handle, in order and intact', async () => {
    const s = await connected();
    const small = Buffer.from('0123456789');
    // bigger than a unix socket's buffer: libuv finishes it later from the same memory
    const big = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7) & 0xff;
    writeDirect(s, small);
    writeDirect(s, big);
    writeDirect(s, small);
    const total = small.length * 2 + big.length;
    await until(() => received.reduce((n, b) => n + b.length, 0) === total);
    expect(Buffer.concat(received).equals(Buffer.concat([small, big, small]))).toBe(true);
    s.destroy();
  });

  it('a write still pending is not disturbed by the writes to other sockets that complete at once', async () => {
    // a second server: the shared one keeps only its latest connection's bytes
    const got = new Map<number, Buffer[]>();
    let n = 0;
    const paused: net.Socket[] = [];
    const other = net.createServer((c) => {
      const id = n++;
      got.set(id, []);
      c.on('error', () => { /* closed by the test */ });
      c.on('data', (d) => got.get(id)!.push(d));
      // the first connection reads nothing until told: its writer's big write stays pending
      if (id === 0) { c.pause(); paused.push(c); }
    });
    const path = join(DIR, 'two.sock');
    await new Promise<void>((r) => other.listen(path, r));
    const open = (): Promise<ReturnType<typeof leanSocket>> => new Promise((resolve, reject) => {
      const s = leanSocket({ socketPath: path });
      s.once('connect', () => resolve(s));
      s.once('error', reject);
    });
    const slow = await open();
    await until(() => paused.length === 1);
    const fast = await open();
    const big = Buffer.alloc(4 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 13) & 0xff;
    expect(writeDirect(slow, big), 'the kernel cannot take 4 MB at once: the write is pending').toBe(false);
    const sent: Buffer[] = [];
    for (let i = 0; i < 50; i++) {
      const b = Buffer.from(`packet ${i};`);
      sent.push(b);
      expect(writeDirect(fast, b), 'a small write completes at once').toBe(true);
    }
    // a second pending write while the first one still is: each needs a request of its own
    const big2 = Buffer.alloc(4 * 1024 * 1024, 0x5a);
    expect(writeDirect(fast, big2)).toBe(false);
    sent.push(big2);
    const want = Buffer.concat(sent);
    await until(() => got.get(1)?.reduce((k, b) => k + b.length, 0) === want.length);
    expect(Buffer.concat(got.get(1)!).equals(want)).toBe(true);
    paused[0].resume();
    await until(() => got.get(0)!.reduce((k, b) => k + b.length, 0) === big.length);
    expect(Buffer.concat(got.get(0)!).equals(big)).toBe(true);
    slow.destroy();
    fast.destroy();
    await new Promise<void>((r) => other.close(() => r()));
  });

  it('gives reads to a busy sink from the shared buffer, and copies to data listeners otherwise', async () => {
    const before = connections;
    const s = await connected();
    await until(() => connections === before + 1);
    const viaData: Buffer[] = [];
    s.on('data', (d: Buffer) => viaData.push(d));
    const taken: string[] = [];
    let shared: Buffer | null = null;
    const sink: ReadSink & { busy: boolean } = {
      busy: true,
      takeVolatile(buf, n) {
        shared = buf;
        taken.push(buf.toString('latin1', 0, n));
      },
    };
    s.leanSink = sink;
    serverSide!.write('to the sink');
    await until(() => taken.join('') === 'to the sink');
    expect(viaData).toEqual([]);
    sink.busy = false;
    serverSide!.write('to mysql2');
    await until(() => Buffer.concat(viaData).toString() === 'to mysql2');
    // the listeners' buffers are their own, not the shared read buffer
    expect(viaData.every((b) => b.buffer !== shared!.buffer)).toBe(true);
    s.destroy();
  });
});
