// Multi-row INSERTs as sysbench builds them: one statement per 512 KiB of values. The
// previous statement is still executing while the script generates the next batch (one in
// flight at a time), so client and server work overlap; a failure is reported at the next
// bulk_insert_next() / bulk_insert_done() call.
import { isAscii } from 'node:buffer';
import type { DbConnection, DbError, DbResult } from '../../drivers/driver.js';
import { rowsInserted } from '../inserted-rows.js';

export const BULK_PACKET_SIZE = 512 * 1024;
const COMMA = 44;

export class BulkInsert {
  private readonly buf = Buffer.allocUnsafe(BULK_PACKET_SIZE);
  private len: number;
  private readonly valuesStart: number;
  private count = 0;
  private inFlight = false;
  private failure: DbError | null = null;
  private onIdle: (() => void) | null = null;

  constructor(prefix: Uint8Array) {
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

  /** Sends the buffered rows and empties the buffer; `done` sees the outcome. */
  send(con: DbConnection, done: (err: DbError | null, res: DbResult | null, query: string) => void): void {
    // all ASCII (the stock scripts' rows): latin1 decodes the same text without UTF-8 validation
    const bytes = this.buf.subarray(0, this.len);
    const query = this.buf.toString(isAscii(bytes) ? 'latin1' : 'utf8', 0, this.len);
    const rows = this.count;
    this.len = this.valuesStart;
    this.count = 0;
    this.inFlight = true;
    con.query(query, (err, res) => {
      this.inFlight = false;
      if (err) this.failure = err;
      else rowsInserted(rows);
      done(err, res, query);
      const idle = this.onIdle;
      this.onIdle = null;
      idle?.();
    });
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
