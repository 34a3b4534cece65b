/**
 * sysbench's console text handler, the part that matters for reports.
 *
 * Every log_text() message goes through a duplicate filter: a message whose
 * text (without the priority prefix) equals the previous log_text() message
 * is not printed but counted, and the next different message is preceded by
 * "(last message repeated N times)". Timestamped messages (log_timestamp():
 * intermediate reports, "Checkpoint report:") and direct printf output (the
 * --histogram table, Lua print()/io.write()) bypass the filter and do not
 * change its state. Messages filtered out by --verbosity never reach it.
 *
 * Visible effect in reports: with --report-checkpoints, tests whose
 * cumulative report starts with sb_report_cumulative()'s blank line (threads,
 * mutex, scripts without a DB connection) print
 * "(last message repeated 1 times)" instead of that blank line, because the
 * previous report also ended with a blank line.
 */

const PREFIXES = ['FATAL: ', 'ALERT: ', 'WARNING: ', 'DEBUG: '];

function stripPrefix(msg: string): string {
  for (const p of PREFIXES) if (msg.startsWith(p)) return msg.slice(p.length);
  return msg;
}

/**
 * Words of the filter state every thread of the process shares once the filter is shared
 * (sysbench has one logger for all its threads): a lock, whether there is a last message,
 * its hash and length, and the repeat count.
 */
const enum W { Lock, HasLast, Hash, Len, Repeats, Size }

/** Int32 words a shared filter needs (see LogTextFilter.share). */
export const SHARED_FILTER_WORDS = W.Size;

/** FNV-1a over the UTF-16 code units: equal texts, equal hashes. */
function hashText(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

export class LogTextFilter {
  /** text of the last printed message; null before the first one */
  private last: string | null = null;
  private repeats = 0;
  /** once shared: the state in shared memory (other threads' messages count too) */
  private words: Int32Array | null = null;

  /**
   * Moves this filter's state into `words` (SHARED_FILTER_WORDS Int32 words of a
   * SharedArrayBuffer, zeroed), so that filters attached to the same words on other threads
   * continue it.
   */
  share(words: Int32Array): void {
    if (this.last !== null) {
      words[W.HasLast] = 1;
      words[W.Hash] = hashText(this.last);
      words[W.Len] = this.last.length;
    }
    words[W.Repeats] = this.repeats;
    this.words = words;
  }

  /** Uses the shared state another thread's filter made (see share()). */
  attach(words: Int32Array): void {
    this.words = words;
  }

  /**
   * Process one log_text() message (priority prefix included in `msg`, no
   * trailing newline). Returns what sysbench writes for it ('' if suppressed).
   */
  text(msg: string): string {
    const body = stripPrefix(msg);
    if (this.words !== null) return this.sharedText(this.words, msg, body);
    if (body === this.last) {
      this.repeats++;
      return '';
    }
    let out = '';
    if (this.repeats > 0) out = `(last message repeated ${this.repeats} times)\n`;
    this.repeats = 0;
    this.last = body;
    return out + msg + '\n';
  }

  private sharedText(w: Int32Array, msg: string, body: string): string {
    const hash = hashText(body);
    while (Atomics.compareExchange(w, W.Lock, 0, 1) !== 0);
    let out = '';
    if (w[W.HasLast] === 1 && w[W.Hash] === hash && w[W.Len] === body.length) {
      w[W.Repeats]++;
    } else {
      if (w[W.Repeats] > 0) out = `(last message repeated ${w[W.Repeats]} times)\n`;
      w[W.Repeats] = 0;
      w[W.HasLast] = 1;
      w[W.Hash] = hash;
      w[W.Len] = body.length;
      out += msg + '\n';
    }
    Atomics.store(w, W.Lock, 0);
    return out;
  }

  /** Process a list of messages. */
  messages(msgs: readonly string[]): string {
    let out = '';
    for (const m of msgs) out += this.text(m);
    return out;
  }
}

/**
 * Render messages as sysbench prints them. Without a filter every message is
 * printed (each followed by a newline); pass the process-wide LogTextFilter
 * to reproduce duplicate suppression.
 */
export function renderMessages(msgs: readonly string[], filter?: LogTextFilter): string {
  if (filter) return filter.messages(msgs);
  let out = '';
  for (const m of msgs) out += m + '\n';
  return out;
}
