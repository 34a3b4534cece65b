// src/drivers/mysql/mysql2/ holds all the code that depends on mysql2's private shape (mysql2 is
// pinned to one exact version in package.json): this file, what the lean path (../wire/) reads
// or replaces inside a connection; statement-cache.ts, the connection's prepared-statement cache
// replaced; bytes-query.ts, a Query command whose first step writes bytes we hold. The tests
// test/e2e/mysql/mysql-lean-mysql2-internals.test.ts, mysql-statement-cache.test.ts and
// mysql-bytes-query.test.ts fail loudly when an upgrade changes any of it.
//
// What the lean path uses:
// - a connection's `stream` (the socket, or the TLS socket once TLS is on) and its
//   `packetParser`, whose execute(chunk) mysql2's 'data' listeners call with every chunk read:
//   the lean path swaps in a parser that hands the chunks to it while one of its commands is in
//   flight, and to mysql2's parser otherwise;
// - `_commands` (the queue of commands mysql2 has yet to start), `_fatalError`,
//   `_protocolError`, `_closing` (the connection is unusable);
// - the negotiated capabilities (`config.clientFlags`, `serverCapabilityFlags`),
//   `config.compress`, `config.ssl`, `clientEncoding`, `_mariadbExtendedMetadata`;
// - a prepared statement's `id`, `parameters` and `columns` (ColumnDefinition objects:
//   `columnType`, `flags`);
// - the Packet class (the parser's `_reusablePacket`), whose readers decode the rare column
//   types exactly as mysql2 does.
import mysql from 'mysql2';
import type { Cursor } from '../wire/protocol.js';

export interface Mysql2Stream {
  write(chunk: Buffer): boolean;
  on(event: 'close', listener: () => void): unknown;
  removeListener(event: 'close', listener: () => void): unknown;
  destroy(): void;
  readonly destroyed: boolean;
}

export interface Mysql2Parser {
  execute(chunk: Buffer): unknown;
}

export interface Mysql2Connection {
  stream: Mysql2Stream;
  packetParser: Mysql2Parser;
  _commands: { length: number };
  _fatalError: unknown;
  _protocolError: unknown;
  _closing?: boolean;
  serverCapabilityFlags: number;
  clientEncoding: string;
  _mariadbExtendedMetadata: boolean;
  config: { clientFlags: number; compress: unknown; ssl?: unknown; debug?: unknown };
  on(event: 'error', listener: (err: unknown) => void): unknown;
}

export interface Mysql2ColumnDefinition {
  columnType: number;
  flags: number;
}

export interface Mysql2StatementInfo {
  id: number;
  parameters?: Mysql2ColumnDefinition[];
  columns?: Mysql2ColumnDefinition[];
}

interface Mysql2Packet {
  offset: number;
  readLengthCodedString(encoding: string): unknown;
  parseGeometryValue(): unknown;
  parseVector(): unknown;
  parseJson(encoding: string, supportBigNumbers: boolean): unknown;
}
type PacketClass = new (id: number, buffer: Buffer, start: number, end: number) => Mysql2Packet;

const encodings = mysql.CharsetToEncoding as unknown as string[];

/** Decoding through mysql2's Packet readers (set up by the first connection the lean path attaches to). */
export const mysql2Decoding = {
  Packet: null as PacketClass | null,

  /** Remembers mysql2's Packet class from a connection's parser. */
  learn(parser: Mysql2Parser): boolean {
    const p = (parser as unknown as { _reusablePacket?: { constructor: PacketClass } })._reusablePacket;
    if (p === undefined || typeof p.constructor !== 'function') return false;
    this.Packet = p.constructor;
    return true;
  },

  isUtf8(charset: number): boolean {
    return encodings[charset] === 'utf8';
  },

  /** The value at the cursor as mysql2 reads `kind`; advances the cursor. */
  read(c: Cursor, kind: 'json' | 'jsonType' | 'geometry' | 'vector' | 'string', charset: number): unknown {
    // a packet whose payload starts at the cursor (mysql2 packets start 4 header bytes earlier)
    const p = new this.Packet!(0, c.buf, c.pos - 4, c.buf.length);
    let v: unknown;
    switch (kind) {
      case 'json': v = p.parseJson(encodings[charset], true); break;
      case 'jsonType': v = p.parseJson('utf8', true); break;
      case 'geometry': v = p.parseGeometryValue(); break;
      case 'vector': v = p.parseVector(); break;
      default: v = p.readLengthCodedString(encodings[charset]);
    }
    c.pos = p.offset;
    return v;
  },
};

/** Why the lean path cannot run on this connection, or null when it can. */
export function leanUnusable(raw: Mysql2Connection): string | null {
  if (raw.config.compress) return 'compression';
  // the lean path would work over TLS too (mysql2 hands it the decrypted chunks and writes go
  // through the TLS socket), but no test server here speaks TLS: leave it to mysql2
  if (raw.config.ssl) return 'TLS';
  if (raw.config.debug) return 'mysql2 debug output';
  if (raw.clientEncoding !== 'utf8') return `client encoding ${raw.clientEncoding}`;
  if (typeof raw.packetParser?.execute !== 'function') return 'no packet parser';
  if (typeof raw.stream?.write !== 'function') return 'no stream';
  if (!mysql2Decoding.Packet && !mysql2Decoding.learn(raw.packetParser)) return 'no Packet class';
  return null;
}

/**
 * mysql2 will write nothing before the reply to a command written now: no command is queued.
 * One may be current: the caller runs one statement at a time, so a current command is one
 * whose outcome callback is running (mysql2 calls it as the command's last act; the Lua
 * thread goes on from there, e.g. executes right after its prepare()), and it ends as soon as
 * that callback returns.
 */
export function mysql2Free(raw: Mysql2Connection): boolean {
  return raw._commands.length === 0;
}

/**
 * Puts `parser` in the place of the connection's packet parser: mysql2's 'data' listeners then
 * hand it every chunk read. Returns mysql2's own parser (for the chunks `parser` passes on).
 */
export function takeOverPackets(raw: Mysql2Connection, parser: Mysql2Parser): Mysql2Parser {
  const own = raw.packetParser;
  raw.packetParser = parser;
  return own;
}

/** The connection is closed or failed (mysql2 would fail the next command). */
export function mysql2Closed(raw: Mysql2Connection): boolean {
  return raw._fatalError != null || raw._protocolError != null || raw._closing === true || raw.stream.destroyed;
}
