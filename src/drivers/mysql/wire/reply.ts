// The reply to one COM_STMT_EXECUTE, read from the socket's chunks as they come: packet
// framing (packets split over chunks, payloads of 16 MB and more over several packets) and a
// small state machine over OK / ERR / result set. Rows are counted and their packets
// remembered, not decoded (rows.ts decodes a row when it is asked for).
import {
  Cursor, EOF_HEADER, ERR_HEADER, LOCAL_INFILE_HEADER, MAX_PAYLOAD, OK_HEADER, SERVER_MORE_RESULTS_EXISTS,
} from './protocol.js';

// what the reader waits for
const S_HEADER = 0; // OK, ERR or a result set's column count
const S_COLUMNS = 1; // column definitions
const S_COLUMNS_EOF = 2; // the EOF after them (not sent with CLIENT_DEPRECATE_EOF)
const S_ROWS = 3; // rows, then EOF (or OK with CLIENT_DEPRECATE_EOF)
const S_DONE = 4;

/** the largest keep buffer (bytes); larger copies get buffers of their own */
const KEEP_MAX = 1024 * 1024;
/** the longest cols / rows arrays reused by the next reply (entries: 3 per packet) */
const KEEP_ENTRIES_MAX = 3 * 1024;

/** How a reply ended. */
export const Outcome = { Pending: 0, Ok: 1, Rows: 2, ServerError: 3, ProtocolError: 4 } as const;
export type Outcome = (typeof Outcome)[keyof typeof Outcome];

export class ReplyReader {
  /** the reply's outcome once complete (the first result when there are several) */
  outcome: Outcome = Outcome.Pending;
  affectedRows = 0;
  nfields = 0;
  nrows = 0;
  /** [buffer, start, end] of each column definition payload (nfields of them; entries past those are stale) */
  cols: unknown[] = [];
  /** [buffer, start, end] of each row payload (nrows of them; entries past those are stale) */
  rows: unknown[] = [];
  private colsAt = 0;
  private rowsAt = 0;
  errno = 0;
  sqlState = '';
  message = '';

  /** the server omits the EOF packets (CLIENT_DEPRECATE_EOF negotiated) */
  deprecateEof = false;
  /**
   * rows of the text protocol (a COM_QUERY's): they start with a length-encoded value, not with
   * the binary rows' 0x00; the end of the rows is told from a row by its 0xfe header and a
   * length under 13, as mysql2 does
   */
  textRows = false;
  /**
   * the caller drops this reply's rows (DbStatement.execute's dropRows): they are counted, not
   * kept, and nothing of a reused read buffer is copied for them
   */
  dropRows = false;

  private state = S_DONE;
  private colsLeft = 0;
  /** a later result of the same reply (after SERVER_MORE_RESULTS_EXISTS): read and dropped */
  private extra = false;

  // framing: bytes of an incomplete packet, and the parts of a payload of several packets
  private pending: Buffer[] = [];
  private pendingLength = 0;
  /** bytes needed before the pending packet (or its header) is complete */
  private need = 0;
  private parts: Buffer[] | null = null;
  private readonly c = new Cursor();
  /**
   * where rows and column definitions read from a reused read buffer are copied: this
   * connection's own, reused by its next reply (a result set is valid until the connection's
   * next statement, when the Lua API replaces it)
   */
  private keep: Buffer = Buffer.alloc(0);
  private kept = 0;
  /** the buffer keepCopy() copied to last */
  private copied: Buffer = this.keep;
  /** the sequence id of the next packet */
  private seq = 0;

  /** The reply's first packet has sequence id `first` (the packets the command took). */
  expectSequence(first: number): void {
    this.seq = first & 0xff;
  }

  /** Starts reading a new reply. */
  start(): void {
    this.outcome = Outcome.Pending;
    this.state = S_HEADER;
    this.kept = 0;
    this.extra = false;
    this.dropRows = false;
    this.affectedRows = 0;
    this.nfields = 0;
    this.nrows = 0;
    // the arrays are refilled from the start, as the keep buffer is: the previous result is
    // replaced before anyone can read this one; a big one's are let go
    this.colsAt = 0;
    this.rowsAt = 0;
    if (this.cols.length > KEEP_ENTRIES_MAX) this.cols = [];
    if (this.rows.length > KEEP_ENTRIES_MAX) this.rows = [];
    if (this.pendingLength > 0) {
      this.pending = [];
      this.pendingLength = 0;
    }
    this.parts = null;
  }

  get done(): boolean {
    return this.state === S_DONE;
  }

  /**
   * Reads bytes [0, `length`) of `chunk`. Returns the offset where the reply ended within it
   * (bytes after that are not part of the reply), or -1 while the reply is incomplete.
   * `volatile`: the chunk is reused once the call returns (socket.ts's shared read buffer), so
   * what the reader keeps of it (rows, column definitions, an incomplete packet) is copied.
   */
  feed(chunk: Buffer, length: number = chunk.length, volatile = false): number {
    let buf = chunk;
    let pos = 0;
    let base = 0; // where `chunk` starts within `buf`
    let end = length;
    if (this.pendingLength > 0) {
      this.pending.push(volatile ? copyOf(chunk, 0, length) : chunk.subarray(0, length));
      this.pendingLength += length;
      if (this.pendingLength < this.need) return -1;
      base = this.pendingLength - length;
      buf = Buffer.concat(this.pending, this.pendingLength);
      end = buf.length;
      volatile = false;
      this.pending = [];
      this.pendingLength = 0;
    }
    while (this.state !== S_DONE) {
      const avail = end - pos;
      if (avail < 4) return this.stash(buf, pos, end, 4);
      const len = buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16);
      if (avail < 4 + len) return this.stash(buf, pos, end, 4 + len);
      if (buf[pos + 3] !== this.seq) {
        this.protocolError(`packets out of order (sequence id ${buf[pos + 3]}, expected ${this.seq})`);
        return end - base; // the rest is not trusted either
      }
      if (volatile && ((this.state !== S_HEADER && !this.dropRows) || len === MAX_PAYLOAD || this.parts !== null)) {
        // column definitions, rows and parts of big payloads are kept: from here on read a
        // copy of the rest
        const shift = this.keepCopy(buf, pos, end) - pos;
        buf = this.copied;
        pos += shift;
        base += shift;
        end += shift;
        volatile = false;
      }
      this.seq = (this.seq + 1) & 0xff;
      const start = pos + 4;
      pos = start + len;
      if (len === MAX_PAYLOAD || this.parts !== null) {
        (this.parts ??= []).push(buf.subarray(start, pos));
        if (len === MAX_PAYLOAD) continue;
        const payload = Buffer.concat(this.parts);
        this.parts = null;
        this.packet(payload, 0, payload.length);
      } else {
        this.packet(buf, start, pos);
      }
    }
    return pos - base;
  }

  /**
   * Copies bytes [from, to) of `buf` to the keep buffer (a new one when it is full), or to a
   * buffer of their own when big; returns where they start in `this.copied`. (An offset, not a
   * view of the copy: a subarray per reply costs more than the copy itself.)
   */
  private keepCopy(buf: Buffer, from: number, to: number): number {
    const n = to - from;
    // a big reply gets a buffer of its own, not kept for the next one
    if (n > KEEP_MAX) {
      this.copied = copyOf(buf, from, to);
      return 0;
    }
    if (this.kept + n > this.keep.length) {
      // what the reply kept so far stays in the old buffer, referenced by its rows
      this.keep = Buffer.allocUnsafe(Math.min(KEEP_MAX, Math.max(n, 2 * this.keep.length, 16 * 1024)));
      this.kept = 0;
    }
    const at = this.kept;
    // through a plain Uint8Array view of the source (made once per source buffer): Buffer.copy
    // reads the source's .buffer and .byteOffset (calls into V8's runtime) and makes a view of
    // its own on every call, and a Buffer's subarray constructs a Buffer
    if (buf !== plainOf) {
      plain = new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
      plainOf = buf;
    }
    setBytes.call(this.keep, subarrayOf.call(plain, from, to), at);
    this.kept = at + n;
    this.copied = this.keep;
    return at;
  }

  private stash(buf: Buffer, pos: number, end: number, need: number): number {
    if (pos < end) {
      this.pending.push(copyOf(buf, pos, end));
      this.pendingLength = end - pos;
    }
    this.need = need;
    return -1;
  }

  private packet(buf: Buffer, start: number, end: number): void {
    const first = buf[start];
    switch (this.state) {
      case S_HEADER:
        if (first === OK_HEADER) return this.ok(buf, start);
        if (first === ERR_HEADER) return this.error(buf, start, end);
        if (first === LOCAL_INFILE_HEADER) return this.protocolError('LOCAL INFILE request to an execute');
        {
          const n = this.c.at(buf, start).lenenc();
          if (!this.extra) this.nfields = n;
          this.colsLeft = n;
          this.state = S_COLUMNS;
        }
        return;
      case S_COLUMNS:
        if (!this.extra && !this.dropRows) this.colsAt = keepEntry(this.cols, this.colsAt, buf, start, end);
        if (--this.colsLeft === 0) this.state = this.deprecateEof ? S_ROWS : S_COLUMNS_EOF;
        return;
      case S_COLUMNS_EOF:
        if (first !== EOF_HEADER || end - start >= 9) return this.protocolError('expected EOF after the column definitions');
        this.state = S_ROWS;
        return;
      case S_ROWS:
        if (this.textRows ? first !== ERR_HEADER && !(first === EOF_HEADER && end - start < 13) : first === OK_HEADER) {
          if (!this.extra) {
            if (!this.dropRows) this.rowsAt = keepEntry(this.rows, this.rowsAt, buf, start, end);
            this.nrows++;
          }
          return;
        }
        if (first === EOF_HEADER) {
          let status: number;
          if (this.deprecateEof) {
            // an OK packet with the EOF header: affected rows, insert id, status
            const c = this.c.at(buf, start + 1);
            c.lenenc();
            c.lenenc();
            status = buf[c.pos] | (buf[c.pos + 1] << 8);
          } else {
            status = end - start >= 5 ? buf[start + 3] | (buf[start + 4] << 8) : 0;
          }
          if (!this.extra) this.outcome = Outcome.Rows;
          return this.next(status);
        }
        if (first === ERR_HEADER) return this.error(buf, start, end);
        return this.protocolError(`unexpected packet 0x${first.toString(16)} in a result set`);
      default:
        return this.protocolError('packet after the end of the reply');
    }
  }

  private ok(buf: Buffer, start: number): void {
    const c = this.c.at(buf, start + 1);
    const affected = c.lenenc();
    c.lenenc(); // last insert id
    const status = buf[c.pos] | (buf[c.pos + 1] << 8);
    if (!this.extra) {
      this.affectedRows = affected;
      this.outcome = Outcome.Ok;
    }
    this.next(status);
  }

  /** After the end of one result: another follows, or the reply is complete. */
  private next(status: number): void {
    if (status & SERVER_MORE_RESULTS_EXISTS) {
      this.extra = true;
      this.state = S_HEADER;
    } else {
      this.state = S_DONE;
    }
  }

  private error(buf: Buffer, start: number, end: number): void {
    // as mysql2 reads it: errno, then '#' and the SQLSTATE if present, the message after
    this.errno = buf.readUInt16LE(start + 1);
    let p = start + 3;
    this.sqlState = '';
    if (buf[p] === 0x23) {
      this.sqlState = buf.toString('utf8', p + 1, p + 6);
      p += 6;
    }
    this.message = buf.toString('utf8', p, end);
    this.outcome = Outcome.ServerError;
    this.state = S_DONE;
  }

  private protocolError(message: string): void {
    this.message = message;
    this.outcome = Outcome.ProtocolError;
    this.state = S_DONE;
  }
}

// the last source of keepCopy() (the worker's shared read buffer) and a plain view of it
let plainOf: Buffer | null = null;
let plain: Uint8Array = new Uint8Array(0);
// called through these (the optimised keepCopy otherwise looked both methods up with a generic
// property load on every reply)
const setBytes = Uint8Array.prototype.set;
const subarrayOf = Uint8Array.prototype.subarray;

/** Stores a [buffer, start, end] triple at `at`; returns the index after it. */
function keepEntry(a: unknown[], at: number, buf: Buffer, start: number, end: number): number {
  a[at] = buf;
  a[at + 1] = start;
  a[at + 2] = end;
  return at + 3;
}

/** Bytes [from, to) of `buf` in a buffer of their own. */
function copyOf(buf: Buffer, from: number, to: number): Buffer {
  const out = Buffer.allocUnsafe(to - from);
  buf.copy(out, 0, from, to);
  return out;
}
