// The lean execute path's protocol handling, in-process against the real server, next to
// mysql2's own execute on the same statements:
// - the COM_STMT_EXECUTE bytes it writes are mysql2's, for every kind of value;
// - replies without EOF packets (CLIENT_DEPRECATE_EOF; mysql2 never asks for it, so the test
//   negotiates it and prepares the statements itself) give what replies with EOF packets give;
// - several results to one execute (a CALL, with CLIENT_PS_MULTI_RESULTS): the first counts,
//   the others are read and dropped, and the connection goes on;
// - an error after some rows were sent, and a text query after a lean execute;
// - a reply cut into chunks anywhere (down to single bytes) reads the same, also when each
//   chunk comes in a read buffer that is reused after the read (wire/socket.ts).
import mysql from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbError, DbResult } from '../../../src/drivers/driver.js';
import { ExecutePacket } from '../../../src/drivers/mysql/wire/execute-packet.js';
import { attachLean, type LeanWire } from '../../../src/drivers/mysql/wire/lean.js';
import { Outcome, ReplyReader } from '../../../src/drivers/mysql/wire/reply.js';
import { createDatabase, dropDatabase, SOCKET, sql } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_lean_protocol';
const DEPRECATE_EOF = 1 << 24;
const PS_MULTI_RESULTS = 1 << 18;

/** the driver's mysql2 options (src/drivers/mysql/driver.ts) */
const OPTIONS = {
  socketPath: SOCKET, user: 'root', database: DB, multipleStatements: true, supportBigNumbers: true,
  bigNumberStrings: true, dateStrings: true, decimalNumbers: false, rowsAsArray: true,
};

type Raw = any;

function connect(extraFlags = 0): Promise<Raw> {
  const cfg = new mysql.ConnectionConfig(OPTIONS as never) as unknown as { clientFlags: number };
  cfg.clientFlags |= extraFlags;
  const raw = new (mysql.Connection as any)({ config: cfg });
  raw.on('error', () => { /* connections the tests cut themselves */ });
  return new Promise((resolve, reject) => raw.connect((e: Error | null) => (e ? reject(e) : resolve(raw))));
}

const end = (raw: Raw): Promise<void> => new Promise((r) => raw.end(() => r()));
const prepare = (raw: Raw, text: string): Promise<any> =>
  new Promise((resolve, reject) => raw.prepare({ sql: text, rowsAsArray: true }, (e: Error | null, info: unknown) => (e ? reject(e) : resolve(info))));
const query = (raw: Raw, text: string): Promise<unknown> =>
  new Promise((resolve, reject) => raw.query({ sql: text, rowsAsArray: true }, (e: Error | null, rows: unknown) => (e ? reject(e) : resolve(rows))));

interface Got { err: DbError | null; nrows?: number; nfields?: number; counter?: number; rows?: unknown[] }

function describeResult(err: DbError | null, r: DbResult | null): Got {
  if (err) return { err };
  const rows: unknown[] = [];
  for (let i = 0; r!.nfields > 0 && i < r!.nrows; i++) rows.push(r!.row(i));
  return { err: null, nrows: r!.nrows, nfields: r!.nfields, counter: r!.counter, rows };
}

/** The lean path runs `info` with `values`. */
function leanExec(wire: LeanWire, info: unknown, values: unknown[]): Promise<Got> {
  const st = wire.statement(info, ((info as { columns?: unknown[] }).columns?.length ?? 0) > 0);
  return new Promise((resolve, reject) => {
    if (!st.execute(values, (err, r) => resolve(describeResult(err, r)))) reject(new Error('the lean path stepped aside'));
  });
}

/** mysql2 runs `info` with `values`: the same shape (rows as arrays, as the driver's result). */
function mysql2Exec(info: any, values: unknown[]): Promise<Got> {
  return new Promise((resolve) => info.execute(values, (err: any, res: unknown) => {
    if (err) return resolve({ err: { errno: err.errno, sqlState: err.sqlState, message: err.sqlMessage, connectionLost: false } });
    resolve(Array.isArray(res) ? { err: null, nrows: res.length, rows: res } : { err: null, nrows: 0, rows: [] });
  }));
}

beforeAll(() => {
  createDatabase(DB);
  sql(`SET NAMES utf8mb4;
    CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(50), b BIGINT UNSIGNED, d DATETIME(3), x DOUBLE) CHARACTER SET utf8mb4;
    INSERT INTO t VALUES (1, 'one', 18446744073709551615, '2020-01-02 03:04:05.678', 0.5), (2, NULL, 0, NULL, -1),
      (3, 'trois ✓', 9007199254740993, '1999-12-31 00:00:00', NULL);
    CREATE TABLE dup (k INT, v INT); INSERT INTO dup VALUES (1, 10), (2, 20), (3, 30), (3, 31);
    DELIMITER //
    CREATE PROCEDURE two() BEGIN SELECT id, s FROM t ORDER BY id; SELECT 42; END //`, DB);
});
afterAll(() => dropDatabase(DB));

describe('lean execute protocol', () => {
  it("writes the COM_STMT_EXECUTE bytes mysql2 writes, for every kind of value", async () => {
    const raw = await connect();
    try {
      const values: unknown[][] = [
        [1, 2.5, 'abc', null],
        [-9007199254740991, 1e300, '', null],
        [0, -0, 'ütf-8 ✓ 😀', 'x'.repeat(300)],
        [true, false, Buffer.from([0, 1, 255]), new Uint8Array([65, 0, 200])],
        [12345678901234567890n, -5n, 'a'.repeat(70000), null],
        [null, null, null, null],
      ];
      const info = await prepare(raw, 'SELECT ?, ?, ?, ?');
      for (const v of values) {
        const written: Buffer[] = [];
        const write = raw.stream.write;
        raw.stream.write = function (this: unknown, b: Buffer, ...rest: unknown[]) {
          written.push(Buffer.from(b));
          return write.call(this, b, ...rest);
        };
        await mysql2Exec(info, v);
        raw.stream.write = write;
        const p = new ExecutePacket(info.id, v.length, v.map(() => null), false);
        expect(p.build(v)).toBe(true);
        expect(Buffer.from(p.bytes()).toString('hex'), String(v)).toBe(Buffer.concat(written).toString('hex'));
      }
      // what mysql2 encodes in a way of its own is left to it
      expect(new ExecutePacket(info.id, 1, [null], false).build([new Date()])).toBe(false);
      expect(new ExecutePacket(info.id, 1, [null], false).build([undefined])).toBe(false);
    } finally {
      await end(raw);
    }
  });

  it('reads replies without EOF packets (CLIENT_DEPRECATE_EOF) as replies with them', async () => {
    const statements: [string, unknown[]][] = [
      ['SELECT * FROM t ORDER BY id', []],
      ['SELECT * FROM t WHERE id = ?', [3]],
      ['SELECT * FROM t WHERE id = ?', [9]],
      ['UPDATE t SET x = x WHERE id > ?', [0]],
      ['SELECT k, (SELECT v FROM dup d2 WHERE d2.k = dup.k) FROM dup ORDER BY k, v', []],
    ];
    // with EOF packets: the lean path and mysql2
    const raw = await connect();
    const wire = attachLean(raw)!;
    const withEof: Got[] = [];
    const byMysql2: Got[] = [];
    for (const [text, v] of statements) {
      const info = await prepare(raw, text);
      withEof.push(await leanExec(wire, info, v));
      byMysql2.push(await mysql2Exec(info, v));
    }
    await end(raw);
    // without: the server must have agreed; prepare by hand (mysql2 cannot read such replies)
    const bare = await connect(DEPRECATE_EOF);
    expect(bare.serverCapabilityFlags & DEPRECATE_EOF, 'the server offers CLIENT_DEPRECATE_EOF').toBe(DEPRECATE_EOF);
    const replies: Buffer[] = [];
    bare.packetParser = { execute: (c: Buffer) => replies.push(Buffer.from(c)) };
    const bareWire = attachLean(bare)!;
    const withoutEof: Got[] = [];
    for (const [text, v] of statements) {
      const info = await handPrepare(bare, replies, text);
      withoutEof.push(await leanExec(bareWire, info, v));
    }
    bare.stream.destroy();
    expect(withoutEof).toEqual(withEof);
    // the values themselves, as mysql2 has them
    for (let i = 0; i < statements.length; i++) {
      if (byMysql2[i].err) expect(withEof[i].err).toMatchObject(byMysql2[i].err!);
      else expect(withEof[i].rows, statements[i][0]).toEqual(byMysql2[i].rows);
    }
    expect(withEof[0].rows![0]).toEqual([1, 'one', '18446744073709551615', '2020-01-02 03:04:05.678', 0.5]);
    expect(withEof[3]).toMatchObject({ err: null, nrows: 3, nfields: 0 });
    expect(withEof[4].err).toMatchObject({ errno: 1242, sqlState: '21000', message: 'Subquery returns more than 1 row' });
  });

  it('takes the first of several results (a CALL) and goes on', async () => {
    // MariaDB sends a procedure's results with or without CLIENT_PS_MULTI_RESULTS
    for (const flags of [0, PS_MULTI_RESULTS]) {
      const raw = await connect(flags);
      try {
        const wire = attachLean(raw)!;
        const call = await prepare(raw, 'CALL two()');
        const got = await leanExec(wire, call, []);
        expect(got).toMatchObject({ err: null, nrows: 3, nfields: 2 });
        expect(got.rows).toEqual([[1, 'one'], [2, null], [3, 'trois ✓']]);
        // the rest of the reply was read: the connection is in step
        expect(await leanExec(wire, await prepare(raw, 'SELECT ?'), ['after'])).toMatchObject({ rows: [['after']] });
        expect(await query(raw, 'SELECT 7')).toEqual([[7]]);
      } finally {
        await end(raw);
      }
    }
  });

  it('hands the connection back to mysql2 in step: text queries and mysql2 executes after lean ones', async () => {
    const raw = await connect();
    try {
      const wire = attachLean(raw)!;
      const info = await prepare(raw, 'SELECT id, s FROM t WHERE id = ?');
      for (let i = 0; i < 3; i++) {
        expect((await leanExec(wire, info, [1])).rows).toEqual([[1, 'one']]);
        expect(await query(raw, 'SELECT 1, 2')).toEqual([[1, 2]]);
        expect((await mysql2Exec(info, [3])).rows).toEqual([[3, 'trois ✓']]);
      }
    } finally {
      await end(raw);
    }
  });

  it('reads a reply cut into chunks anywhere', async () => {
    const raw = await connect();
    const replies: Buffer[] = [];
    const info = await prepare(raw, 'SELECT * FROM t ORDER BY id');
    raw.packetParser = { execute: (c: Buffer) => replies.push(Buffer.from(c)) };
    const p = new ExecutePacket(info.id, 0, [], false);
    p.build([]);
    raw.stream.write(Buffer.from(p.bytes()));
    await until(() => replies.length > 0 && complete(Buffer.concat(replies)));
    raw.stream.destroy();
    const reply = Buffer.concat(replies);
    const whole = readAll([reply]);
    expect(whole).toMatchObject({ outcome: Outcome.Rows, nrows: 3, nfields: 5 });
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < reply.length; i += size) chunks.push(reply.subarray(i, i + size));
      expect(readAll(chunks), `chunks of ${size}`).toEqual(whole);
      // from a read buffer reused (here: overwritten) after every read, as socket.ts's is
      expect(readAll(chunks, true), `chunks of ${size} in a reused buffer`).toEqual(whole);
    }
  });
});

describe('lean reply reader: rows kept from a reused read buffer', () => {
  // a binary result set of `n` rows, each a string of `size` bytes of `fill` (CLIENT_DEPRECATE_EOF)
  function reply(n: number, size: number, fill: number): Buffer {
    const parts: Buffer[] = [];
    let seq = 1;
    const packet = (payload: Buffer): void => {
      const h = Buffer.alloc(4);
      h.writeUIntLE(payload.length, 0, 3);
      h[3] = seq++ & 0xff;
      parts.push(h, payload);
    };
    packet(Buffer.from([1]));
    packet(Buffer.concat([Buffer.from([3]), Buffer.from('def'), Buffer.from([0, 0, 0, 0, 0, 0x0c, 0x21, 0, 0, 1, 0, 0, 254, 0, 0, 0, 0, 0])]));
    for (let i = 0; i < n; i++) packet(Buffer.concat([Buffer.from([0, 0, 0xfc, size & 0xff, size >> 8]), Buffer.alloc(size, fill + (i % 7))]));
    packet(Buffer.from([0xfe, 0, 0, 0x02, 0, 0, 0]));
    return Buffer.concat(parts);
  }

  it('replies larger than the keep buffer, one after the other on one reader', () => {
    const r = new ReplyReader();
    r.deprecateEof = true;
    const scratch = Buffer.alloc(64 * 1024);
    for (const [n, size, fill] of [[200, 300, 0x41], [30, 2000, 0x61], [5, 10, 0x30]]) {
      const bytes = reply(n, size, fill);
      r.start();
      r.expectSequence(1);
      // chunks of three whole packets each (no packet split), and one of what is left
      const cuts = [0];
      for (let pos = 0, k = 0; pos < bytes.length; k++) {
        pos += 4 + bytes.readUIntLE(pos, 3);
        if (k % 3 === 2 || pos === bytes.length) cuts.push(pos);
      }
      let at = -1;
      for (let c = 1; c < cuts.length; c++) {
        const len = cuts[c] - cuts[c - 1];
        bytes.copy(scratch, 0, cuts[c - 1], cuts[c]);
        at = r.feed(scratch, len, true);
        scratch.fill(0xee);
      }
      expect(at).toBe(cuts[cuts.length - 1] - cuts[cuts.length - 2]);
      expect(r.nrows).toBe(n);
      for (let i = 0; i < n; i++) {
        const b = r.rows[3 * i] as Buffer;
        const start = r.rows[3 * i + 1] as number;
        const end = r.rows[3 * i + 2] as number;
        expect(end - start, `row ${i}`).toBe(size + 5);
        expect(b.subarray(start + 5, end).equals(Buffer.alloc(size, fill + (i % 7))), `row ${i} of ${n}`).toBe(true);
      }
    }
  });
});

/**
 * Reads a whole reply from `chunks` with a fresh ReplyReader; `reused`: each chunk is read
 * from one scratch buffer, overwritten after every read (what the reader keeps must be its own).
 */
function readAll(chunks: Buffer[], reused = false): object {
  const r = new ReplyReader();
  r.start();
  r.expectSequence(1);
  let at = -1;
  const scratch = Buffer.alloc(Math.max(...chunks.map((c) => c.length)) + 16);
  for (const c of chunks) {
    if (!reused) {
      at = r.feed(c);
      continue;
    }
    c.copy(scratch);
    at = r.feed(scratch, c.length, true);
    scratch.fill(0xee);
  }
  // where the reply ended: at the end of the last chunk
  const atEnd = at === chunks[chunks.length - 1].length;
  const hex = (list: unknown[]): string[] => {
    const out = [];
    for (let i = 0; i < list.length; i += 3) out.push((list[i] as Buffer).subarray(list[i + 1] as number, list[i + 2] as number).toString('hex'));
    return out;
  };
  return { atEnd, outcome: r.outcome, nrows: r.nrows, nfields: r.nfields, rows: hex(r.rows), cols: hex(r.cols) };
}

/** Whether `b` holds a complete reply (a reader says so). */
function complete(b: Buffer): boolean {
  const r = new ReplyReader();
  r.start();
  r.expectSequence(1);
  return r.feed(b) >= 0;
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
}

/** COM_STMT_PREPARE written and read by hand (on a connection whose idle chunks go to `replies`). */
async function handPrepare(raw: Raw, replies: Buffer[], text: string): Promise<object> {
  replies.length = 0;
  const body = Buffer.concat([Buffer.from([0x16]), Buffer.from(text)]);
  const head = Buffer.from([body.length & 0xff, (body.length >> 8) & 0xff, body.length >> 16, 0]);
  raw.stream.write(Buffer.concat([head, body]));
  let packets: Buffer[] = [];
  const parse = (): Buffer[] => {
    const b = Buffer.concat(replies);
    const out: Buffer[] = [];
    for (let o = 0; o + 4 <= b.length;) {
      const len = b[o] | (b[o + 1] << 8) | (b[o + 2] << 16);
      if (o + 4 + len > b.length) break;
      out.push(b.subarray(o + 4, o + 4 + len));
      o += 4 + len;
    }
    return out;
  };
  await until(() => {
    packets = parse();
    if (packets.length === 0) return false;
    if (packets[0][0] !== 0) throw new Error(`prepare failed: ${packets[0].subarray(9).toString()}`);
    const cols = packets[0].readUInt16LE(5);
    const params = packets[0].readUInt16LE(7);
    return packets.length === 1 + cols + params;
  });
  const head0 = packets[0];
  const cols = head0.readUInt16LE(5);
  const params = head0.readUInt16LE(7);
  // the lean path reads a parameter's type and flags only (for mysql2's integer hints)
  const def = (): object => ({ columnType: 6, flags: 0 });
  return { id: head0.readUInt32LE(1), parameters: Array.from({ length: params }, def), columns: Array.from({ length: cols }, def) };
}
