// COM_STMT_EXECUTE, written into a buffer the statement reuses. Values are sent with the types
// mysql2 3.24 would give them, so the server sees the same statement either way:
//   null                    NULL
//   number                  DOUBLE; an integer type when the server described the parameter
//                           as TINY/SHORT/LONG/LONGLONG and the value is a safe integer in range
//   boolean                 TINY (or the integer type of the description, as above)
//   bigint                  the described integer type when in range, else its decimal text
//   string                  VAR_STRING, UTF-8
//   Buffer                  BLOB (bytes as they are)
//   other Uint8Array        VAR_STRING (bytes as they are)
// Anything else (undefined, Date, objects) is left to mysql2: build() returns false.
import { isAsciiText, writeAscii } from '../../ascii.js';
import {
  COM_STMT_EXECUTE, CURSOR_TYPE_NO_CURSOR, MAX_PAYLOAD, PARAMETER_COUNT_AVAILABLE, T, lenencSize, writeLenenc,
} from './protocol.js';

/** An integer type the server described a parameter with (mysql2 adopts it for integers). */
export interface IntHint {
  type: number;
  bytes: number;
  unsigned: boolean;
}

const HINT_BYTES: Record<number, number> = { [T.TINY]: 1, [T.SHORT]: 2, [T.LONG]: 4, [T.LONGLONG]: 8 };

/** The hint for a parameter described with `columnType` and `flags`, or null. */
export function intHint(columnType: number, flags: number): IntHint | null {
  const bytes = HINT_BYTES[columnType];
  return bytes === undefined ? null : { type: columnType, bytes, unsigned: (flags & 0x20) !== 0 };
}

// a number's 8 bytes, little-endian (numbers go as DOUBLE unless the server typed the
// parameter), through a scratch array: Buffer's writeDoubleLE checks its arguments and costs
// ~140 instructions a number
const F64 = new Float64Array(1);
const F64_BYTES = new Uint8Array(F64.buffer);
const HOST_LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function writeDouble(b: Buffer, o: number, v: number): void {
  F64[0] = v;
  const s = F64_BYTES;
  if (HOST_LE) {
    b[o] = s[0]; b[o + 1] = s[1]; b[o + 2] = s[2]; b[o + 3] = s[3];
    b[o + 4] = s[4]; b[o + 5] = s[5]; b[o + 6] = s[6]; b[o + 7] = s[7];
  } else {
    for (let k = 0; k < 8; k++) b[o + k] = s[7 - k];
  }
}

function hintFits(h: IntHint, n: number): boolean {
  if (!Number.isSafeInteger(n)) return false;
  if (h.bytes === 8) return h.unsigned ? n >= 0 : true;
  const bits = h.bytes * 8;
  return h.unsigned ? n >= 0 && n < 2 ** bits : n >= -(2 ** (bits - 1)) && n < 2 ** (bits - 1);
}

function bigHintFits(h: IntHint, n: bigint): boolean {
  const bits = BigInt(h.bytes * 8);
  return h.unsigned ? n >= 0n && n < (1n << bits) : n >= -(1n << (bits - 1n)) && n < (1n << (bits - 1n));
}

// how each parameter is written (pass 1 decides, pass 2 writes)
const K_NULL = 0;
const K_DOUBLE = 1;
const K_INT = 2; // hinted integer (number or boolean)
const K_TINY = 3; // boolean without a hint
const K_ASCII = 4; // string of one byte per character
const K_UTF8 = 5;
const K_BYTES = 6; // Uint8Array / Buffer
const K_BIGINT = 7; // hinted bigint
const K_TEXT = 8; // bigint as decimal text

export class ExecutePacket {
  /** the packet as last built (header included); valid until the next build() */
  out: Buffer = Buffer.allocUnsafe(256);
  /** bytes of `out` to send */
  length = 0;
  /** packets sent: the reply's first sequence id */
  packets = 1;
  private readonly kinds: Uint8Array;
  private readonly types: Uint8Array;
  private readonly unsigned: Uint8Array;
  private readonly sizes: Float64Array;
  private readonly texts: (string | null)[];

  constructor(
    private readonly stmtId: number,
    readonly paramCount: number,
    private readonly hints: readonly (IntHint | null)[],
    private readonly queryAttributes: boolean,
  ) {
    this.kinds = new Uint8Array(paramCount);
    this.types = new Uint8Array(paramCount);
    this.unsigned = new Uint8Array(paramCount);
    this.sizes = new Float64Array(paramCount);
    this.texts = new Array<string | null>(paramCount).fill(null);
  }

  /** Parameter `i` goes as its hint's integer type; returns its size in bytes. */
  private hinted(i: number, h: IntHint, kind: number): number {
    this.kinds[i] = kind;
    this.types[i] = h.type;
    this.unsigned[i] = h.unsigned ? 1 : 0;
    return h.bytes;
  }

  /** Builds the packet for `values` (paramCount of them); false when one is not ours to send. */
  build(values: readonly unknown[]): boolean {
    const n = this.paramCount;
    const { kinds, types, unsigned, sizes, texts, hints } = this;
    // command, statement id, flags, iteration count
    let len = 10;
    if (this.queryAttributes) len += lenencSize(n);
    if (n > 0) {
      len += ((n + 7) >> 3) + 1 + 2 * n;
      if (this.queryAttributes) len += n;
    }
    for (let i = 0; i < n; i++) {
      const v = values[i];
      const h = hints[i];
      unsigned[i] = 0;
      let size = 0;
      if (v === null) {
        kinds[i] = K_NULL;
        types[i] = T.NULL;
      } else if (typeof v === 'number') {
        if (h !== null && hintFits(h, v)) {
          size = this.hinted(i, h, K_INT);
        } else {
          kinds[i] = K_DOUBLE;
          types[i] = T.DOUBLE;
          size = 8;
        }
      } else if (typeof v === 'string') {
        types[i] = T.VAR_STRING;
        const ascii = isAsciiText(v);
        const bytes = ascii ? v.length : Buffer.byteLength(v, 'utf8');
        kinds[i] = ascii ? K_ASCII : K_UTF8;
        sizes[i] = bytes;
        size = lenencSize(bytes) + bytes;
      } else if (v instanceof Uint8Array) {
        kinds[i] = K_BYTES;
        types[i] = Buffer.isBuffer(v) ? T.BLOB : T.VAR_STRING;
        sizes[i] = v.length;
        size = lenencSize(v.length) + v.length;
      } else if (typeof v === 'boolean') {
        if (h !== null) {
          size = this.hinted(i, h, K_INT);
        } else {
          kinds[i] = K_TINY;
          types[i] = T.TINY;
          size = 1;
        }
      } else if (typeof v === 'bigint') {
        if (h !== null && bigHintFits(h, v)) {
          size = this.hinted(i, h, K_BIGINT);
        } else {
          const s = v.toString();
          kinds[i] = K_TEXT;
          types[i] = T.VAR_STRING;
          texts[i] = s;
          sizes[i] = s.length;
          size = lenencSize(s.length) + s.length;
        }
      } else {
        return false;
      }
      len += size;
    }
    const total = 4 + len;
    let b = this.out;
    if (b.length < total) b = this.out = Buffer.allocUnsafe(Math.max(total, b.length * 2));
    b[4] = COM_STMT_EXECUTE;
    // byte stores, not writeUInt32LE / fill: their argument checks cost more than the bytes
    const id = this.stmtId;
    b[5] = id & 0xff;
    b[6] = (id >>> 8) & 0xff;
    b[7] = (id >>> 16) & 0xff;
    b[8] = id >>> 24;
    b[9] = this.queryAttributes ? CURSOR_TYPE_NO_CURSOR | PARAMETER_COUNT_AVAILABLE : CURSOR_TYPE_NO_CURSOR;
    b[10] = 1;
    b[11] = 0;
    b[12] = 0;
    b[13] = 0;
    let o = 14;
    if (this.queryAttributes) o = writeLenenc(b, o, n);
    if (n > 0) {
      // NULL bitmap
      const nb = (n + 7) >> 3;
      for (let k = o; k < o + nb; k++) b[k] = 0;
      for (let i = 0; i < n; i++) if (kinds[i] === K_NULL) b[o + (i >> 3)] |= 1 << (i & 7);
      o += nb;
      b[o++] = 1; // new-params-bound: the types follow
      for (let i = 0; i < n; i++) {
        b[o++] = types[i];
        b[o++] = unsigned[i] === 1 ? 0x80 : 0;
        if (this.queryAttributes) b[o++] = 0; // a parameter has an empty name
      }
      for (let i = 0; i < n; i++) o = this.writeValue(b, o, i, values[i]);
    }
    this.length = total;
    if (len < MAX_PAYLOAD) {
      b[0] = len & 0xff;
      b[1] = (len >>> 8) & 0xff;
      b[2] = len >>> 16;
      b[3] = 0;
      this.packets = 1;
    } else {
      this.split(len);
    }
    return true;
  }

  private writeValue(b: Buffer, o: number, i: number, v: unknown): number {
    switch (this.kinds[i]) {
      case K_NULL:
        return o;
      case K_DOUBLE:
        writeDouble(b, o, v as number);
        return o + 8;
      case K_INT:
        return writeInt(b, o, typeof v === 'boolean' ? (v ? 1 : 0) : (v as number), this.hints[i]!.bytes);
      case K_TINY:
        b[o] = v ? 1 : 0;
        return o + 1;
      case K_ASCII: {
        const s = v as string;
        return writeAscii(b, writeLenenc(b, o, s.length), s);
      }
      case K_UTF8: {
        const bytes = this.sizes[i];
        o = writeLenenc(b, o, bytes);
        b.write(v as string, o, bytes, 'utf8');
        return o + bytes;
      }
      case K_BYTES: {
        const u = v as Uint8Array;
        o = writeLenenc(b, o, u.length);
        b.set(u, o);
        return o + u.length;
      }
      case K_BIGINT: {
        const h = this.hints[i]!;
        const n = v as bigint;
        if (h.bytes === 8) {
          if (h.unsigned) b.writeBigUInt64LE(n, o);
          else b.writeBigInt64LE(n, o);
          return o + 8;
        }
        return writeInt(b, o, Number(n), h.bytes);
      }
      default: {
        const s = this.texts[i]!;
        this.texts[i] = null;
        o = writeLenenc(b, o, s.length);
        b.write(s, o, s.length, 'latin1');
        return o + s.length;
      }
    }
  }

  /** Re-frames a payload of MAX_PAYLOAD bytes or more as several packets (a new buffer). */
  private split(len: number): void {
    const src = this.out;
    const parts = Math.floor(len / MAX_PAYLOAD) + 1; // an exact multiple ends with an empty packet
    const out = Buffer.allocUnsafe(len + 4 * parts);
    let from = 4;
    let o = 0;
    for (let p = 0; p < parts; p++) {
      const size = Math.min(MAX_PAYLOAD, len - (from - 4));
      out[o] = size & 0xff;
      out[o + 1] = (size >>> 8) & 0xff;
      out[o + 2] = size >>> 16;
      out[o + 3] = p & 0xff;
      src.copy(out, o + 4, from, from + size);
      o += 4 + size;
      from += size;
    }
    // the big buffer is not kept: the next build starts from a normal one
    this.out = Buffer.allocUnsafe(256);
    this.sent = out;
    this.length = out.length;
    this.packets = parts;
  }

  /** set by a build of several packets: what to send instead of `out` */
  sent: Buffer | null = null;

  private view: Buffer | null = null;
  /** the buffer `view` looks into (comparing .buffer / .byteOffset calls into V8's runtime) */
  private viewOf: Buffer | null = null;

  /** The bytes to write for the last build. */
  bytes(): Buffer {
    const s = this.sent;
    if (s !== null) {
      this.sent = null;
      return s;
    }
    // most statements send packets of one length: keep the view of it
    let v = this.view;
    if (v === null || v.length !== this.length || this.viewOf !== this.out) {
      v = this.view = this.out.subarray(0, this.length);
      this.viewOf = this.out;
    }
    return v;
  }
}

/** Writes integer `v` (safe, in range) as `bytes` little-endian bytes. */
function writeInt(b: Buffer, o: number, v: number, bytes: number): number {
  switch (bytes) {
    case 1:
      b[o] = v & 0xff;
      return o + 1;
    case 2:
      b[o] = v & 0xff;
      b[o + 1] = (v >> 8) & 0xff;
      return o + 2;
    case 4:
      b.writeUInt32LE(v >>> 0, o);
      return o + 4;
    default: {
      const hi = Math.floor(v / 0x100000000);
      b.writeUInt32LE(v - hi * 0x100000000, o);
      b.writeInt32LE(hi, o + 4);
      return o + 8;
    }
  }
}
