// The socket under a plain (no TLS, no compression) mysql2 connection, made by us so that its
// reads skip Node's readable-stream machinery: Node reads into one buffer per worker thread
// (net.Socket's `onread` option) and calls readInto() below, with no allocation per read.
// While the lean path has a command in flight its reader takes the bytes from that buffer
// (copying only what it keeps); at any other time mysql2 gets a copy through the 'data' event
// it listens to, as from a socket of its own.
//
// The lean path's writes skip Node's writable-stream machinery too (writeDirect()): the
// packet goes to the socket's handle as net.Socket's own _write() would send it, through the
// WriteWrap request of process.binding('stream_wrap'), one of the bindings Node keeps for
// compatibility. Where that is missing (a later Node) or the socket has writes queued, the
// socket's write() sends it; test/mysql-lean-node-internals.test.ts says when Node changed.
import net from 'node:net';

/** What reads the socket's bytes while one of its own commands is in flight (lean.ts). */
export interface ReadSink {
  /** whether the sink takes the bytes read now */
  readonly busy: boolean;
  /** bytes [0, n) of `buf`, valid only during the call */
  takeVolatile(buf: Buffer, n: number): void;
}

export type LeanSocket = net.Socket & { leanSink?: ReadSink | null };

// one buffer for every socket of this thread: Node calls back synchronously after each read,
// before the next one, and nothing keeps a reference to it past the call
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/** Where to connect: the server's socket file, or host and port. */
export interface SocketTarget {
  socketPath?: string;
  host?: string;
  port?: number;
}

/** A connected-to-be socket for mysql2's `stream` option. */
export function leanSocket(target: SocketTarget): LeanSocket {
  let socket: LeanSocket | null = null;
  // (returning false would stop reading)
  const onread = (n: number, buf: Uint8Array): boolean => {
    readInto(socket!, n, buf as Buffer);
    return true;
  };
  const options = target.socketPath !== undefined
    ? { path: target.socketPath, onread: { buffer: READ_BUFFER, callback: onread } }
    : { host: target.host, port: target.port ?? 3306, onread: { buffer: READ_BUFFER, callback: onread } };
  const s: LeanSocket = net.connect(options);
  socket = s;
  s.leanSink = null;
  if (target.socketPath === undefined) {
    // as mysql2 does with its own TCP sockets
    s.setNoDelay(true);
    s.once('connect', () => s.setKeepAlive(true, 0));
  }
  return s;
}

/** Whether `stream` is one of ours (its reads can go to a ReadSink). */
export function isLeanSocket(stream: unknown): stream is LeanSocket {
  return stream instanceof net.Socket && (stream as LeanSocket).leanSink !== undefined;
}

function readInto(socket: LeanSocket, n: number, buf: Buffer): void {
  const sink = socket.leanSink;
  if (sink != null && sink.busy) return sink.takeVolatile(buf, n);
  // mysql2 keeps parts of what it is given: a copy of its own
  const copy = Buffer.allocUnsafe(n);
  buf.copy(copy, 0, 0, n);
  socket.emit('data', copy);
}

interface StreamHandle {
  writeBuffer(req: WriteRequest, data: Buffer): number;
}
interface WriteRequest {
  handle: StreamHandle;
  oncomplete: (status: number) => void;
  async: boolean;
  buffer: Buffer | null;
}
interface StreamWrapBinding {
  WriteWrap: new () => WriteRequest;
  streamBaseState: Int32Array;
  kLastWriteWasAsync: number;
}

/** Node's stream_wrap binding, or null where this Node has none we can use. */
function streamWrap(): StreamWrapBinding | null {
  try {
    const b = (process as unknown as { binding(name: string): Partial<StreamWrapBinding> }).binding('stream_wrap');
    if (typeof b.WriteWrap !== 'function' || !(b.streamBaseState instanceof Int32Array) || typeof b.kLastWriteWasAsync !== 'number') return null;
    return b as StreamWrapBinding;
  } catch {
    return null;
  }
}

const BINDING = streamWrap();

/** Whether writeDirect() can bypass the writable stream on this Node (for tests). */
export const directWrites = BINDING !== null;

function writeDone(this: WriteRequest): void {
  // a write that completed later: its buffer may go (errors reach the socket's reads)
  this.buffer = null;
}

/**
 * Writes `data` to `socket`. `data` must not change until the reply to it is in (the server
 * answers only once it has it all, so by then the write is complete).
 */
export function writeDirect(socket: net.Socket, data: Buffer): void {
  const handle = (socket as unknown as { _handle: StreamHandle | null })._handle;
  if (BINDING === null || handle == null || socket.writableLength > 0 || socket.connecting || socket.destroyed) {
    socket.write(data);
    return;
  }
  const req = new BINDING.WriteWrap();
  req.handle = handle;
  req.oncomplete = writeDone;
  req.async = false;
  req.buffer = null;
  const err = handle.writeBuffer(req, data);
  if (err !== 0) {
    // nothing went out: the socket's own write meets the same error and reports it
    socket.write(data);
    return;
  }
  // libuv sends the rest later from `data`: keep it referenced until then
  if (BINDING.streamBaseState[BINDING.kLastWriteWasAsync] !== 0) req.buffer = data;
}
