// stmt:close() sends one COM_STMT_CLOSE, as sysbench does (mysql2's unprepare() closed the
// statement through its cache and then itself: two). The packets are counted on the wire, by a
// loopback proxy between sysbench and the server: the server neither logs nor counts a close of
// a statement it no longer has.
import net from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, REFERENCE, SOCKET, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_stmt_close_once';
const dir = mkdtempSync(join(tmpdir(), 'sbts-stmt-close-'));
const SCRIPT = join(dir, 'close.lua');

/** A proxy to the server's socket that counts the COM_STMT_CLOSE packets clients send. */
interface Counter { port: number; closes: number; server: net.Server }
function countingProxy(): Promise<Counter> {
  const counter = { port: 0, closes: 0 } as Counter;
  counter.server = net.createServer((client) => {
    const upstream = net.connect(SOCKET);
    let pending = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      // client packets: 3-byte length, sequence id, payload (command byte first)
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const len = pending[0] | (pending[1] << 8) | (pending[2] << 16);
        if (pending.length < 4 + len) break;
        if (len === 5 && pending[4] === 0x19 && pending[3] === 0) counter.closes++;
        pending = pending.subarray(4 + len);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise((resolve) => counter.server.listen(0, '127.0.0.1', () => {
    counter.port = (counter.server.address() as net.AddressInfo).port;
    resolve(counter);
  }));
}

beforeAll(() => {
  createDatabase(DB);
  writeFileSync(SCRIPT, `
function thread_init()
  con = sysbench.sql.driver():connect()
  stmts = {}
  for i = 1, 3 do stmts[i] = con:prepare("SELECT " .. i .. " + ?") end
end
function event()
  for i = 1, 3 do
    local p = stmts[i]:bind_create(sysbench.sql.type.INT)
    p:set(i)
    stmts[i]:bind_param(p)
    stmts[i]:execute()
  end
end
function thread_done()
  for i = 1, 3 do stmts[i]:close() end
  con:disconnect()
end
`);
});
afterAll(() => {
  dropDatabase(DB);
  rmSync(dir, { recursive: true, force: true });
});

async function closesSentBy(bin?: string): Promise<number> {
  const proxy = await countingProxy();
  try {
    const args = [SCRIPT, '--mysql-user=root', `--mysql-db=${DB}`, '--mysql-host=127.0.0.1', `--mysql-port=${proxy.port}`,
      '--threads=2', '--events=4', 'run'];
    const r = await sysbenchAsync(args, { bin });
    expect(r.stderr + r.stdout).not.toMatch(/FATAL/);
    expect(r.code).toBe(0);
    return proxy.closes;
  } finally {
    await new Promise((r) => proxy.server.close(r));
  }
}

describe('closing prepared statements', () => {
  it('sends one COM_STMT_CLOSE per statement and thread', async () => {
    expect(await closesSentBy()).toBe(6);
  });

  it.skipIf(!hasReference)(`sends as many as ${REFERENCE}`, async () => {
    expect(await closesSentBy()).toBe(await closesSentBy(REFERENCE));
  });
});
