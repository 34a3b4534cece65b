// Live progress of long inserts (prepare of millions of rows) on a terminal: rows inserted,
// rate and ETA, on stderr, only when stderr is a TTY. Nothing is written otherwise, and
// nothing ever goes to stdout, so sysbench's output (and its parsers) are not disturbed.
//
// Rows are counted where sysbench's multi-row INSERTs complete: bulk-insert.ts reports them
// through src/lua-runtime/inserted-rows.ts, whose listener the CLI sets to the progress line
// (startInsertProgress) in the main thread, and the Lua workers to a forwarder
// (forwardRowsToMainThread) that posts them over a BroadcastChannel to the main thread, which
// adds them up and draws one line:
// - when stdout is not a terminal (`prepare > out.txt`): a line redrawn in place (\r);
// - when stdout is the same terminal: a status line on the bottom row, outside a scroll
//   region (as apt does), so that lines printed meanwhile by any thread scroll above it and
//   never mix with it. Each draw is one write(2): a terminal does not interleave it with
//   other threads' writes.
// The line appears after 1 s of inserts, is removed when the expected total is reached, at
// exit and on SIGINT/SIGTERM/SIGHUP (the terminal's scroll region is restored).
//
// The CLI starts it for commands other than `run` (which has --report-interval), with the
// expected total from the parsed options: --table-size (or the 0.5 scripts' --oltp-table-size)
// times --tables (--oltp-tables-count), 1 table by default. Without a table size, rows and
// rate are shown without ETA. SYSBENCH_TS_PROGRESS=0 turns it off, =1 forces it on a non-TTY
// stderr (for tests).
import { writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { BroadcastChannel } from 'node:worker_threads';

const CHANNEL = 'sysbench-ts:progress';
const SHOW_AFTER_MS = 1000;
const TICK_MS = 250;
const RATE_WINDOW_MS = 3000;

/** Whether insert progress is wanted: stderr is a terminal, unless SYSBENCH_TS_PROGRESS says otherwise. */
export function progressWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.SYSBENCH_TS_PROGRESS;
  if (force === '0') return false;
  if (force === '1') return true;
  return isatty(2);
}

function positiveInt(s: string | null): number | null {
  if (s === null || !/^\s*\d+\s*$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

/** Rows a prepare will insert: table size times tables (1 when not given); null when unknown. */
export function expectedRows(tableSize: string | null, tables: string | null): number | null {
  const size = positiveInt(tableSize);
  if (size === null) return null;
  const count = tables === null ? 1 : positiveInt(tables);
  return count === null ? null : size * count;
}

// ---- formatting (pure) -------------------------------------------------------------------

const int = (n: number): string => Math.round(n).toLocaleString('en-US');

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The progress line: rows (of total, percent), current rate, ETA from the average rate. */
export function formatProgress(rows: number, total: number | null, rate: number, elapsedMs: number): string {
  const rateText = `${int(rate)} rows/s`;
  if (total === null || rows > total) return `Inserted ${int(rows)} rows, ${rateText}`;
  const pct = Math.floor((rows / total) * 100);
  const avg = elapsedMs > 0 ? rows / (elapsedMs / 1000) : 0;
  const eta = avg > 0 ? `, ETA ${formatDuration((total - rows) / avg)}` : '';
  return `Inserted ${int(rows)} of ${int(total)} rows (${pct}%), ${rateText}${eta}`;
}

// ---- drawing (main thread) ---------------------------------------------------------------

const ESC = '\x1b';
const SAVE = `${ESC}7`;
const RESTORE = `${ESC}8`;

function write(text: string): void {
  try {
    writeSync(2, text);
  } catch {
    // a terminal that went away: progress is best effort
  }
}

interface TermSize { rows: number; columns: number }

function termSize(): TermSize {
  const s = process.stderr as NodeJS.WriteStream;
  // a pseudo-terminal without a size (e.g. under script(1)) reports 0
  return { rows: s.rows || 0, columns: s.columns || 80 };
}

class ProgressLine {
  private rows = 0;
  private startMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private samples: { t: number; rows: number }[] = [];
  /** 'inline': redrawn with \r; 'status': bottom row outside a scroll region; null: not shown */
  private shown: 'inline' | 'status' | null = null;
  private statusRows = 0;
  private total: number | null;
  private readonly onSignal = (sig: NodeJS.Signals): void => {
    this.hide();
    // then the signal's usual effect, unless someone else handles it
    if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
  };
  private readonly onResize = (): void => {
    if (this.shown !== 'status') return;
    this.hide();
    this.draw();
  };

  constructor(total: number | null, private readonly stdoutIsTerminal: boolean) {
    this.total = total;
    process.once('exit', () => this.hide());
  }

  add(n: number): void {
    const now = Date.now();
    if (this.startMs === 0) {
      this.startMs = now;
      this.samples = [{ t: now, rows: 0 }];
      this.timer = setInterval(() => this.tick(), TICK_MS);
      this.timer.unref();
    }
    this.rows += n;
    if (this.total !== null && this.rows >= this.total) {
      // done (or the total was wrong: carry on without it)
      if (this.rows > this.total) this.total = null;
      else this.finish();
    }
  }

  private tick(): void {
    const now = Date.now();
    this.samples.push({ t: now, rows: this.rows });
    while (this.samples.length > 2 && now - this.samples[1].t >= RATE_WINDOW_MS) this.samples.shift();
    if (now - this.startMs >= SHOW_AFTER_MS) this.draw();
  }

  private rate(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    const dt = last.t - first.t;
    return dt > 0 ? ((last.rows - first.rows) * 1000) / dt : 0;
  }

  private text(columns: number): string {
    const t = formatProgress(this.rows, this.total, this.rate(), Date.now() - this.startMs);
    // never wrap: a wrapped line cannot be redrawn in place
    return t.length >= columns ? t.slice(0, Math.max(0, columns - 1)) : t;
  }

  private draw(): void {
    const { rows, columns } = termSize();
    if (this.shown === null) {
      this.shown = this.stdoutIsTerminal && rows >= 3 ? 'status' : 'inline';
      for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, this.onSignal);
      if (this.shown === 'status') {
        this.statusRows = rows;
        // one new line so that the row taken from the scroll region holds nothing yet; the
        // region (rows 1..n-1) moves the cursor home, hence save / restore
        write(`\n${SAVE}${ESC}[1;${rows - 1}r${RESTORE}${ESC}[1A`);
        (process.stderr as NodeJS.WriteStream).on('resize', this.onResize);
      }
    }
    if (this.shown === 'inline') write(`\r${this.text(columns)}${ESC}[K`);
    else write(`${SAVE}${ESC}[${this.statusRows};1H${ESC}[2K${this.text(columns)}${RESTORE}`);
  }

  /** Removes the line (the scroll region too); drawing starts again on the next tick. */
  private hide(): void {
    if (this.shown === 'inline') write(`\r${ESC}[K`);
    else if (this.shown === 'status') {
      write(`${SAVE}${ESC}[r${RESTORE}${SAVE}${ESC}[${this.statusRows};1H${ESC}[2K${RESTORE}`);
      (process.stderr as NodeJS.WriteStream).off('resize', this.onResize);
    }
    if (this.shown !== null) for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(sig, this.onSignal);
    this.shown = null;
  }

  /** The expected rows are in: remove the line and stop until more rows come. */
  private finish(): void {
    this.hide();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.startMs = 0;
    this.rows = 0;
    this.samples = [];
    this.total = null;
  }
}

// ---- wiring ------------------------------------------------------------------------------

/**
 * Main thread: draws the progress line of `total` expected rows (null: unknown) and adds up
 * what worker threads forward. Returns the listener for this thread's own rows.
 */
export function startInsertProgress(total: number | null, stdoutIsTerminal = isatty(1)): (rows: number) => void {
  const line = new ProgressLine(total, stdoutIsTerminal);
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e) => {
    const n = (e as MessageEvent).data;
    if (typeof n === 'number') line.add(n);
  };
  channel.unref();
  return (n) => line.add(n);
}

let forwarder: ((rows: number) => void) | null = null;

/** Worker thread: a listener that forwards this thread's rows to the main thread's line. */
export function forwardRowsToMainThread(): (rows: number) => void {
  if (forwarder === null) {
    const channel = new BroadcastChannel(CHANNEL);
    channel.unref();
    forwarder = (n) => channel.postMessage(n);
  }
  return forwarder;
}
