// Multi-row INSERTs as sysbench builds them: one statement per 512 KiB of values. The
// previous statement is still executing while the script generates the next batch (one in
// flight at a time), so client and server work overlap; a failure is reported at the next
// bulk_insert_next() / bulk_insert_done() call. Statements go to the driver as bytes where it
// takes them (no 512 KiB JS string per statement).
import { isAscii } from 'node:buffer';
import type { DbConnection, DbError, DbResult } from '../../drivers/driver.js';
import { rowsInserted } from '../inserted-rows.js';

export const BULK_PACKET_SIZE = 512 * 1024;
const COMMA = 44;

/** The text of a statement's bytes (the stock scripts' rows are ASCII: latin1 reads them without UTF-8 validation). */
function statementText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

export class BulkInsert {
  // two buffers in turn: the rows of the statement in flight stay as they were sent (its text
  // is needed only if it fails) while the script fills the other one
  private buf: Buffer = Buffer.allocUnsafe(BULK_PACKET_SIZE);
  private other: Buffer | null = null;
  private len: number;
  private readonly valuesStart: number;
  private count = 0;
  private inFlight = false;
  private failure: DbError | null = null;
  private onIdle: (() => void) | null = null;

  constructor(private readonly prefix: Uint8Array) {
    this.buf.set(prefix, 0);
    this.len = this.valuesStart = prefix.length;
  }

  get rows(): number {
    return this.count;
  }

  /** whether a row of `n` bytes still fits (sysbench's check, separator and NUL included) */
  fits(n: number): boolean {
    return this.len + n + 1 + (this.count > 0 ? 1 : 0) <= BULK_PACKET_SIZE;
  }

  append(row: Uint8Array): void {
    if (this.count > 0) this.buf[this.len++] = COMMA;
    this.buf.set(row, this.len);
    this.len += row.length;
    this.count++;
  }

  /** Sends the buffered rows and empties the buffer; `done` sees the outcome (and, on failure, the statement's text). */
  send(con: DbConnection, done: (err: DbError | null, res: DbResult | null, query: string) => void): void {
    const sending = this.buf;
    const sent = sending.subarray(0, this.len);
    const rows = this.count;
    if (this.other === null) {
      this.other = Buffer.allocUnsafe(BULK_PACKET_SIZE);
      this.other.set(this.prefix, 0);
    }
    this.buf = this.other;
    this.other = sending;
    this.len = this.valuesStart;
    this.count = 0;
    this.inFlight = true;
    const cb = (err: DbError | null, res: DbResult | null): void => {
      this.inFlight = false;
      if (err) this.failure = err;
      else rowsInserted(rows);
      done(err, res, err ? statementText(sent) : '');
      const idle = this.onIdle;
      this.onIdle = null;
      idle?.();
    };
    if (con.queryBytes !== undefined) con.queryBytes(sent, cb);
    else con.query(statementText(sent), cb);
  }

  /** Calls `cb` once no statement is in flight. */
  whenIdle(cb: () => void): void {
    if (this.inFlight) this.onIdle = cb;
    else cb();
  }

  /** The failure of the last statement sent, once (then cleared). */
  takeFailure(): DbError | null {
    const f = this.failure;
    this.failure = null;
    return f;
  }
}
