// A binary result set as the lean reader leaves it: references to the column definition and
// row packets, decoded only when a row is asked for. Values come out as mysql2 3.24 gives them
// with the driver's options (supportBigNumbers + bigNumberStrings, dateStrings, no
// decimalNumbers, rowsAsArray): BIGINT as decimal text, DECIMAL as text, dates and times as
// text, binary strings as Buffers, other strings decoded from their character set. The rare
// types (JSON, GEOMETRY, VECTOR, strings in a character set other than UTF-8) go through
// mysql2's own packet readers, so they stay exactly what mysql2 makes of them.
import { SbCounter } from '../../../stats/counters.js';
import type { DbResult } from '../../driver.js';
import { BINARY_CHARSET, Cursor, T, UNSIGNED_FLAG } from './protocol.js';
import { mysql2Decoding } from '../mysql2/internals.js';

/** What decoding needs of a column definition. */
interface Column {
  type: number;
  flags: number;
  decimals: number;
  charset: number;
  /** MariaDB's extended metadata "format" (json) */
  json: boolean;
}

const cursor = new Cursor();

function parseColumn(buf: Buffer, start: number, extendedMetadata: boolean): Column {
  const c = cursor.at(buf, start);
  for (let i = 0; i < 6; i++) c.skipLenencString(); // catalog, schema, table, org_table, name, org_name
  let json = false;
  if (extendedMetadata) {
    const n = c.lenenc();
    const end = c.pos + Math.max(0, n);
    while (c.pos < end) {
      const id = buf[c.pos++];
      const len = c.lenenc();
      if (id === 1 && len === 4 && buf.toString('latin1', c.pos, c.pos + 4) === 'json') json = true;
      c.pos += Math.max(0, len);
    }
    c.pos = end;
  }
  const p = c.pos + 1; // length of the fixed fields (0x0c)
  return {
    charset: buf.readUInt16LE(p),
    type: buf[p + 6],
    flags: buf.readUInt16LE(p + 7),
    decimals: buf[p + 9],
    json,
  };
}

const ZERO_DATE = '0000-00-00';

function pad(n: number, width: number): string {
  const s = String(n);
  return s.length >= width ? s : '000000000000'.slice(0, width - s.length) + s;
}

/** mysql2's readDateTimeString(decimals, ' ', type) */
function dateTimeText(b: Buffer, o: number, col: Column): string {
  const len = b[o++];
  let s = ZERO_DATE;
  if (len > 3) s = `${pad(b.readUInt16LE(o), 4)}-${pad(b[o + 2], 2)}-${pad(b[o + 3], 2)}`;
  if (len > 6) s += ` ${pad(b[o + 4], 2)}:${pad(b[o + 5], 2)}:${pad(b[o + 6], 2)}`;
  else if (col.type === T.DATETIME || col.type === T.TIMESTAMP) s += ' 00:00:00';
  if (len > 10) {
    const us = b.readUInt32LE(o + 7);
    let frac = String(us);
    if (col.decimals) {
      frac = pad(us, 6);
      if (frac.length > col.decimals) frac = frac.substring(0, col.decimals);
    }
    s += '.' + frac;
  }
  return s;
}

/** mysql2's readTimeString() */
function timeText(b: Buffer, o: number): string {
  const len = b[o++];
  if (len === 0) return '00:00:00';
  const negative = b[o] !== 0;
  let d = 0;
  let h = 0;
  let m = 0;
  let s = 0;
  let us = 0;
  if (len > 6) {
    d = b.readUInt32LE(o + 1);
    h = b[o + 5];
    m = b[o + 6];
    s = b[o + 7];
  }
  if (len > 10) us = b.readUInt32LE(o + 8);
  return (negative ? '-' : '') + `${pad(d * 24 + h, 2)}:${pad(m, 2)}:${pad(s, 2)}` + (us ? `.${pad(us, 6)}`.replace(/0+$/, '') : '');
}

/** A result set: `nrows` rows of `nfields` columns. */
export class LeanRows implements DbResult {
  readonly counter = SbCounter.Read;
  private columns: Column[] | null = null;
  private at: Cursor | null = null;

  /**
   * `cols` and `rows` hold [buffer, payload start, payload end] triples of the column
   * definition and row packets.
   */
  constructor(
    readonly nrows: number,
    readonly nfields: number,
    private readonly cols: unknown[],
    private readonly rows: unknown[],
    private readonly extendedMetadata: boolean,
  ) {}

  row(i: number): readonly unknown[] | null {
    if (i < 0 || i >= this.nrows) return null;
    const cols = this.columns ?? (this.columns = this.parseColumns());
    const rows = this.rows;
    const buf = rows[3 * i] as Buffer;
    const start = rows[3 * i + 1] as number;
    const n = this.nfields;
    const out = new Array<unknown>(n);
    // header byte, then the NULL bitmap (its first two bits are reserved)
    const bitmap = start + 1;
    const c = (this.at ??= new Cursor()).at(buf, bitmap + ((n + 9) >> 3));
    for (let j = 0; j < n; j++) {
      const bit = j + 2;
      if (buf[bitmap + (bit >> 3)] & (1 << (bit & 7))) out[j] = null;
      else out[j] = this.value(c, cols[j]);
    }
    return out;
  }

  private parseColumns(): Column[] {
    const cols = this.cols;
    const out: Column[] = [];
    for (let j = 0; j < this.nfields; j++) out.push(parseColumn(cols[3 * j] as Buffer, cols[3 * j + 1] as number, this.extendedMetadata));
    return out;
  }

  /** The value at the cursor (advanced past it). */
  private value(c: Cursor, col: Column): unknown {
    const b = c.buf;
    const o = c.pos;
    const unsigned = (col.flags & UNSIGNED_FLAG) !== 0;
    if (col.json) return mysql2Decoding.read(c, 'json', col.charset);
    switch (col.type) {
      case T.TINY:
        c.pos = o + 1;
        return unsigned ? b[o] : b.readInt8(o);
      case T.SHORT:
        c.pos = o + 2;
        return unsigned ? b.readUInt16LE(o) : b.readInt16LE(o);
      case T.YEAR:
        c.pos = o + 2;
        return b.readUInt16LE(o);
      case T.LONG:
      case T.INT24:
        c.pos = o + 4;
        return unsigned ? b.readUInt32LE(o) : b.readInt32LE(o);
      case T.LONGLONG:
        c.pos = o + 8;
        return (unsigned ? b.readBigUInt64LE(o) : b.readBigInt64LE(o)).toString();
      case T.FLOAT:
        c.pos = o + 4;
        return b.readFloatLE(o);
      case T.DOUBLE:
        c.pos = o + 8;
        return b.readDoubleLE(o);
      case T.NULL:
        return null;
      case T.DATE:
      case T.DATETIME:
      case T.TIMESTAMP:
      case T.NEWDATE:
        c.pos = o + 1 + b[o];
        return dateTimeText(b, o, col);
      case T.TIME:
        c.pos = o + 1 + b[o];
        return timeText(b, o);
      case T.DECIMAL:
      case T.NEWDECIMAL: {
        const len = c.lenenc();
        if (len < 0) return null;
        c.pos += len;
        return b.toString('latin1', c.pos - len, c.pos);
      }
      case T.GEOMETRY:
        return mysql2Decoding.read(c, 'geometry', col.charset);
      case T.VECTOR:
        return mysql2Decoding.read(c, 'vector', col.charset);
      case T.JSON:
        return mysql2Decoding.read(c, 'jsonType', col.charset);
      default: {
        if (col.charset !== BINARY_CHARSET && !mysql2Decoding.isUtf8(col.charset)) return mysql2Decoding.read(c, 'string', col.charset);
        const len = c.lenenc();
        if (len < 0) return null;
        c.pos += len;
        return col.charset === BINARY_CHARSET ? b.subarray(c.pos - len, c.pos) : b.toString('utf8', c.pos - len, c.pos);
      }
    }
  }
}
