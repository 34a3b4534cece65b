// Writing to a socket without Node's writable-stream machinery (no Writable state, write
// request bookkeeping or nextTick per write): the bytes go to the socket's handle as
// net.Socket's own _write() sends them, through the WriteWrap request of
// process.binding('stream_wrap'), one of the bindings Node keeps for compatibility. Where that
// is missing (a later Node), or the socket is not ready or has writes queued, the socket's
// write() sends them; test/mysql-lean-node-internals.test.ts says when Node changed.
import type net from 'node:net';

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
