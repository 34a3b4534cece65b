// The lean execute path: COM_STMT_EXECUTE of a statement mysql2 prepared, written straight to
// the connection's socket, and its reply read by reply.ts instead of by mysql2's command
// machinery (which costs several times more client CPU per statement). mysql2 keeps
// everything else: connecting, authentication, TLS, COM_STMT_PREPARE / CLOSE, text queries.
//
// How the two share one socket: mysql2 hands every chunk it reads to its `packetParser`; a
// LeanWire takes that place and passes the chunks on to mysql2's parser, except while one of
// its own commands is in flight. It starts one only when mysql2 has no command queued (see
// mysql2Free()), and mysql2 starts a new command only when asked to, which the caller does not
// do before the reply is in (one statement at a time per connection). mysql2 resets its
// sequence ids at the start of each of its commands, so its state stays consistent.
//
// Where the lean path does not apply it steps aside and mysql2 runs the statement: compression
// (mysql2 frames the compressed protocol itself), TLS (untested here), a value mysql2 encodes
// in a way of its own (dates, objects, undefined), a command queued in mysql2, and
// SYSBENCH_TS_MYSQL_LEAN=0 (the switch the differential tests use).
import { writeSync } from 'node:fs';
import type net from 'node:net';
import type { DbCallback, DbResult } from '../../driver.js';
import { CountResult, DROPPED_ROWS, RowsResult } from '../../result.js';
import { toDbError, type Mysql2Error } from '../errors.js';
import { ExecutePacket, intHint, type IntHint } from './execute-packet.js';
import {
  leanUnusable, mysql2Closed, mysql2Free, takeOverPackets, type Mysql2Connection, type Mysql2Parser, type Mysql2StatementInfo,
} from '../mysql2/internals.js';
import { CLIENT_DEPRECATE_EOF, CLIENT_QUERY_ATTRIBUTES, MAX_PAYLOAD } from './protocol.js';
import { Outcome, ReplyReader } from './reply.js';
import { LeanRows } from './rows.js';
import { TextRows } from './text-rows.js';
import { writeQuery } from '../../direct-write.js';
import { isLeanSocket, type ReadSink } from './socket.js';

const EMPTY: readonly (readonly unknown[])[] = [];
const COM_QUERY = 0x03;
/** text statements mysql2 runs: several results (CALL) or a local file to send (LOCAL) */
const MAY_NEED_MYSQL2 = /\b(?:call|local)\b/i;

function lostError(): Mysql2Error {
  const e = new Error('Connection lost: The server closed the connection.') as Mysql2Error;
  e.fatal = true;
  e.code = 'PROTOCOL_CONNECTION_LOST';
  return e;
}

// read once: each process.env read is a getenv() and a new string, and every connection asks
const LEAN_ENABLED = process.env.SYSBENCH_TS_MYSQL_LEAN !== '0';

/** Whether the lean path is switched on (SYSBENCH_TS_MYSQL_LEAN=0 switches it off). */
export function leanEnabled(): boolean {
  return LEAN_ENABLED;
}

/**
 * SYSBENCH_TS_MYSQL_LEAN=report: each connection says on stderr, when it closes, how many
 * executes took the lean path and how many mysql2 ran (or why the lean path was not used).
 */
const REPORT = process.env.SYSBENCH_TS_MYSQL_LEAN === 'report';
/**
 * The report's lines, straight to fd 2: a worker thread's process.stderr reaches it through the
 * main thread, and what is still on its way when the run ends is lost
 */
function report(text: string): void {
  try { writeSync(2, text); } catch { /* stderr gone */ }
}

/** The lean path of a mysql2 connection, or null where it does not apply. */
export function attachLean(raw: unknown): LeanWire | null {
  if (!leanEnabled()) return null;
  const con = raw as Mysql2Connection;
  const why = leanUnusable(con);
  if (why !== null) {
    if (REPORT) report(`lean: not used (${why})\n`);
    return null;
  }
  return new LeanWire(con);
}

/** One mysql2 connection's lean path (see the top of this file). */
export class LeanWire implements Mysql2Parser, ReadSink {
  readonly queryAttributes: boolean;
  private readonly extendedMetadata: boolean;
  private readonly mysql2Parser: Mysql2Parser;
  private readonly reader = new ReplyReader();
  private dead = false;
  /** executes run by the lean path, and by mysql2 (for SYSBENCH_TS_MYSQL_LEAN=report) */
  private leanRuns = 0;
  /** result sets whose rows were dropped (DbStatement.execute's dropRows), for the report */
  private dropped = 0;
  private mysql2Runs = 0;
  // the command in flight
  private cb: DbCallback<DbResult> | null = null;
  private isRead = false;
  /** the COM_QUERY packet, reused (the reply comes only once all of it was written) */
  private queryPacket = Buffer.allocUnsafe(256);

  constructor(private readonly raw: Mysql2Connection) {
    const negotiated = raw.config.clientFlags & raw.serverCapabilityFlags;
    this.queryAttributes = (negotiated & CLIENT_QUERY_ATTRIBUTES) !== 0;
    this.reader.deprecateEof = (negotiated & CLIENT_DEPRECATE_EOF) !== 0;
    this.extendedMetadata = raw._mariadbExtendedMetadata === true;
    this.mysql2Parser = takeOverPackets(raw, this);
    // our own socket (socket.ts) hands its reads to us directly while a command is in flight
    if (isLeanSocket(raw.stream)) raw.stream.leanSink = this;
    raw.stream.on('close', this.onClose);
    raw.on('error', this.onError);
  }

  /** A statement mysql2 prepared on this connection; `isRead`: it has result columns. */
  statement(info: unknown, isRead: boolean): LeanStatement {
    return new LeanStatement(this, info as Mysql2StatementInfo, isRead);
  }

  /**
   * Runs `st` with `values`; false when the lean path does not take this call (mysql2 should
   * run it). `cb` may be called before run() returns (connection already lost).
   */
  run(st: LeanStatement, values: readonly unknown[], cb: DbCallback<DbResult>, dropRows = false): boolean {
    const raw = this.raw;
    if (this.dead || mysql2Closed(raw)) {
      this.dead = true;
      cb(toDbError(lostError()), null);
      return true;
    }
    const packet = this.cb === null && mysql2Free(raw) ? st.packetFor(values) : null;
    if (packet === null) {
      this.mysql2Runs++;
      return false;
    }
    this.leanRuns++;
    this.reader.start();
    this.reader.expectSequence(packet.packets);
    this.reader.textRows = false;
    this.reader.dropRows = dropRows;
    this.isRead = st.isRead;
    this.cb = cb;
    writeQuery(raw.stream as unknown as net.Socket, packet.bytes());
    return true;
  }

  /**
   * Runs the text statement `sql` (COM_QUERY); false when mysql2 should run it: statements that
   * may answer with several results (`;`, CALL) or ask for a local file (LOCAL), payloads of
   * 16 MB and more, servers that want query attributes.
   */
  query(sql: string, cb: DbCallback<DbResult>, dropRows = false): boolean {
    const raw = this.raw;
    if (this.dead || this.cb !== null || this.queryAttributes || !mysql2Free(raw) || mysql2Closed(raw)) return false;
    if (sql.includes(';') || MAY_NEED_MYSQL2.test(sql)) return false;
    let b = this.queryPacket;
    // UTF-8 takes at most 3 bytes per UTF-16 unit: measure the text only when it may not fit
    if (b.length < 5 + 3 * sql.length) {
      const need = 5 + Buffer.byteLength(sql, 'utf8');
      if (b.length < need) b = this.queryPacket = Buffer.allocUnsafe(Math.max(need, 2 * b.length));
    }
    const n = b.write(sql, 5, 'utf8');
    if (n + 1 >= MAX_PAYLOAD) return false;
    b[0] = (n + 1) & 0xff;
    b[1] = ((n + 1) >> 8) & 0xff;
    b[2] = ((n + 1) >> 16) & 0xff;
    b[3] = 0; // sequence id
    b[4] = COM_QUERY;
    this.leanRuns++;
    this.reader.start();
    this.reader.expectSequence(1);
    // a COM_QUERY's rows are text
    this.reader.textRows = true;
    this.reader.dropRows = dropRows;
    this.isRead = false;
    this.cb = cb;
    writeQuery(raw.stream as unknown as net.Socket, b.subarray(0, n + 5));
    return true;
  }

  /** mysql2's 'data' listeners call this with every chunk read (we are its packetParser). */
  execute(chunk: Buffer): void {
    if (this.cb === null) {
      this.mysql2Parser.execute(chunk);
      return;
    }
    this.took(this.reader.feed(chunk), chunk, chunk.length, false);
  }

  /** ReadSink: a command of ours is in flight (its reply is read straight from the socket). */
  get busy(): boolean {
    return this.cb !== null;
  }

  /** ReadSink: bytes [0, n) of the socket's shared read buffer. */
  takeVolatile(buf: Buffer, n: number): void {
    this.took(this.reader.feed(buf, n, true), buf, n, true);
  }

  /** The reader took bytes [0, n) of `buf` up to `at` (-1: the reply goes on in the next read). */
  private took(at: number, buf: Buffer, n: number, volatile: boolean): void {
    if (at < 0) return;
    // bytes after the reply are not ours: mysql2 gets them (idle, it treats them as it would)
    if (at < n) this.mysql2Parser.execute(volatile ? Buffer.from(buf.subarray(at, n)) : buf.subarray(at, n));
    this.finish();
  }

  private finish(): void {
    const cb = this.cb;
    // the bytes after the reply made mysql2 give up the connection, which failed the command
    if (cb === null) return;
    this.cb = null;
    const r = this.reader;
    switch (r.outcome) {
      case Outcome.Rows:
        if (r.dropRows) {
          this.dropped++;
          return cb(null, DROPPED_ROWS);
        }
        if (r.textRows) return cb(null, new TextRows(r.nrows, r.nfields, r.rows));
        return cb(null, new LeanRows(r.nrows, r.nfields, r.cols, r.rows, this.extendedMetadata));
      case Outcome.Ok:
        // sysbench counts a statement with result columns as a read, whatever it returned
        return cb(null, this.isRead ? new RowsResult(r.affectedRows, 0, EMPTY) : new CountResult(r.affectedRows));
      case Outcome.ServerError: {
        const e = new Error(r.message) as Mysql2Error;
        e.errno = r.errno;
        e.sqlState = r.sqlState;
        e.sqlMessage = r.message;
        return cb(toDbError(e), null);
      }
      default: {
        // the reply made no sense: the connection cannot be trusted any more
        this.dead = true;
        this.raw.stream.destroy();
        const e = new Error(`lean execute: ${r.message}`) as Mysql2Error;
        e.fatal = true;
        e.code = 'PROTOCOL_ERROR';
        return cb(toDbError(e), null);
      }
    }
  }

  private fail(): void {
    this.dead = true;
    const cb = this.cb;
    if (cb === null) return;
    this.cb = null;
    cb(toDbError(lostError()), null);
  }

  /** The connection is being closed (for SYSBENCH_TS_MYSQL_LEAN=report). */
  closing(): void {
    if (REPORT) report(`lean: ${this.leanRuns} lean, ${this.mysql2Runs} mysql2\n${this.dropped > 0 ? `lean: ${this.dropped} result sets dropped\n` : ''}`);
  }

  private readonly onClose = (): void => this.fail();
  private readonly onError = (): void => {
    // mysql2 saw a fatal socket error (it closes the connection)
    if (this.cb !== null) this.fail();
  };
}

/** A prepared statement's lean half: its COM_STMT_EXECUTE packet, rebuilt for each call. */
export class LeanStatement {
  private packet: ExecutePacket | null = null;
  private readonly hints: (IntHint | null)[];

  constructor(private readonly wire: LeanWire, private readonly info: Mysql2StatementInfo, readonly isRead: boolean) {
    this.hints = (info.parameters ?? []).map((p) => intHint(p.columnType, p.flags));
  }

  /** Runs the statement; false when mysql2 should run this call instead. */
  execute(values: readonly unknown[], cb: DbCallback<DbResult>, dropRows = false): boolean {
    return this.wire.run(this, values, cb, dropRows);
  }

  /** The packet for `values`, or null when mysql2 must send it. */
  packetFor(values: readonly unknown[]): ExecutePacket | null {
    // mysql2 sends as many parameters as it is given values
    const n = values.length;
    let p = this.packet;
    if (p === null || p.paramCount !== n) {
      const hints = this.hints.slice(0, n);
      while (hints.length < n) hints.push(null);
      p = this.packet = new ExecutePacket(this.info.id, n, hints, this.wire.queryAttributes);
    }
    return p.build(values) ? p : null;
  }
}
