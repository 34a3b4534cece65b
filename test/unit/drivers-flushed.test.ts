// whenFlushed(): the bulk insert goes back to the script only once the socket has taken the
// whole statement. A real socket pair over a Unix socket whose reader is paused: the callback
// must wait for the reader, and come at once when nothing is pending.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whenFlushed } from '../../src/drivers/flushed.js';

let dir: string;
let server: net.Server;
let client: net.Socket;
let peer: net.Socket;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sbts-flushed-'));
  const path = join(dir, 's.sock');
  server = net.createServer();
  server.listen(path);
  await once(server, 'listening');
  const accepted = once(server, 'connection');
  client = net.connect(path);
  await once(client, 'connect');
  [peer] = (await accepted) as [net.Socket];
  peer.pause();
});

afterAll(() => {
  client?.destroy();
  peer?.destroy();
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('whenFlushed', () => {
  it('calls back at once when nothing is pending', () => {
    let called = false;
    whenFlushed(client, () => { called = true; });
    expect(called).toBe(true);
  });

  it('waits until a write larger than the socket buffer has been read by the peer', async () => {
    const size = 8 * 1024 * 1024;
    client.write(Buffer.alloc(size, 65));
    expect(client.writableLength).toBeGreaterThan(0);
    let called = false;
    const flushed = new Promise<void>((resolve) => whenFlushed(client, () => { called = true; resolve(); }));
    await new Promise((r) => setTimeout(r, 100));
    expect(called).toBe(false);
    let got = 0;
    peer.on('data', (b: Buffer) => { got += b.length; });
    peer.resume();
    await flushed;
    expect(client.writableLength).toBe(0);
    // the kernel holds the rest for the peer: all was handed over, most of it already read
    expect(got).toBeGreaterThan(0);
  });

  it('calls back when the connection closes before the bytes are taken', async () => {
    peer.pause();
    client.write(Buffer.alloc(8 * 1024 * 1024, 66));
    const flushed = new Promise<void>((resolve) => whenFlushed(client, resolve));
    client.destroy();
    await flushed;
  });

  it('calls back at once for a missing or destroyed stream', () => {
    let n = 0;
    whenFlushed(null, () => { n++; });
    whenFlushed(client, () => { n++; });
    expect(n).toBe(2);
  });
});
