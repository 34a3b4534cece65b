// The plain (non-TLS) socket pg connects with: its reads land in a buffer of the
// connection's own (net.Socket's `onread` option), not in a new Buffer per read pushed
// through a readable stream. While pg connects, each read is handed to pg's parser as a
// 'data' event (a copy); once the connection is up, PgConnection takes the reads over
// (take) and cuts messages out of the buffer in place. A query's bytes go straight to the
// socket's handle (../direct-write.ts).
import net from 'node:net';
import { countSocket } from '../direct-write.js';

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
  countSocket(r.socket);
  return r.socket;
}

/** The read side of `stream` if pgSocket() made it (pg keeps it unless it switched to TLS). */
export function readsOf(stream: object): SocketReads | undefined {
  return reads.get(stream);
}
