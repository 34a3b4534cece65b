// A fileio thread: requests come from the shared generator (sequential position or random
// blocks, periodic fsync, under the shared mutex), then real pread/pwrite/fsync on the
// test files. In async mode reads and writes go to libuv's thread pool, up to
// --file-async-backlog in flight per thread, and are counted when they complete.
import { fdatasyncSync, fsyncSync, read, readSync, write, writeSync } from 'node:fs';
import { EventThread, type ThreadEnv } from '../thread.js';
import { errnoMessage } from '../../format/errno.js';
import { FileioGlobal } from '../shared-globals.js';
import { alignedBuffer, fillBuffer, validateBuffer } from './buffer.js';
import { FileioShared } from './state.js';
import type { FileioConfig } from './config.js';

const OP_READ = 1;
const OP_WRITE = 2;
const OP_FSYNC = 3;

export class FileioThread extends EventThread {
  private readonly s: FileioShared;
  private readonly f: Float64Array;
  private readonly buf: Uint8Array;
  private readonly seq: boolean;
  private readonly writes: boolean;
  private op = 0;
  private file = 0;
  private pos = 0;
  private size = 0;
  /** async mode: requests in flight, and who waits for one to complete */
  private inflight = 0;
  private waiter: (() => void) | null = null;
  private asyncFailed = false;

  constructor(env: ThreadEnv, private readonly c: FileioConfig, sab: SharedArrayBuffer) {
    super(env);
    this.s = new FileioShared(sab);
    this.f = this.s.f;
    const buf = alignedBuffer(c.requestSize);
    if (buf === null) throw new Error('Failed to allocate a memory buffer');
    this.buf = buf;
    const m = c.testMode;
    this.seq = m === 'seqwr' || m === 'seqrewr' || m === 'seqrd';
    this.writes = m === 'seqwr' || m === 'seqrewr';
  }

  get async(): boolean {
    return this.c.ioMode === 'async';
  }

  /** An fsync request if one is due (the caller holds the mutex). */
  private fsyncDue(): boolean {
    const f = this.f;
    const c = this.c;
    if (f[FileioGlobal.ReqPerformed] % c.fsyncFreq !== 0) return false;
    this.op = OP_FSYNC;
    this.file = f[FileioGlobal.FsyncedFile];
    this.pos = 0;
    this.size = 0;
    if (++f[FileioGlobal.FsyncedFile] === c.numFiles) {
      f[FileioGlobal.FsyncedFile] = 0;
      f[FileioGlobal.IsDirty] = 0;
    }
    return true;
  }

  protected next(): boolean {
    this.s.lock();
    if (this.seq) this.nextSeq();
    else this.nextRnd();
    this.s.unlock();
    return true;
  }

  /** file_get_seq_request() */
  private nextSeq(): void {
    const f = this.f;
    const c = this.c;
    this.op = this.writes ? OP_WRITE : OP_READ;
    if (c.fsyncFreq !== 0 && this.op === OP_WRITE && f[FileioGlobal.IsDirty] !== 0 && this.fsyncDue()) return;
    f[FileioGlobal.ReqPerformed] = (f[FileioGlobal.ReqPerformed] + 1) % 4294967296;
    if (this.op === OP_WRITE) f[FileioGlobal.IsDirty] = 1;
    if (f[FileioGlobal.CurrentFile] === c.numFiles) {
      f[FileioGlobal.Position] = 0;
      f[FileioGlobal.CurrentFile] = 0;
    }
    this.file = f[FileioGlobal.CurrentFile];
    this.pos = f[FileioGlobal.Position];
    this.size = Math.min(c.requestSize, c.fileSize - this.pos);
    f[FileioGlobal.Position] += this.size;
    if (f[FileioGlobal.Position] === c.fileSize) {
      f[FileioGlobal.CurrentFile]++;
      f[FileioGlobal.Position] = 0;
    }
    if (c.validate) this.checkSeq();
  }

  /** check_seq_req(): warnings when sequential requests do not follow each other. */
  private checkSeq(): void {
    const f = this.f;
    const log = this.env.log;
    if (f[FileioGlobal.PrevOp] >= 0) {
      const pf = f[FileioGlobal.PrevFile];
      const pp = f[FileioGlobal.PrevPos];
      const ps = f[FileioGlobal.PrevSize];
      if (this.file - pf > 1 && !(this.file === 0 && pf === this.c.numFiles - 1)) {
        log.warning('Discovered too large file difference in seq requests!');
      } else if (this.file === pf) {
        if (this.pos - pp !== ps) log.warning('Discovered too large position difference in seq request!');
      } else if (pp + ps !== this.c.fileSize || this.pos !== 0) {
        log.warning('Invalid file switch found!');
        log.warning(`Old: file_id: ${pf}, pos: ${pp}  size: ${ps}`);
        log.warning(`New: file_id: ${this.file}, pos: ${this.pos}  size: ${this.size}`);
      }
    }
    f[FileioGlobal.PrevOp] = this.op;
    f[FileioGlobal.PrevFile] = this.file;
    f[FileioGlobal.PrevPos] = this.pos;
    f[FileioGlobal.PrevSize] = this.size;
  }

  /** file_get_rnd_request() */
  private nextRnd(): void {
    const f = this.f;
    const c = this.c;
    let mode = c.testMode;
    if (mode === 'rndrw') mode = (f[FileioGlobal.ReadOps] + 1) / (f[FileioGlobal.WriteOps] + 1) < c.rwRatio ? 'rndrd' : 'rndwr';
    if (c.fsyncFreq !== 0 && f[FileioGlobal.IsDirty] !== 0 && this.fsyncDue()) return;
    this.op = mode === 'rndwr' ? OP_WRITE : OP_READ;
    const rng = this.env.rng;
    const bs = c.blockSize;
    const tid = this.env.tid;
    for (;;) {
      let p = Math.trunc(rng.uniformDouble() * c.totalSize);
      p -= p % bs;
      this.file = Math.trunc(p / c.fileSize);
      this.pos = p % c.fileSize;
      this.size = Math.min(bs, c.fileSize - this.pos);
      if (!c.validate || !this.blockInUse(tid)) break;
    }
    f[FileioGlobal.ThreadBase + 2 * tid] = this.file;
    f[FileioGlobal.ThreadBase + 2 * tid + 1] = this.pos;
    f[FileioGlobal.ReqPerformed] = (f[FileioGlobal.ReqPerformed] + 1) % 4294967296;
    if (this.op === OP_WRITE) f[FileioGlobal.IsDirty] = 1;
  }

  /** --validate with several threads: another thread is using this block */
  private blockInUse(tid: number): boolean {
    const f = this.f;
    for (let i = 0; i < this.c.threads; i++) {
      if (i !== tid && f[FileioGlobal.ThreadBase + 2 * i] === this.file && f[FileioGlobal.ThreadBase + 2 * i + 1] === this.pos) return true;
    }
    return false;
  }

  private count(counter: number, bytesCounter: number, bytes: number): void {
    const s = this.s;
    s.lock();
    this.f[counter]++;
    if (bytesCounter >= 0) this.f[bytesCounter] += bytes;
    s.unlock();
  }

  /** file_fsync() */
  private fsync(id: number): boolean {
    const fd = this.c.fds[id];
    try {
      if (this.c.fdatasync) fdatasyncSync(fd);
      else fsyncSync(fd);
    } catch (e) {
      this.env.log.fatal(errnoMessage(`Failed to fsync file! file: ${fd}`, e));
      return false;
    }
    this.count(FileioGlobal.OtherOps, -1, 0);
    return true;
  }

  /** file_execute_event() */
  protected execute(): boolean {
    const c = this.c;
    const log = this.env.log;
    if (c.debug) {
      log.debug(`Executing request, operation: ${this.op}, file_id: ${this.file}, pos: ${this.pos | 0}, size: ${this.size | 0}`);
    }
    if (this.file >= c.numFiles) {
      log.fatal(`Incorrect file id in request: ${this.file}`);
      return false;
    }
    if (this.pos + this.size > c.fileSize) {
      log.fatal(`I/O request exceeds file size. file id: ${this.file} file size: ${c.fileSize} ` +
        `req offset: ${this.pos} req size: ${this.size}`);
      return false;
    }
    const fd = c.fds[this.file];
    switch (this.op) {
      case OP_WRITE: {
        if (c.validate) fillBuffer(this.buf, this.size, this.pos, () => this.env.rng.uniformUint64Low32() & 0xff);
        if (this.async) {
          this.submit(OP_WRITE, fd, this.size, this.pos);
        } else {
          let n: number;
          let err: unknown = null;
          try {
            n = writeSync(fd, this.buf, 0, this.size, this.pos);
          } catch (e) {
            n = -1;
            err = e;
          }
          if (n !== this.size) {
            log.fatal(errnoMessage(`Failed to write file! file: ${fd} pos: ${this.pos}`, err));
            return false;
          }
        }
        if (c.fsyncAll && !this.fsync(this.file)) return false;
        if (!this.async) this.count(FileioGlobal.WriteOps, FileioGlobal.BytesWritten, this.size);
        return true;
      }
      case OP_READ: {
        if (this.async) {
          this.submit(OP_READ, fd, this.size, this.pos);
        } else {
          let n: number;
          let err: unknown = null;
          try {
            n = readSync(fd, this.buf, 0, this.size, this.pos);
          } catch (e) {
            n = -1;
            err = e;
          }
          if (n !== this.size) {
            log.fatal(errnoMessage(`Failed to read file! file: ${fd} pos: ${this.pos}`, err));
            return false;
          }
        }
        if (c.validate && !this.async) {
          const v = validateBuffer(this.buf, this.size, this.pos);
          if (!v.ok) {
            for (const l of v.lines) log.fatal(l);
            log.fatal(`Validation failed on file ${this.file}, block offset ${this.pos}, exiting...`);
            return false;
          }
        }
        if (!this.async) this.count(FileioGlobal.ReadOps, FileioGlobal.BytesRead, this.size);
        return true;
      }
      case OP_FSYNC:
        // already done after each write
        if (c.fsyncAll) return true;
        return this.fsync(this.file);
      default:
        log.fatal(`Execute of UNKNOWN file request type called (${this.op})!, aborting`);
        return false;
    }
  }

  /** thread_done(): fsync every file at the end (writing modes, --file-fsync-end). */
  finish(): boolean {
    const c = this.c;
    if (c.fsyncEnd && c.testMode !== 'seqrd' && c.testMode !== 'rndrd') {
      for (let i = 0; i < c.numFiles; i++) if (!this.fsync(i)) return false;
    }
    return !this.asyncFailed;
  }

  // --- async mode -------------------------------------------------------------------------

  private submit(op: number, fd: number, len: number, pos: number): void {
    this.inflight++;
    const done = (err: NodeJS.ErrnoException | null, n: number): void => {
      this.inflight--;
      if (err || n !== len) {
        if (!this.asyncFailed) this.env.log.fatal(op === OP_READ ? 'Asynchronous read failed!\n' : 'Asynchronous write failed!\n');
        this.asyncFailed = true;
      } else if (op === OP_READ) {
        this.count(FileioGlobal.ReadOps, FileioGlobal.BytesRead, len);
      } else {
        this.count(FileioGlobal.WriteOps, FileioGlobal.BytesWritten, len);
      }
      const w = this.waiter;
      this.waiter = null;
      w?.();
    };
    if (op === OP_READ) read(fd, this.buf, 0, len, pos, done);
    else write(fd, this.buf, 0, len, pos, done);
  }

  /** Waits until at most `max` requests are in flight. */
  private async drain(max: number): Promise<void> {
    while (this.inflight > max) await new Promise<void>((r) => { this.waiter = r; });
  }

  /** One event in async mode: submit, and wait for a completion when the queue is full. */
  async stepAsync(): Promise<boolean> {
    const st = this.env.stats;
    if (!st.more()) {
      this.limitReached();
      return false;
    }
    this.next();
    st.begin();
    let ok = this.execute();
    if (ok && this.inflight >= this.c.asyncBacklog) {
      await this.drain(this.inflight - 1);
      ok = !this.asyncFailed;
    }
    st.stop();
    if (!ok) {
      this.fail();
      return false;
    }
    return true;
  }

  /** With --rate: one started event; in async mode, waits while the queue is full. */
  runStarted(): boolean | Promise<boolean> {
    if (!this.async) return super.runStarted();
    const st = this.env.stats;
    this.next();
    const ok = this.execute();
    const end = (good: boolean): boolean => {
      st.stop();
      if (!good) this.fail();
      return good;
    };
    if (!ok || this.inflight < this.c.asyncBacklog) return end(ok);
    return this.drain(this.inflight - 1).then(() => end(!this.asyncFailed));
  }

  /** thread_done() in async mode: fsync at the end, then wait for what is in flight. */
  async finishAsync(): Promise<boolean> {
    const ok = this.finish();
    await this.drain(0);
    return ok && !this.asyncFailed;
  }
}
