// The protocol exchanges of sysbench's libpq calls, written as pg "submittables": pg's
// Client runs the connection (startup, authentication, TLS) and its message stream, and
// hands every reply message of the exchange in flight to it; each exchange writes its own
// messages, so no pg Query/Result objects are built. These are pg internals (pinned
// version; test/pgsql-pg-internals.test.ts checks them): the handle* callbacks, the
// `callback` property, and the Connection methods of PgWire.
import type { DbCallback, DbResult } from '../driver.js';
import { CountResult, RowsResult } from '../result.js';
import { cmdTuples, emptyQuery, toPgError, type PgError } from './libpq-texts.js';

type Row = (string | null)[];

/** pg's internal Connection: the protocol messages we write. */
export interface PgWire {
  stream: { cork?: () => void; uncork?: () => void; write(buf: Buffer): boolean };
  query(text: string): void;
  parse(msg: { name: string; text: string; types: number[] }): void;
  sync(): void;
  sendCopyFail(msg: string): void;
}

/** Who runs the exchanges: told when one is over (err: its error, if any). */
export interface OpRunner {
  finished(op: Op, err: unknown): void;
}

/** One protocol exchange, ending at ReadyForQuery. pg's Client drives it (its "submittable"). */
export abstract class Op {
  // pg's Client looks at these
  callback: undefined;
  // the last statement's reply (PQexec keeps the last result of a multi-statement string)
  protected tuples = false;
  protected rowDesc = false;
  protected nfields = 0;
  protected rows: Row[] | null = null;
  protected tag = '';
  protected empty = false;
  runner!: OpRunner;
  /** whether an ignorable error of this exchange is followed by a ROLLBACK (PQexec, PQexecPrepared) */
  readonly rollsBack: boolean = false;

  abstract submit(connection: PgWire): null;

  protected reset(): void {
    this.tuples = false;
    this.rowDesc = false;
    this.nfields = 0;
    this.rows = null;
    this.tag = '';
    this.empty = false;
  }

  handleRowDescription(msg: { fields: unknown[] }): void {
    this.rowDesc = true;
    this.nfields = msg.fields.length;
    this.rows = [];
  }
  handleDataRow(msg: { fields: Row }): void {
    if (this.rows !== null) this.rows.push(msg.fields);
  }
  handleCommandComplete(msg: { text: string }): void {
    this.tuples = this.rowDesc;
    this.rowDesc = false;
    this.tag = msg.text;
    this.empty = false;
  }
  handleEmptyQuery(): void {
    this.empty = true;
  }
  handlePortalSuspended(): void { /* never asked for */ }
  handleCopyInResponse(connection: PgWire): void {
    connection.sendCopyFail('No source stream defined');
  }
  handleCopyData(): void { /* discarded */ }
  handleError(err: unknown): void {
    this.runner.finished(this, err);
  }
  handleReadyForQuery(): void {
    this.runner.finished(this, null);
  }

  /** Called once the exchange is over (err: its error, if any). */
  abstract complete(err: unknown): void;

  protected result(): DbResult | null {
    if (this.empty) return null;
    if (this.tuples) {
      const rows = this.rows ?? [];
      return new RowsResult(rows.length, this.nfields, rows);
    }
    return new CountResult(cmdTuples(this.tag));
  }
}

/** Describe (unnamed portal), Execute (unnamed portal, all rows), Sync */
const EXEC_TAIL = Buffer.from([
  0x44, 0, 0, 0, 6, 0x50, 0,
  0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0,
  0x53, 0, 0, 0, 4,
]);

/** PQexec(): a simple-protocol query. */
export class QueryOp extends Op {
  override readonly rollsBack = true;
  text = '';
  cb: DbCallback<DbResult> | null = null;
  busy = false;

  start(text: string, cb: DbCallback<DbResult>): this {
    this.reset();
    this.text = text;
    this.cb = cb;
    this.busy = true;
    return this;
  }
  submit(connection: PgWire): null {
    connection.query(this.text);
    return null;
  }
  complete(err: unknown): void {
    const cb = this.cb!;
    this.cb = null;
    this.busy = false;
    if (err !== null) return cb(toPgError(err, 'PQexec', this.text, this.text), null);
    const r = this.result();
    if (r === null) return cb(emptyQuery('PQexec', this.text), null);
    cb(null, r);
  }
}

/** PQprepare(): Parse + Sync. */
export class ParseOp extends Op {
  // (no `name` property: pg's Client would start its own bookkeeping of named statements)
  constructor(
    private readonly stmtName: string,
    private readonly text: string,
    private readonly types: number[],
    private readonly cb: (err: PgError | null) => void,
  ) {
    super();
  }
  submit(connection: PgWire): null {
    connection.stream.cork?.();
    connection.parse({ name: this.stmtName, text: this.text, types: this.types });
    connection.sync();
    connection.stream.uncork?.();
    return null;
  }
  complete(err: unknown): void {
    this.cb(err === null ? null : toPgError(err, 'PQprepare', null, this.text));
  }
}

/** PQexecPrepared(): Bind + Describe + Execute + Sync. */
export class ExecOp extends Op {
  override readonly rollsBack = true;
  cb: DbCallback<DbResult> | null = null;
  busy = false;
  /** Bind's fixed start: unnamed portal, the statement's name, no parameter format codes (all text) */
  private readonly head: Buffer;

  constructor(stmtName: string, private readonly values: (string | null)[]) {
    super();
    const name = Buffer.from(stmtName + '\0', 'utf8');
    this.head = Buffer.alloc(1 + name.length + 2);
    name.copy(this.head, 1);
  }
  start(cb: DbCallback<DbResult>): this {
    this.reset();
    this.cb = cb;
    this.busy = true;
    return this;
  }
  /** Bind + Describe(portal) + Execute + Sync in one buffer, one socket write. */
  submit(connection: PgWire): null {
    const values = this.values;
    const head = this.head;
    const n = values.length;
    // Bind: code, length, head, parameter count, values, result format count (0: all text)
    let bindLen = 4 + head.length + 2 + 2;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      bindLen += 4 + (v === null ? 0 : Buffer.byteLength(v, 'utf8'));
    }
    const buf = Buffer.allocUnsafe(1 + bindLen + EXEC_TAIL.length);
    buf[0] = 0x42; // 'B'
    buf.writeInt32BE(bindLen, 1);
    let at = 5 + head.copy(buf, 5);
    buf.writeInt16BE(n, at);
    at += 2;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === null) {
        buf.writeInt32BE(-1, at);
        at += 4;
      } else {
        const len = buf.write(v, at + 4, 'utf8');
        buf.writeInt32BE(len, at);
        at += 4 + len;
      }
    }
    buf.writeInt16BE(0, at);
    EXEC_TAIL.copy(buf, at + 2);
    connection.stream.write(buf);
    return null;
  }
  complete(err: unknown): void {
    const cb = this.cb!;
    this.cb = null;
    this.busy = false;
    if (err !== null) return cb(toPgError(err, 'PQexecPrepared', null, null), null);
    const r = this.result();
    if (r === null) return cb(emptyQuery('PQexecPrepared', null), null);
    cb(null, r);
  }
}

/** The ROLLBACK sysbench sends after an ignorable error, then the error is reported. */
export class RollbackOp extends Op {
  constructor(private readonly then: () => void) { super(); }
  submit(connection: PgWire): null {
    connection.query('ROLLBACK');
    return null;
  }
  override handleError(): void { this.then(); }
  override handleReadyForQuery(): void { this.then(); }
  complete(): void {}
}
