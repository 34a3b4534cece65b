// The socket under a plain (no TLS, no compression) mysql2 connection, made by us so that its
// reads skip Node's readable-stream machinery: Node reads into one buffer per worker thread
// (net.Socket's `onread` option) and calls readInto() below, with no allocation per read.
// While the lean path has a command in flight its reader takes the bytes from that buffer
// (copying only what it keeps); at any other time mysql2 gets a copy through the 'data' event
// it listens to, as from a socket of its own.
//
// Its writes skip Node's writable-stream machinery too (../../direct-write.ts).
import net from 'node:net';
import type { Target } from '../errors.js';
import { countSocket } from '../../direct-write.js';

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

/** A connected-to-be socket for mysql2's `stream` option. */
export function leanSocket(target: Target): LeanSocket {
  // (returning false would stop reading)
  const onread = (n: number, buf: Uint8Array): boolean => {
    readInto(s, n, buf as Buffer);
    return true;
  };
  const read = { buffer: READ_BUFFER, callback: onread };
  const s: LeanSocket = net.connect(target.socketPath !== undefined
    ? { path: target.socketPath, onread: read }
    : { host: target.host, port: target.port ?? 3306, onread: read });
  s.leanSink = null;
  countSocket(s);
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
