// The plain (non-TLS) socket pg connects with: its reads land in a buffer of the
// connection's own (net.Socket's `onread` option), not in a new Buffer per read pushed
// through a readable stream. While pg connects, each read is handed to pg's parser as a
// 'data' event (a copy); once the connection is up, PgConnection takes the reads over
// (take) and cuts messages out of the buffer in place. writeNow() writes a query's bytes
// straight to the socket's handle, as net.Socket would, without its writable stream.
import net from 'node:net';
import { getSystemErrorName } from 'node:util';

/** bytes per read (a point select's reply is ~200 bytes; bigger replies take several reads) */
const READ_SIZE = 16 * 1024;

export type OnBytes = (buf: Buffer, n: number) => void;

/** The read side of a socket made by pgSocket(). */
export class SocketReads {
  private buf: Buffer = Buffer.allocUnsafe(READ_SIZE);
  /**
   * Something still refers to the buffer's bytes (the rows of a result, which stay valid
   * until the connection's next statement): the next read goes to a new buffer.
   */
  lent = false;
  /** the reader once the connection is up; until then reads become 'data' events for pg */
  private sink: OnBytes | null = null;
  readonly socket: net.Socket;

  constructor() {
    // Node's Socket constructor takes `onread` too (net.connect() passes its options on)
    const opts: net.SocketConstructorOpts & net.ConnectOpts = { onread: { buffer: this.next, callback: this.received } };
    this.socket = new net.Socket(opts);
  }

  /** Node asks for the buffer of the next read after each one. */
  private readonly next = (): Buffer => {
    if (this.lent) {
      this.lent = false;
      this.buf = Buffer.allocUnsafe(READ_SIZE);
    }
    return this.buf;
  };

  private readonly received = (n: number, buf: Uint8Array): boolean => {
    const sink = this.sink;
    if (sink !== null) sink(buf as Buffer, n);
    else this.socket.emit('data', Buffer.from(buf.subarray(0, n)));
    return true;
  };

  /** From now on the socket's bytes go to `sink` (buf[0, n), valid during the call unless lent). */
  take(sink: OnBytes): void {
    this.sink = sink;
  }
}

const reads = new WeakMap<object, SocketReads>();

/** A socket for pg's `stream` option. */
export function pgSocket(): net.Socket {
  const r = new SocketReads();
  reads.set(r.socket, r);
  return r.socket;
}

/** The read side of `stream` if pgSocket() made it (pg keeps it unless it switched to TLS). */
export function readsOf(stream: object): SocketReads | undefined {
  return reads.get(stream);
}

// ---- writing ---------------------------------------------------------------------------------

/** Node's stream_wrap binding: what net.Socket's own writes use (checked by test/pgsql-pg-internals.test.ts) */
interface StreamWrap {
  WriteWrap: new () => WriteReq;
  streamBaseState: Int32Array;
  kLastWriteWasAsync: number;
}
interface WriteReq {
  handle: unknown;
  oncomplete: (this: WriteReq, status: number) => void;
  async: boolean;
  bytes: number;
  buffer: Buffer | null;
  socket: net.Socket | null;
}
interface StreamHandle {
  writeBuffer(req: WriteReq, buf: Buffer): number;
}

let streamWrap: StreamWrap | null | undefined;

/** Node's binding, or null where this Node has none (then writes go through net.Socket#write). */
export function streamWrapBinding(): StreamWrap | null {
  if (streamWrap === undefined) {
    streamWrap = null;
    try {
      const b = (process as unknown as { binding(name: string): Partial<StreamWrap> }).binding('stream_wrap');
      if (typeof b.WriteWrap === 'function' && b.streamBaseState instanceof Int32Array && typeof b.kLastWriteWasAsync === 'number') {
        streamWrap = b as StreamWrap;
      }
    } catch { /* not available */ }
  }
  return streamWrap;
}

/** A write that finished later (the socket's send buffer was full): a failure ends the socket. */
function writeDone(this: WriteReq, status: number): void {
  const socket = this.socket;
  this.buffer = null;
  this.socket = null;
  if (status < 0 && socket !== null) socket.destroy(writeError(status));
}

function writeError(status: number): Error {
  const code = getSystemErrorName(status);
  return Object.assign(new Error(`write ${code}`), { code, errno: status, syscall: 'write' });
}

/**
 * Writes `buf` to a socket made by pgSocket(). Returns true when the kernel took all of it
 * (the caller may fill `buf` again), false when something still holds it (a write that
 * finishes later, or one that went through the socket's writable stream).
 */
export function writeNow(socket: net.Socket, buf: Buffer): boolean {
  const b = streamWrapBinding();
  const handle = (socket as unknown as { _handle: StreamHandle | null })._handle;
  // anything queued in the writable stream goes first; no handle yet, or gone: Node's own path
  if (b === null || handle === null || socket.connecting || socket.destroyed || socket.writableLength > 0 ||
      typeof handle.writeBuffer !== 'function') {
    socket.write(buf);
    return false;
  }
  const req = new b.WriteWrap();
  req.handle = handle;
  req.oncomplete = writeDone;
  req.async = false;
  req.bytes = 0;
  req.buffer = null;
  req.socket = null;
  const err = handle.writeBuffer(req, buf);
  if (err !== 0) {
    socket.destroy(writeError(err));
    return false;
  }
  if (b.streamBaseState[b.kLastWriteWasAsync] !== 0) {
    // libuv writes the rest later: keep the bytes alive, and hear about a failure
    req.async = true;
    req.buffer = buf;
    req.socket = socket;
    return false;
  }
  return true;
}
