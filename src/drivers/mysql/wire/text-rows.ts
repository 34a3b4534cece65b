// A text-protocol result set (the reply to a COM_QUERY the lean path sent), decoded only when a
// row is asked for. Each value is the server's own text as bytes, as libmysqlclient hands it
// to sysbench (which shows every column as a string): no typing through JavaScript numbers
// and back, so DOUBLE, JSON or dates read exactly as the server wrote them.
import { SbCounter } from '../../../stats/counters.js';
import type { DbResult } from '../../driver.js';
import { Cursor } from './protocol.js';

export class TextRows implements DbResult {
  readonly counter = SbCounter.Read;
  private at: Cursor | null = null;

  /** `rows` holds [buffer, payload start, payload end] triples of the row packets. */
  constructor(readonly nrows: number, readonly nfields: number, private readonly rows: unknown[]) {}

  row(i: number): readonly unknown[] | null {
    if (i < 0 || i >= this.nrows) return null;
    const rows = this.rows;
    const buf = rows[3 * i] as Buffer;
    const c = (this.at ??= new Cursor()).at(buf, rows[3 * i + 1] as number);
    const out = new Array<unknown>(this.nfields);
    for (let j = 0; j < out.length; j++) {
      const len = c.lenenc();
      if (len < 0) {
        out[j] = null;
        continue;
      }
      out[j] = buf.subarray(c.pos, c.pos + len);
      c.pos += len;
    }
    return out;
  }
}
