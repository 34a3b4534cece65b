// The protocol exchanges of sysbench's libpq calls. Each exchange writes its own messages
// (through pg's Connection, or straight to its stream) and is told about the replies by the
// connection's message reader (connection.ts, wire.ts) until ReadyForQuery. The Connection
// methods used are pg internals (pinned version; test/e2e/pgsql/pgsql-pg-internals.test.ts checks them).
import type { DbCallback, DbResult } from '../driver.js';
import { CountResult } from '../result.js';
import { cmdTuples, emptyQuery, toPgError, type PgError } from './libpq-texts.js';
import { PgRowsResult } from './wire.js';
import { writeQuery } from '../direct-write.js';
import { isAsciiText, writeAscii } from '../ascii.js';
import { readsOf } from './socket.js';
import type net from 'node:net';

/** pg's internal Connection: the protocol messages we write. */
export interface PgWire {
  stream: { cork?: () => void; uncork?: () => void; write(buf: Buffer): boolean };
  query(text: string): void;
  parse(msg: { name: string; text: string; types: number[] }): void;
  sync(): void;
  sendCopyFail(msg: string): void;
}

/** One protocol exchange, ending at ReadyForQuery (or when the connection is lost). */
export abstract class Op {
  // the last statement's reply (PQexec keeps the last result of a multi-statement string)
  protected tuples = false;
  protected rowDesc = false;
  protected nfields = 0;
  /** [buffer, body start] of each DataRow, while a RowDescription's rows come (else null) */
  protected rows: unknown[] | null = null;
  protected nrows = 0;
  /** the result set object and row list, reused by the exchange's next run (a result is valid until the next statement) */
  private rowList: unknown[] = [];
  private rowsResult: PgRowsResult | null = null;
  protected tag = '';
  protected empty = false;
  /** whether an ignorable error of this exchange is followed by a ROLLBACK (PQexec, PQexecPrepared) */
  readonly rollsBack: boolean = false;
  /** part of another exchange's ending (the ROLLBACK after an ignorable error): only complete() is called */
  readonly chained: boolean = false;

  abstract submit(connection: PgWire): void;

  protected reset(): void {
    this.tuples = false;
    this.rowDesc = false;
    this.nfields = 0;
    this.rows = null;
    this.nrows = 0;
    this.tag = '';
    this.empty = false;
  }

  handleRowDescription(nfields: number): void {
    this.rowDesc = true;
    this.nfields = nfields;
    // refilled from the start (entries past nrows are stale); a big result's list is let go
    if (this.rowList.length > 2048) this.rowList = [];
    this.rows = this.rowList;
    this.nrows = 0;
  }
  /** a DataRow's body, buf[start...] (kept as bytes: decoded when the script reads the row) */
  handleDataRow(buf: Buffer, start: number): void {
    const rows = this.rows;
    if (rows === null) return;
    const at = 2 * this.nrows++;
    rows[at] = buf;
    rows[at + 1] = start;
  }
  /** the command tag is buf[start, end); only a statement without rows needs it (its row count) */
  handleCommandComplete(buf: Buffer, start: number, end: number): void {
    this.tuples = this.rowDesc;
    this.rowDesc = false;
    this.tag = this.tuples ? '' : buf.toString('utf8', start, end);
    this.empty = false;
  }
  handleEmptyQuery(): void {
    this.empty = true;
  }
  handleCopyInResponse(connection: PgWire): void {
    connection.sendCopyFail('No source stream defined');
  }

  /** Called once the exchange is over (err: its error, if any). */
  abstract complete(err: unknown): void;

  protected result(): DbResult | null {
    if (this.empty) return null;
    if (this.tuples) {
      const r = this.rowsResult ??= new PgRowsResult();
      r.fill(this.nfields, this.rows === null ? 0 : this.nrows, this.rows ?? this.rowList);
      return r;
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
  submit(connection: PgWire): void {
    connection.query(this.text);
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
  constructor(
    private readonly stmtName: string,
    private readonly text: string,
    private readonly types: number[],
    private readonly cb: (err: PgError | null) => void,
  ) {
    super();
  }
  submit(connection: PgWire): void {
    connection.stream.cork?.();
    connection.parse({ name: this.stmtName, text: this.text, types: this.types });
    connection.sync();
    connection.stream.uncork?.();
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
  /** the last query's bytes, when the socket no longer needs them (the next query of the same size reuses them) */
  private out: Buffer | null = null;
  /** per parameter of the query being built: 1 when its text is all ASCII */
  private ascii = new Uint8Array(0);

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
  submit(connection: PgWire): void {
    const values = this.values;
    const head = this.head;
    const n = values.length;
    // Bind: code, length, head, parameter count, values, result format count (0: all text)
    let bindLen = 4 + head.length + 2 + 2;
    const ascii = this.ascii.length >= n ? this.ascii : (this.ascii = new Uint8Array(n));
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === null) {
        bindLen += 4;
      } else {
        ascii[i] = isAsciiText(v) ? 1 : 0;
        bindLen += 4 + (ascii[i] === 1 ? v.length : Buffer.byteLength(v, 'utf8'));
      }
    }
    const size = 1 + bindLen + EXEC_TAIL.length;
    let buf = this.out;
    if (buf === null || buf.length !== size) buf = Buffer.allocUnsafe(size);
    this.out = null;
    // byte by byte: Buffer's copy/writeInt32BE check their arguments and make views, which
    // costs more than these few bytes
    buf[0] = 0x42; // 'B'
    let at = putInt32(buf, 1, bindLen);
    for (let i = 0; i < head.length; i++) buf[at++] = head[i];
    buf[at++] = (n >> 8) & 0xff;
    buf[at++] = n & 0xff;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === null) {
        at = putInt32(buf, at, -1);
      } else if (ascii[i] === 1) {
        at = writeAscii(buf, putInt32(buf, at, v.length), v);
      } else {
        const len = buf.write(v, at + 4, 'utf8');
        putInt32(buf, at, len);
        at += 4 + len;
      }
    }
    buf[at++] = 0;
    buf[at++] = 0;
    for (let i = 0; i < EXEC_TAIL.length; i++) buf[at++] = EXEC_TAIL[i];
    const stream = connection.stream;
    if (readsOf(stream) === undefined) stream.write(buf);
    // our own socket: straight to its handle (direct-write.ts); the buffer is ours again when
    // writeQuery says so
    else if (writeQuery(stream as net.Socket, buf)) this.out = buf;
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

/** Writes `v` as a big-endian int32 at buf[at]; returns the offset after it. */
function putInt32(buf: Buffer, at: number, v: number): number {
  buf[at] = (v >>> 24) & 0xff;
  buf[at + 1] = (v >>> 16) & 0xff;
  buf[at + 2] = (v >>> 8) & 0xff;
  buf[at + 3] = v & 0xff;
  return at + 4;
}

/** The ROLLBACK sysbench sends after an ignorable error, then the error is reported. */
export class RollbackOp extends Op {
  override readonly chained = true;
  constructor(private readonly then: () => void) { super(); }
  submit(connection: PgWire): void {
    connection.query('ROLLBACK');
  }
  complete(): void {
    this.then();
  }
}
