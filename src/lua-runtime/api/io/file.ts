// The objects behind Lua's file handles (io.open, io.popen, io.tmpfile, the standard files):
// C stdio's behaviour for what scripts do with them (buffered reads by line, number or count,
// writes, seek), on file descriptors read and written synchronously.
import { closeSync, fstatSync, readSync, writeSync } from 'node:fs';
import { systemError } from '../../../format/errno.js';

const CHUNK = 64 * 1024;

export type Whence = 'set' | 'cur' | 'end';

/** Where a file's bytes come from and go to. */
export interface FileTarget {
  /** the descriptor (null: bytes held in memory, as io.popen's output) */
  fd: number | null;
  /** whether positional reads and writes work (a regular file) */
  seekable: boolean;
  /** writes go through this instead of the descriptor (the standard output, kept in order with print) */
  write?: (bytes: Uint8Array) => void;
  /** opened in append mode: every write goes to the end */
  append?: boolean;
  /** what closing does besides closing the descriptor (io.popen's "w" mode runs its command then) */
  onClose?: () => void;
  /** the descriptor is not ours to close (the standard files) */
  borrowed?: boolean;
}

/**
 * A file handle's state. For seekable files `pos` is the position of the next byte the script
 * reads or writes; the read buffer holds bytes from there on.
 */
export class LuaFile {
  closed = false;
  private buf: Buffer = Buffer.alloc(0);
  private start = 0;
  private end = 0;
  private pos = 0;
  private eof = false;
  /** the address tostring() shows, as LuaJIT prints its FILE pointer */
  readonly id: number;
  private static nextId = 0x55d0c0de0000;

  constructor(private readonly target: FileTarget, memory?: Buffer) {
    this.id = (LuaFile.nextId += 0x1e0);
    if (memory !== undefined) {
      this.buf = memory;
      this.end = memory.length;
      this.eof = true;
    }
  }

  get isStd(): boolean {
    return this.target.borrowed === true;
  }

  /** Makes `n` bytes available from the buffer if the file has them; false at end of file. */
  private fill(n: number): boolean {
    while (this.end - this.start < n) {
      if (this.eof || this.target.fd === null) return false;
      if (this.start > 0) {
        this.buf.copy(this.buf, 0, this.start, this.end);
        this.end -= this.start;
        this.start = 0;
      }
      if (this.buf.length - this.end < CHUNK) {
        const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.end + CHUNK));
        this.buf.copy(bigger, 0, 0, this.end);
        this.buf = bigger;
      }
      const at = this.target.seekable ? this.pos + (this.end - this.start) : null;
      const got = readSync(this.target.fd, this.buf, this.end, this.buf.length - this.end, at);
      if (got === 0) this.eof = true;
      this.end += got;
    }
    return true;
  }

  private take(n: number): Buffer {
    const out = Buffer.from(this.buf.subarray(this.start, this.start + n));
    this.start += n;
    this.pos += n;
    return out;
  }

  /** consumes the byte peek() returned */
  private skip(): void {
    this.start++;
    this.pos++;
  }

  private peek(): number {
    return this.fill(1) ? this.buf[this.start] : -1;
  }

  /** read(n): up to n bytes, null at end of file (read(0) tells whether more bytes follow). */
  readCount(n: number): Buffer | null {
    if (n <= 0) return this.fill(1) ? Buffer.alloc(0) : null;
    this.fill(n);
    const have = Math.min(n, this.end - this.start);
    return have === 0 ? null : this.take(have);
  }

  /** read("*l") / read("*L"): the next line, without or with its newline; null at end of file. */
  readLine(keepNewline: boolean): Buffer | null {
    let scanned = 0;
    for (;;) {
      const nl = this.buf.indexOf(10, this.start + scanned);
      if (nl !== -1 && nl < this.end) {
        const line = this.take(nl - this.start + 1);
        return keepNewline ? line : line.subarray(0, line.length - 1);
      }
      scanned = this.end - this.start;
      if (!this.fill(scanned + 1)) break;
    }
    const rest = this.end - this.start;
    return rest === 0 ? null : this.take(rest);
  }

  /** read("*a"): the rest of the file ("" at its end). */
  readAll(): Buffer {
    while (this.fill(this.end - this.start + CHUNK));
    return this.take(this.end - this.start);
  }

  /**
   * read("*n"): a number as C's fscanf("%lf") reads one (white space first; decimal or
   * hexadecimal, exponent, inf, nan). The characters that could still start a number are
   * consumed even when they turn out not to be one, as fscanf does; null when none is there.
   */
  readNumber(): number | null {
    let c = this.peek();
    while (c === 32 || (c >= 9 && c <= 13)) {
      this.skip();
      c = this.peek();
    }
    let text = '';
    const next = (): number => {
      text += String.fromCharCode(c);
      this.skip();
      return this.peek();
    };
    if (c === 43 || c === 45) c = next();
    const lower = (x: number): number => x | 0x20;
    if (lower(c) === 105 || lower(c) === 110) {
      // inf, infinity, nan
      const word = lower(c) === 105 ? 'infinity' : 'nan';
      let i = 0;
      while (i < word.length && lower(c) === word.charCodeAt(i)) {
        c = next();
        i++;
      }
      const ok = word === 'nan' ? i === 3 : i === 3 || i === 8;
      if (!ok) return null;
      const sign = text.startsWith('-') ? -1 : 1;
      return word === 'nan' ? NaN : sign * Infinity;
    }
    let hex = false;
    let digits = 0;
    if (c === 48) {
      c = next();
      digits++;
      if (lower(c) === 120) {
        hex = true;
        digits = 0;
        c = next();
      }
    }
    const isDigit = (x: number): boolean => (x >= 48 && x <= 57) || (hex && ((x | 0x20) >= 97 && (x | 0x20) <= 102));
    while (isDigit(c)) { c = next(); digits++; }
    if (c === 46) {
      c = next();
      while (isDigit(c)) { c = next(); digits++; }
    }
    if (digits === 0) return null;
    if (lower(c) === (hex ? 112 : 101)) {
      c = next();
      if (c === 43 || c === 45) c = next();
      let expDigits = 0;
      while (c >= 48 && c <= 57) { c = next(); expDigits++; }
      if (expDigits === 0) return null;
    }
    return hex ? parseHexFloat(text) : Number(text);
  }

  /** Writes `bytes` at the current position (at the end in append mode). */
  write(bytes: Uint8Array): void {
    const t = this.target;
    if (t.write !== undefined) return t.write(bytes);
    if (t.fd === null) throw systemError('EBADF');
    // what was read ahead is given back: the write goes where the script is
    const at = t.seekable && t.append !== true ? this.pos : null;
    this.dropReadAhead();
    let done = 0;
    while (done < bytes.length) done += writeSync(t.fd, bytes, done, bytes.length - done, at === null ? null : at + done);
    if (t.seekable) this.pos = t.append === true ? fstatSync(t.fd).size : this.pos + bytes.length;
  }

  private dropReadAhead(): void {
    this.start = this.end = 0;
    this.eof = false;
  }

  /** seek(whence, offset): the new position. */
  seek(whence: Whence, offset: number): number {
    const t = this.target;
    // pipes (and io.popen's output, which stands for one) cannot seek
    if (!t.seekable || t.fd === null) throw systemError('ESPIPE');
    const base = whence === 'set' ? 0 : whence === 'cur' ? this.pos : fstatSync(t.fd).size;
    const to = base + offset;
    if (to < 0) throw systemError('EINVAL');
    if (whence !== 'cur' || offset !== 0) {
      this.dropReadAhead();
      this.pos = to;
    }
    return to;
  }

  close(): void {
    this.closed = true;
    const t = this.target;
    try {
      t.onClose?.();
    } finally {
      if (t.fd !== null && t.borrowed !== true) closeSync(t.fd);
    }
  }
}

/** C's strtod for a hexadecimal numeral ("0x1.8p3", "-0x10"). */
function parseHexFloat(text: string): number {
  const m = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?$/.exec(text);
  if (m === null) return NaN;
  const [, sign, int, frac = '', exp = '0'] = m;
  let v = 0;
  for (const d of int + frac) v = v * 16 + parseInt(d, 16);
  v *= Math.pow(2, Number(exp) - 4 * frac.length);
  return sign === '-' ? -v : v;
}
