// Writing to a socket without Node's writable-stream machinery (no Writable state, write
// request bookkeeping or nextTick per write): the bytes go to the socket's handle as
// net.Socket's own _write() sends them, with a write request of Node's own class. That class
// is learned from the first write Node makes on one of our sockets (a connection's handshake
// goes through socket.write()): its handle's writeBuffer() is looked over once. Until then, and
// when the socket is not ready or has writes queued, the socket's write() sends the bytes;
// test/unit/mysql-lean-node-internals.test.ts says when Node changed.
import type net from 'node:net';
import { getSystemErrorName } from 'node:util';

interface StreamHandle {
  writeBuffer(req: WriteRequest, data: Buffer): number;
  /** bytes libuv still has to write (it finishes them later): live, read after each write */
  readonly writeQueueSize: number;
}
interface WriteRequest {
  handle: StreamHandle;
  oncomplete: (this: WriteRequest, status: number) => void;
  async: boolean;
  bytes: number;
  buffer: Buffer | null;
  socket: net.Socket | null;
}

/** Node's write request class (its stream_wrap WriteWrap), once a write of Node's showed it. */
let WriteWrap: (new () => WriteRequest) | null = null;

/** Whether writeDirect() bypasses the writable stream now (for tests). */
export function directWrites(): boolean {
  return WriteWrap !== null;
}

/**
 * Looks at the request the next write through `handle` is made with (net.Socket's write():
 * writeGeneric() calls handle.writeBuffer(req, data)), then steps aside.
 */
function learnWriteRequest(handle: StreamHandle): void {
  // (a handle looked over already keeps its watch until its next write: a socket that writes
  // no more leaves the class to the next socket's write)
  if (Object.prototype.hasOwnProperty.call(handle, 'writeBuffer') || typeof handle.writeBuffer !== 'function') return;
  const own = handle as { writeBuffer?: StreamHandle['writeBuffer'] };
  own.writeBuffer = function (this: StreamHandle, req: WriteRequest, data: Buffer): number {
    delete own.writeBuffer;
    const c = (req as { constructor?: unknown } | null)?.constructor;
    if (WriteWrap === null && typeof c === 'function' && c !== Object) WriteWrap = c as new () => WriteRequest;
    return handle.writeBuffer(req, data);
  };
}

function writeError(status: number): Error {
  const code = getSystemErrorName(status);
  return Object.assign(new Error(`write ${code}`), { code, errno: status, syscall: 'write' });
}

/** A write that finished later (the socket's send buffer was full): a failure ends the socket. */
function writeDone(this: WriteRequest, status: number): void {
  const socket = this.socket;
  this.buffer = null;
  this.socket = null;
  if (status < 0 && socket !== null) socket.destroy(writeError(status));
}

/**
 * Writes `data` to `socket`. True when the kernel took all of it (the caller may fill `data`
 * again); false when something still holds it: a write libuv finishes later, or one that went
 * through the socket's writable stream. A failed write ends the socket with the error, as
 * net.Socket's own writes do.
 */
export function writeDirect(socket: net.Socket, data: Buffer): boolean {
  const handle = (socket as unknown as { _handle: StreamHandle | null })._handle;
  // anything queued in the writable stream goes first; no handle yet, or gone: Node's own path
  if (WriteWrap === null || handle == null || socket.connecting || socket.destroyed || socket.writableLength > 0 ||
      typeof handle.writeBuffer !== 'function') {
    if (WriteWrap === null && handle != null) learnWriteRequest(handle);
    socket.write(data);
    return false;
  }
  const req = spareRequest ?? newRequest(WriteWrap);
  req.handle = handle;
  const err = handle.writeBuffer(req, data);
  if (err !== 0) {
    socket.destroy(writeError(err));
    return false;
  }
  if (handle.writeQueueSize > 0) {
    // libuv writes the rest later: the request is now the pending write's (Node binds its
    // native half to it); keep the bytes alive, and hear about a failure
    spareRequest = null;
    req.async = true;
    req.buffer = data;
    req.socket = socket;
    return false;
  }
  spareRequest = req;
  return true;
}

// Node binds a write request object to a native write only when the kernel did not take all
// the bytes at once (StreamBase::Write); until then it is a plain argument, so one request
// serves every write that completes at once, and a new one replaces it after a pending write.
let spareRequest: WriteRequest | null = null;

function newRequest(Request: new () => WriteRequest): WriteRequest {
  const req = new Request();
  req.oncomplete = writeDone;
  req.async = false;
  req.bytes = 0;
  req.buffer = null;
  req.socket = null;
  return req;
}

/**
 * Writes that wait for the end of this turn of the event loop. The lists keep their length
 * (setting an array's length to 0 gives up its storage, and the next turn's pushes allocate it
 * again): `n` entries are in use, the rest are null.
 */
class PendingWrites {
  readonly sockets: (net.Socket | null)[] = [];
  readonly data: (Buffer | null)[] = [];
  n = 0;

  add(socket: net.Socket, data: Buffer): void {
    this.sockets[this.n] = socket;
    this.data[this.n] = data;
    this.n++;
  }
}

let soon = new PendingWrites();
let spare = new PendingWrites();

function flushSoon(): void {
  const q = soon;
  // a write made while these go out waits for the next turn
  soon = spare;
  spare = q;
  const { sockets, data } = q;
  for (let i = 0; i < q.n; i++) {
    const socket = sockets[i]!;
    const bytes = data[i]!;
    sockets[i] = null;
    data[i] = null;
    writeDirect(socket, bytes);
  }
  q.n = 0;
}

/**
 * Writes `data` to `socket` as writeDirect() does, once the replies read in this turn of the
 * event loop have been handled (setImmediate): the queries of one turn go out back to back,
 * and the worker then waits, instead of a query going out after each reply while the servers'
 * threads it wakes wait for the CPU (2 CPUs, oltp_point_select, MariaDB on the same machine:
 * 3-10% more tps at 16 and 64 threads; client and server system CPU per event both lower).
 * `data` must stay as it is until then.
 */
export function writeSoon(socket: net.Socket, data: Buffer): void {
  if (soon.n === 0) setImmediate(flushSoon);
  soon.add(socket, data);
}

/**
 * Sends the writes waiting for the end of the turn now (--rate: the events just handed out
 * start at once; their queries go out together, not after the rest of the turn).
 */
export function flushPendingWrites(): void {
  if (soon.n > 0) flushSoon();
}

// the query sockets open on this thread (countSocket)
let openSockets = 0;

/** Counts `socket` among this thread's query sockets while it is open. */
export function countSocket(socket: net.Socket): void {
  openSockets++;
  socket.once('close', () => { openSockets--; });
}

/** Whether this thread has more than one query socket open. */
export function severalSockets(): boolean {
  return openSockets > 1;
}

/**
 * Sends a query's bytes: with several query sockets open on this thread, at the end of the
 * turn (writeSoon); a single connection's query at once (waiting for the turn's end would only
 * add to its latency: 2-4% fewer tps at 1 thread). True when `data` may be reused by the
 * connection's next command, which waits for this one's reply: the bytes are then out.
 */
export function writeQuery(socket: net.Socket, data: Buffer): boolean {
  if (severalSockets()) {
    writeSoon(socket, data);
    return true;
  }
  return writeDirect(socket, data);
}
