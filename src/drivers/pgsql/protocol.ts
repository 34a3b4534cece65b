// The protocol exchanges of sysbench's libpq calls. Each exchange writes its own messages
// (through pg's Connection, or straight to its stream) and is told about the replies by the
// connection's message reader (connection.ts, wire.ts) until ReadyForQuery. The Connection
// methods used are pg internals (pinned version; test/pgsql-pg-internals.test.ts checks them).
import type { DbCallback, DbResult } from '../driver.js';
import { CountResult } from '../result.js';
import { cmdTuples, emptyQuery, toPgError, type PgError } from './libpq-texts.js';
import { PgRowsResult } from './wire.js';
import { writeDirect } from '../direct-write.js';
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
  protected rows: Buffer[] | null = null;
  /** the result set object and row list, reused by the exchange's next run (a result is valid until the next statement) */
  private rowList: Buffer[] = [];
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
    this.tag = '';
    this.empty = false;
  }

  handleRowDescription(nfields: number): void {
    this.rowDesc = true;
    this.nfields = nfields;
    this.rows = this.rowList;
    this.rows.length = 0;
  }
  /** a DataRow's body (kept as bytes: decoded when the script reads the row) */
  handleDataRow(body: Buffer): void {
    if (this.rows !== null) this.rows.push(body);
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
      r.fill(this.nfields, this.rows ?? this.rowList);
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
    for (let i = 0; i < n; i++) {
      const v = values[i];
      bindLen += 4 + (v === null ? 0 : Buffer.byteLength(v, 'utf8'));
    }
    const size = 1 + bindLen + EXEC_TAIL.length;
    let buf = this.out;
    if (buf === null || buf.length !== size) buf = Buffer.allocUnsafe(size);
    this.out = null;
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
    const stream = connection.stream;
    if (readsOf(stream) === undefined) stream.write(buf);
    // our own socket: straight to its handle; the buffer is ours again once the kernel has it all
    else if (writeDirect(stream as net.Socket, buf)) this.out = buf;
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
  override readonly chained = true;
  constructor(private readonly then: () => void) { super(); }
  submit(connection: PgWire): void {
    connection.query('ROLLBACK');
  }
  complete(): void {
    this.then();
  }
}
