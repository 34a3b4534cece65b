// Waiting until a socket has handed what was written to it to the operating system.
import type { Writable } from 'node:stream';

/**
 * Calls `cb` once `stream` has no bytes waiting to be written because of a full socket buffer:
 * at once when nothing waits (or the stream is gone), else at its 'drain' (or 'close', when
 * the connection goes first). A few bytes of a small write may still be queued when `cb` runs:
 * 'drain' only follows writes that filled the stream's own buffer, which a statement too
 * large for the socket's buffer does.
 */
export function whenFlushed(stream: Writable | null | undefined, cb: () => void): void {
  if (stream == null || stream.destroyed || !stream.writableNeedDrain) return cb();
  const done = (): void => {
    stream.off('drain', done);
    stream.off('close', done);
    cb();
  };
  stream.on('drain', done);
  stream.on('close', done);
}
