// A PostgreSQL connection: runs sysbench's libpq calls as protocol exchanges, one after the
// other, with the ROLLBACK that follows an ignorable error. pg's Client connects
// (authentication, TLS); then the connection reads the replies from pg's stream itself
// (wire.ts): pg's message parser and its per-message events are left out of the query path.
// A plain connection's socket reads into a buffer of its own (socket.ts), where a result's
// rows stay until the next statement.
import type pg from 'pg';
import type { DbCallback, DbConnection, DbError, DbResult, DbStatement, PsMode, ThreadDraw } from '../driver.js';
import type { Logger } from '../../output.js';
import type { ServerError } from './libpq-texts.js';
import type { Writable } from 'node:stream';
import { whenFlushed } from '../flushed.js';
import { ParseOp, QueryOp, RollbackOp, type Op, type PgWire } from './protocol.js';
import { MessageReader, MSG, parseErrorResponse, parseParameterStatus } from './wire.js';
import { numberPlaceholders, pgQuote } from './params.js';
import { PgStatement, type StatementHost } from './statement.js';
import { readsOf, type SocketReads } from './socket.js';

/** Server settings that change how we write SQL, kept up to date from its ParameterStatus messages. */
export interface ServerSettings {
  /** standard_conforming_strings: backslashes in '...' are plain characters */
  standardStrings: boolean;
}

export interface ConnectionOptions {
  log: Logger;
  psMode: PsMode;
  /** whether errors with this SQLSTATE restart the event (and so are rolled back first) */
  ignores(sqlState: string): boolean;
  /** the connecting thread's generator (statement names) */
  draw: ThreadDraw;
}

export class PgConnection implements DbConnection, StatementHost {
  private busy = false;
  private readonly queue: Op[] = [];
  private readonly simple = new QueryOp();
  readonly log: Logger;
  private readonly wire: PgWire;
  private readonly reader: MessageReader;
  /** our socket's reads (null over TLS: pg's stream then emits 'data' chunks) */
  private readonly reads: SocketReads | null;
  /** the exchange whose replies are arriving */
  private active: Op | null = null;
  /** its ErrorResponse, reported at ReadyForQuery */
  private activeErr: unknown = null;
  /** the socket is closed, or the server sent an error outside an exchange (FATAL) */
  private dead = false;

  constructor(private readonly client: pg.Client, private readonly o: ConnectionOptions, private readonly settings: ServerSettings) {
    this.log = o.log;
    client.on('error', () => { /* surfaced through the statement in flight */ });
    const internals = client as unknown as PgClientInternals;
    this.wire = internals.connection;
    const stream = internals.connection.stream;
    const reader = new MessageReader(this.onMessage);
    this.reader = reader;
    // pg's parser had the 'data' listener: from here on the replies are ours (same tick, so no chunk is missed)
    stream.removeAllListeners('data');
    const reads = readsOf(stream);
    this.reads = reads ?? null;
    if (reads !== undefined) reads.take((buf, n) => reader.push(buf, n));
    else stream.on('data', (chunk: Buffer) => reader.push(chunk));
    stream.on('close', this.onClose);
  }

  private readonly onMessage = (type: number, buf: Buffer, start: number, end: number): void => {
    const op = this.active;
    switch (type) {
      case MSG.DataRow:
        if (op !== null) {
          op.handleDataRow(buf, start);
          // the row stays in the read buffer until the next statement
          if (this.reads !== null) this.reads.lent = true;
        }
        return;
      case MSG.RowDescription:
        if (op !== null) op.handleRowDescription((buf[start] << 8) | buf[start + 1]);
        return;
      case MSG.CommandComplete:
        if (op !== null) op.handleCommandComplete(buf, start, end - 1);
        return;
      case MSG.ReadyForQuery:
        if (op !== null) this.finish(op);
        return;
      case MSG.EmptyQuery:
        if (op !== null) op.handleEmptyQuery();
        return;
      case MSG.ErrorResponse: {
        const err = parseErrorResponse(buf, start, end);
        if (op !== null) {
          if (this.activeErr === null) this.activeErr = err;
        } else {
          // outside an exchange (e.g. FATAL on shutdown): pg's Client is no longer queryable then
          this.dead = true;
        }
        return;
      }
      case MSG.ParameterStatus:
        (this.wire as unknown as PgClientInternals['connection']).emit('parameterStatus', parseParameterStatus(buf, start, end));
        return;
      case MSG.CopyInResponse:
        if (op !== null) op.handleCopyInResponse(this.wire);
        return;
      default:
        // ParseComplete, BindComplete, NoData, notices (sysbench silences them), notifications, COPY TO data
        return;
    }
  };

  /** The socket closed: the exchange in flight fails (with the server's error if it sent one). */
  private readonly onClose = (): void => {
    this.dead = true;
    this.reader.clear();
    const op = this.active;
    if (op === null) return;
    const err = this.activeErr ?? new Error('Connection terminated unexpectedly');
    this.active = null;
    this.activeErr = null;
    this.finished(op, err);
  };

  private finish(op: Op): void {
    const err = this.activeErr;
    this.active = null;
    this.activeErr = null;
    this.finished(op, err);
  }

  /** Writes `op`'s messages; its replies go to it. */
  private submit(op: Op): void {
    if (this.dead) {
      // as pg's Client answers once its connection failed
      process.nextTick(() => this.finished(op, new Error('Client has encountered a connection error and is not queryable')));
      return;
    }
    this.active = op;
    this.activeErr = null;
    // the previous result is no longer valid: its rows' buffer may take reads again
    if (this.reads !== null) this.reads.lent = false;
    op.submit(this.wire);
  }

  /** Submits `op` now, or after the exchanges before it. */
  run(op: Op): void {
    if (this.busy) {
      this.queue.push(op);
      return;
    }
    this.busy = true;
    this.submit(op);
  }

  /** An exchange is over: start the next one, then report this one. */
  private finished(op: Op, err: unknown): void {
    if (op.chained) return op.complete(err);
    if (err !== null && op.rollsBack) {
      const { code, severity } = err as ServerError;
      if (severity !== undefined && typeof code === 'string' && this.o.ignores(code)) {
        // the transaction is aborted: sysbench rolls it back before reporting the error
        this.submit(new RollbackOp(() => this.advance(op, err)));
        return;
      }
    }
    this.advance(op, err);
  }

  private advance(op: Op, err: unknown): void {
    const next = this.queue.shift();
    if (next !== undefined) this.submit(next);
    else this.busy = false;
    op.complete(err);
  }

  query(sql: string, cb: DbCallback<DbResult>): void {
    const op = this.simple.busy ? new QueryOp() : this.simple;
    this.run(op.start(sql, cb));
  }

  prepare(sql: string, cb: DbCallback<DbStatement>): void {
    if (this.o.psMode === 'disable') return cb(null, null);
    const { text, count } = numberPlaceholders(sql);
    // "sbstmt" and two draws of the thread's generator, the second one first
    const first = this.o.draw() | 0;
    const second = this.o.draw() | 0;
    const name = `sbstmt${second}${first}`;
    if (count > 0) return cb(null, new PgStatement(this, sql, count, name, text, false));
    // without parameters there are no types to wait for: prepared right away
    this.run(new ParseOp(name, text, [], (err) => {
      if (err !== null) return cb(err, null);
      cb(null, new PgStatement(this, sql, 0, name, text, true));
    }));
  }

  quote(value: string): string {
    return pgQuote(value, this.settings.standardStrings);
  }

  /** never called: the driver has no reconnect (canReconnect) */
  reconnect(cb: (err: DbError | null) => void): void {
    cb(null);
  }

  whenSent(cb: () => void): void {
    whenFlushed(this.wire.stream as unknown as Writable, cb);
  }

  close(cb: () => void): void {
    this.dead = true;
    this.client.end(() => cb());
  }
}

/** pg internals used here (checked by test/e2e/pgsql/pgsql-pg-internals.test.ts) */
interface PgClientInternals {
  connection: PgWire & {
    stream: PgWire['stream'] & NodeJS.EventEmitter;
    emit(event: 'parameterStatus', msg: { parameterName: string; parameterValue: string }): boolean;
  };
}
