// writeSoon (src/drivers/direct-write.ts): the queries of one turn of the event loop go out
// together once the turn's callbacks are done, each socket's in the order they were made, and
// a write made while they go out waits for the next turn. The MySQL path uses it when a thread
// has several connections open (src/drivers/mysql/wire/socket.ts, severalSockets).
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { severalSockets, writeSoon } from '../../src/drivers/direct-write.js';
import { leanSocket } from '../../src/drivers/mysql/wire/socket.js';
import { pgSocket } from '../../src/drivers/pgsql/socket.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-write-soon-'));
const PATH = join(DIR, 'sink.sock');
let server: net.Server;
/** bytes each server-side connection received, in the order the connections came */
const received: string[] = [];

beforeAll(async () => {
  server = net.createServer((c) => {
    const i = received.push('') - 1;
    c.on('data', (d) => { received[i] += d.toString('latin1'); });
    c.on('error', () => { /* the test closes its end */ });
  });
  await new Promise<void>((r) => server.listen(PATH, r));
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(DIR, { recursive: true, force: true });
});

async function connect(): Promise<net.Socket> {
  const s = net.connect(PATH);
  await new Promise<void>((r) => s.once('connect', () => r()));
  return s;
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
}

describe('writeSoon', () => {
  it('writes after the turn, in order per socket; a later one waits for the next turn', async () => {
    const a = await connect();
    const b = await connect();
    const before = received.length - 2;
    const sentAt: string[] = [];
    writeSoon(a, Buffer.from('a1'));
    writeSoon(b, Buffer.from('b1'));
    writeSoon(a, Buffer.from('a2'));
    // nothing has gone out yet: the kernel has not seen a byte
    expect(a.bytesWritten + b.bytesWritten).toBe(0);
    setImmediate(() => {
      sentAt.push(`${a.bytesWritten}/${b.bytesWritten}`);
      writeSoon(b, Buffer.from('b2'));
      expect(b.bytesWritten).toBe(2);
    });
    await until(() => received[before] === 'a1a2' && received[before + 1] === 'b1b2');
    // the first turn's writes had all gone out when the next immediate ran
    expect(sentAt).toEqual(['4/2']);
    a.destroy();
    b.destroy();
  });

  it('turns of different sizes one after another: every write goes out once, in order', async () => {
    const a = await connect();
    const b = await connect();
    const before = received.length - 2;
    let expectA = '';
    let expectB = '';
    // the pending lists are kept from turn to turn: a longer turn after a shorter one, and back
    for (const n of [5, 2, 7, 1, 3]) {
      for (let i = 0; i < n; i++) {
        const s = i % 2 === 0 ? a : b;
        const text = `${n}.${i};`;
        if (s === a) expectA += text;
        else expectB += text;
        writeSoon(s, Buffer.from(text));
      }
      await new Promise((r) => setImmediate(r));
    }
    await until(() => received[before] === expectA && received[before + 1] === expectB);
    a.destroy();
    b.destroy();
  });

  it('is what queries use while their thread has more than one connection open, of either driver', async () => {
    const closed = (s: net.Socket) => new Promise<void>((r) => { s.once('close', () => r()); s.destroy(); });
    const one = leanSocket({ socketPath: PATH });
    expect(severalSockets()).toBe(false);
    const two = pgSocket().connect(PATH);
    expect(severalSockets()).toBe(true);
    await closed(two);
    expect(severalSockets()).toBe(false);
    await closed(one);
  });
});
