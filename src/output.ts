// All of sysbench's output goes to stdout, unbuffered. We write synchronously to fd 1 from
// every thread, so lines from worker threads and the main thread keep their real order.
import { writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { LogTextFilter } from './format/logtext.js';
import { encodeText } from './format/bytes.js';

/** Writes text; a buffering writer also has flush(), which writes what it holds at once. */
export type Writer = ((text: string) => void) & { flush?: () => void };

function writeAll(fd: number, text: string): void {
  // bytes a script printed that are not UTF-8 go out as they were (format/bytes.ts)
  let buf = encodeText(text);
  while (buf.length > 0) {
    try {
      const n = writeSync(fd, buf);
      buf = buf.subarray(n);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') {
        // the reader went away (e.g. `| head`): C sysbench dies of SIGPIPE; so do we, quietly
        if (isMainThread) process.exit(141);
        return;
      }
      // a non-blocking pipe that is full: wait for the reader
      if (code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

export const stdoutWriter: Writer = (text) => writeAll(1, text);
export const stderrWriter: Writer = (text) => writeAll(2, text);

/**
 * A writer that collects what one turn of the event loop writes and writes it at once.
 * Worker threads use it so that the lines a sysbench thread prints together (e.g. the FATAL
 * lines of a failed thread_init) are not interleaved with another worker's.
 */
export function tickBatchedWriter(target: Writer): Writer {
  let pending = '';
  const flush = (): void => {
    const text = pending;
    pending = '';
    target(text);
  };
  const write: Writer = (text) => {
    if (pending === '') queueMicrotask(flush);
    pending += text;
  };
  write.flush = () => { if (pending !== '') flush(); };
  return write;
}

export const enum LogLevel {
  Fatal = 0,
  Alert = 1,
  Warning = 2,
  Notice = 3,
  Info = 4,
  Debug = 5,
}

const PREFIX = ['FATAL: ', 'ALERT: ', 'WARNING: ', '', '', 'DEBUG: '];

/** sysbench's logger: a priority prefix, filtered by --verbosity, all on stdout. */
export class Logger {
  /** sysbench suppresses a message identical to the previous one ("last message repeated") */
  readonly filter = new LogTextFilter();

  constructor(
    public verbosity: number = LogLevel.Notice,
    readonly out: Writer = stdoutWriter,
  ) {}

  log(level: LogLevel, msg: string): void {
    if (level <= this.verbosity) {
      const text = this.filter.text(PREFIX[level] + msg);
      if (text) this.out(text);
    }
  }
  fatal(msg: string): void { this.log(LogLevel.Fatal, msg); }
  alert(msg: string): void { this.log(LogLevel.Alert, msg); }
  warning(msg: string): void { this.log(LogLevel.Warning, msg); }
  notice(msg: string): void { this.log(LogLevel.Notice, msg); }
  info(msg: string): void { this.log(LogLevel.Info, msg); }
  debug(msg: string): void { this.log(LogLevel.Debug, msg); }
  /** "[ 12s ] ..." lines of intermediate reports */
  timestamp(level: LogLevel, seconds: number, msg: string): void {
    if (level <= this.verbosity) this.out(`[ ${seconds.toFixed(0)}s ] ${msg}\n`);
  }
  /** raw text at a level (no prefix); used for report blocks */
  raw(level: LogLevel, text: string): void {
    if (level <= this.verbosity) this.out(text);
  }
}
