// All of sysbench's output goes to stdout, unbuffered. We write synchronously to fd 1 from
// every thread, so lines from worker threads and the main thread keep their real order.
import { writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { LogTextFilter, SHARED_FILTER_WORDS } from './format/logtext.js';
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

/** Words of the logger state the threads of a run share (see Logger.share). */
const enum P { Verbosity, Flags, Filter, Size = Filter + SHARED_FILTER_WORDS }

/** Process-wide "done once" flags (Logger.once). */
export const enum OnceFlag {
  /** drv_mysql.c's mysql_library_init() trace line */
  MysqlLibraryInit = 1,
}

/**
 * sysbench's logger: a priority prefix, filtered by --verbosity, all on stdout. sysbench has
 * one logger for all its threads: during a run the main thread shares its state (verbosity,
 * the duplicate filter) with the workers' loggers through shared memory.
 */
export class Logger {
  /** sysbench suppresses a message identical to the previous one ("last message repeated") */
  readonly filter = new LogTextFilter();
  private level: number;
  private flags = 0;
  private shared: Int32Array | null = null;

  constructor(
    verbosity: number = LogLevel.Notice,
    readonly out: Writer = stdoutWriter,
    /** the state of the main thread's logger (Logger.share()), for a worker's logger */
    shared?: SharedArrayBuffer,
  ) {
    this.level = verbosity;
    if (shared) {
      this.shared = new Int32Array(shared);
      this.filter.attach(this.shared.subarray(P.Filter));
    }
  }

  /** --verbosity; a change (drv_mysql.c's --mysql-debug sets 5) reaches every thread sharing this logger */
  get verbosity(): number {
    return this.shared === null ? this.level : this.shared[P.Verbosity];
  }
  set verbosity(v: number) {
    if (this.shared === null) this.level = v;
    else Atomics.store(this.shared, P.Verbosity, v);
  }

  /** This logger's state in shared memory, for the workers' loggers (made on first call). */
  share(): SharedArrayBuffer {
    if (this.shared === null) {
      const w = new Int32Array(new SharedArrayBuffer(P.Size * 4));
      w[P.Verbosity] = this.level;
      w[P.Flags] = this.flags;
      this.filter.share(w.subarray(P.Filter));
      this.shared = w;
    }
    return this.shared.buffer as SharedArrayBuffer;
  }

  /** True the first time any thread sharing this logger asks for `flag`. */
  once(flag: OnceFlag): boolean {
    if (this.shared === null) {
      const first = (this.flags & flag) === 0;
      this.flags |= flag;
      return first;
    }
    return (Atomics.or(this.shared, P.Flags, flag) & flag) === 0;
  }

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
