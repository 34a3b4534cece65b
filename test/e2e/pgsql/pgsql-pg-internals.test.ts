// The pgsql driver runs its protocol exchanges on pg internals (src/drivers/pgsql/protocol.ts,
// connection.ts, connect.ts): pg's Client connects, its Connection writes protocol messages,
// and once connected the driver takes the 'data' listener of pg's stream over and reads the
// replies itself. package.json pins pg to one exact version; these checks name what changed
// when another version does not behave the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/sysbench.js';
import { hasPgsql, PG_HOST, PG_PORT, PG_USER } from '../../helpers/pgsql.js';
import { decodeDataRow, MessageReader, parseErrorResponse } from '../../../src/drivers/pgsql/wire.js';
import { pgSocket, readsOf } from '../../../src/drivers/pgsql/socket.js';

const installed = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'pg', 'package.json'), 'utf8')) as { version: string }).version;
const pinned = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.pg;

describe('pg internals the pgsql driver relies on', () => {
  it('pg is pinned to one exact version, and that version is installed', () => {
    expect(pinned, 'package.json must pin pg exactly (no ^ or ~): the driver uses its internals').toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed, `pg ${installed} is installed, package.json pins ${pinned}: run npm install, or re-check these internals and pin the new version`).toBe(pinned);
  });

  it("pg.Connection writes the protocol messages we send (query, parse, sync, sendCopyFail) and exposes its stream", () => {
    const missing = ['query', 'parse', 'sync', 'sendCopyFail'].filter((m) => typeof (pg.Connection.prototype as unknown as Record<string, unknown>)[m] !== 'function');
    expect(missing, `pg.Connection.prototype no longer has: ${missing.join(', ')}`).toEqual([]);
    const client = new pg.Client() as unknown as { connection?: { stream?: { write?: unknown } } };
    expect(typeof client.connection?.stream?.write, 'pg.Client#connection.stream.write (ExecOp writes Bind/Describe/Execute/Sync itself)').toBe('function');
  });

  it.skipIf(!hasPgsql)("once connected, pg's parser is the stream's only 'data' listener; replies read without it; ParameterStatus on client.connection; end() still works", async () => {
    const client = new pg.Client({ host: PG_HOST, port: Number(PG_PORT), user: PG_USER, database: 'postgres' });
    type Conn = { stream: NodeJS.EventEmitter; query(t: string): void; on(e: string, f: (m: { parameterName: string; parameterValue: string }) => void): void };
    const connection = (client as unknown as { connection: Conn }).connection;
    const status = new Map<string, string>();
    connection.on('parameterStatus', (m) => status.set(m.parameterName, m.parameterValue));
    await client.connect();
    try {
      expect(status.get('standard_conforming_strings'), "client.connection's 'parameterStatus' events (quoting depends on standard_conforming_strings)").toMatch(/^(on|off)$/);
      const listeners = connection.stream.listeners('data');
      expect(listeners.length, "connection.stream has pg's parser as its one 'data' listener (PgConnection replaces it)").toBe(1);
      expect(String(listeners[0]), "the 'data' listener is pg-protocol's parse()").toContain('parser.parse');
      connection.stream.removeAllListeners('data');
      const types: string[] = [];
      const messages: Buffer[] = [];
      const reader = new MessageReader((type, buf, start, end) => {
        types.push(String.fromCharCode(type));
        messages.push(Buffer.from(buf.subarray(start, end)));
      });
      await new Promise<void>((resolve) => {
        connection.stream.on('data', (chunk: Buffer) => {
          reader.push(chunk);
          if (types.at(-1) === 'Z') resolve();
        });
        connection.query("SELECT 1, NULL::text, 'x'; SELECT * FROM no_such_table");
      });
      expect(types).toEqual(['T', 'D', 'C', 'E', 'Z']);
      expect(decodeDataRow(messages[1])).toEqual(['1', null, 'x']);
      expect(messages[2].toString('utf8', 0, messages[2].length - 1)).toBe('SELECT 1');
      const err = parseErrorResponse(messages[3], 0, messages[3].length);
      expect({ code: err.code, severity: err.severity, position: err.position, message: err.message }).toEqual(
        { code: '42P01', severity: 'ERROR', position: '42', message: 'relation "no_such_table" does not exist' });
    } finally {
      await client.end();
    }
  });

  it.skipIf(!hasPgsql)("pg connects over the socket its `stream` option makes; that socket's reads reach pg as 'data' until taken over", async () => {
    const client = new pg.Client({ host: PG_HOST, port: Number(PG_PORT), user: PG_USER, database: 'postgres', stream: pgSocket });
    const stream = (client as unknown as { connection: { stream: object } }).connection.stream;
    const reads = readsOf(stream);
    expect(reads, 'pg.Client({ stream }) calls the factory and keeps its socket as connection.stream').toBeDefined();
    await client.connect();
    try {
      const got: string[] = [];
      await new Promise<void>((resolve) => {
        (stream as NodeJS.EventEmitter).removeAllListeners('data');
        reads!.take((buf, n) => {
          const reader = new MessageReader((type) => got.push(String.fromCharCode(type)));
          reader.push(buf, n);
          if (got.at(-1) === 'Z') resolve();
        });
        (client as unknown as { connection: { query(t: string): void } }).connection.query('SELECT 1');
      });
      expect(got).toEqual(['T', 'D', 'C', 'Z']);
    } finally {
      await client.end();
    }
  });

  it('queries go straight to a socket\'s handle once connected (before, through net.Socket#write)', () => {
    const handle = (pgSocket() as unknown as { _handle: unknown })._handle;
    expect(handle, 'a socket has no handle before it connects: writeDirect() then falls back to write()').toBeNull();
  });

  it('MessageReader puts messages split over chunks together, byte by byte', () => {
    const msg = (type: string, body: Buffer): Buffer => {
      const head = Buffer.alloc(5);
      head[0] = type.charCodeAt(0);
      head.writeInt32BE(body.length + 4, 1);
      return Buffer.concat([head, body]);
    };
    const stream = Buffer.concat([msg('T', Buffer.from([0, 1])), msg('D', Buffer.alloc(70000, 7)), msg('Z', Buffer.from('I'))]);
    for (const step of [1, 3, 5, 4096, stream.length]) {
      const got: string[] = [];
      const reader = new MessageReader((type, buf, start, end) => got.push(`${String.fromCharCode(type)}${end - start}:${buf[start]}`));
      // one reused chunk buffer, as a socket with a buffer of its own gives them
      const chunk = Buffer.alloc(step);
      for (let i = 0; i < stream.length; i += step) {
        const n = stream.copy(chunk, 0, i, i + step);
        reader.push(chunk, n);
        chunk.fill(0xee);
      }
      expect(got, `chunks of ${step} bytes`).toEqual(['T2:0', 'D70000:7', 'Z1:73']);
    }
  });
});
