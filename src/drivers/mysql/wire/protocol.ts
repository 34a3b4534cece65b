// The few pieces of the MySQL client/server protocol the lean execute path speaks: packet
// framing, COM_STMT_EXECUTE and its reply (OK, ERR, EOF, binary result sets).

/** a packet's payload length is 3 bytes: a payload of this length continues in the next packet */
export const MAX_PAYLOAD = 0xffffff;

export const COM_STMT_EXECUTE = 0x17;

// capability flags (both sides must have them)
export const CLIENT_QUERY_ATTRIBUTES = 1 << 27;
export const CLIENT_DEPRECATE_EOF = 1 << 24;

// COM_STMT_EXECUTE flags
export const CURSOR_TYPE_NO_CURSOR = 0;
export const PARAMETER_COUNT_AVAILABLE = 0x08;

// server status flags (OK and EOF packets)
export const SERVER_MORE_RESULTS_EXISTS = 0x0008;

// first byte of a reply packet
export const OK_HEADER = 0x00;
export const EOF_HEADER = 0xfe;
export const ERR_HEADER = 0xff;
export const LOCAL_INFILE_HEADER = 0xfb;

// column flags
export const UNSIGNED_FLAG = 0x20;

/** the binary character set: such strings are bytes */
export const BINARY_CHARSET = 63;

/** column and parameter types (the MYSQL_TYPE_* numbers) */
export const T = {
  DECIMAL: 0,
  TINY: 1,
  SHORT: 2,
  LONG: 3,
  FLOAT: 4,
  DOUBLE: 5,
  NULL: 6,
  TIMESTAMP: 7,
  LONGLONG: 8,
  INT24: 9,
  DATE: 10,
  TIME: 11,
  DATETIME: 12,
  YEAR: 13,
  NEWDATE: 14,
  VARCHAR: 15,
  BIT: 16,
  VECTOR: 242,
  JSON: 245,
  NEWDECIMAL: 246,
  ENUM: 247,
  SET: 248,
  TINY_BLOB: 249,
  MEDIUM_BLOB: 250,
  LONG_BLOB: 251,
  BLOB: 252,
  VAR_STRING: 253,
  STRING: 254,
  GEOMETRY: 255,
} as const;

/** Bytes a length-encoded integer takes. */
export function lenencSize(n: number): number {
  return n < 251 ? 1 : n < 0x10000 ? 3 : n < 0x1000000 ? 4 : 9;
}

/** Writes length-encoded integer `n` at `o`; returns the offset after it. */
export function writeLenenc(b: Buffer, o: number, n: number): number {
  if (n < 251) {
    b[o] = n;
    return o + 1;
  }
  if (n < 0x10000) {
    b[o] = 0xfc;
    b[o + 1] = n & 0xff;
    b[o + 2] = n >>> 8;
    return o + 3;
  }
  if (n < 0x1000000) {
    b[o] = 0xfd;
    b[o + 1] = n & 0xff;
    b[o + 2] = (n >>> 8) & 0xff;
    b[o + 3] = n >>> 16;
    return o + 4;
  }
  b[o] = 0xfe;
  b.writeUInt32LE(n % 0x100000000, o + 1);
  b.writeUInt32LE(Math.floor(n / 0x100000000), o + 5);
  return o + 9;
}

/**
 * A cursor over a packet payload, for the few variable-length fields read here. `pos` is
 * shared state: readers advance it.
 */
export class Cursor {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;

  at(buf: Buffer, pos: number): this {
    this.buf = buf;
    this.pos = pos;
    return this;
  }

  /** A length-encoded integer; -1 for the NULL marker (0xfb). */
  lenenc(): number {
    const b = this.buf;
    const first = b[this.pos++];
    if (first < 251) return first;
    if (first === 0xfb) return -1;
    if (first === 0xfc) {
      const v = b[this.pos] | (b[this.pos + 1] << 8);
      this.pos += 2;
      return v;
    }
    if (first === 0xfd) {
      const v = b[this.pos] | (b[this.pos + 1] << 8) | (b[this.pos + 2] << 16);
      this.pos += 3;
      return v;
    }
    const v = b.readUInt32LE(this.pos) + b.readUInt32LE(this.pos + 4) * 0x100000000;
    this.pos += 8;
    return v;
  }

  /** Skips a length-encoded string. */
  skipLenencString(): void {
    const n = this.lenenc();
    if (n > 0) this.pos += n;
  }
}
