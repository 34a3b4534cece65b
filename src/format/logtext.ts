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

export class LogTextFilter {
  /** text of the last printed message; null before the first one */
  private last: string | null = null;
  private repeats = 0;

  /**
   * Process one log_text() message (priority prefix included in `msg`, no
   * trailing newline). Returns what sysbench writes for it ('' if suppressed).
   */
  text(msg: string): string {
    const body = stripPrefix(msg);
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
