// For the tests of --debug, --db-debug and --mysql-debug output: the reference transcripts of
// those runs (test/fixtures/reference/, made by scripts/reference-transcripts.mjs), and the
// layout their comparison uses.
import { readFileSync } from 'node:fs';
import { layout } from './sysbench.js';

const CANONICAL_DB = 'sbtest';
const CANONICAL_SOCKET = '/run/mysqld/mysqld.sock';

export interface TranscriptRun {
  /** the command line after "sysbench", with the canonical connection options */
  args: string[];
  /** what it printed (stdout and stderr together) */
  output: string;
}

/** The commands of transcript `name` and their outputs, in order. */
export function transcriptRuns(name: string): TranscriptRun[] {
  const text = readFileSync(new URL(`../fixtures/reference/${name}.txt`, import.meta.url), 'utf8');
  return text.split(/^\$ sysbench /m).filter(Boolean).map((part) => {
    const nl = part.indexOf('\n');
    const cmd = part.slice(0, nl).replace(/ {3}#.*$/, '');
    return { args: cmd.split(' ').filter(Boolean), output: part.slice(nl + 1) };
  });
}

/** A transcript's command line pointed at this test's database and socket. */
export function withConnection(args: string[], db: string, socket: string): string[] {
  return args.map((a) => (a === `--mysql-db=${CANONICAL_DB}` ? `--mysql-db=${db}` : a === `--mysql-socket=${CANONICAL_SOCKET}` ? `--mysql-socket=${socket}` : a));
}

/**
 * Lines to compare: this test's database and socket written as the transcripts' ones, C
 * pointers as PTR, then numbers masked and spaces collapsed (layout()).
 */
export function debugLayout(text: string, db?: string, socket?: string): string[] {
  let t = text;
  if (socket) t = t.split(socket).join(CANONICAL_SOCKET);
  if (db) t = t.split(`"${db}"`).join(`"${CANONICAL_DB}"`).split(`'${db}.`).join(`'${CANONICAL_DB}.`);
  return layout(t.replace(/0x[0-9a-f]+/g, 'PTR'));
}

/**
 * The start-up lines of a run with several threads (or background threads) sorted: in
 * sysbench the threads print them in the order they happen to run.
 */
export function unraced(lines: string[]): string[] {
  const end = lines.indexOf('Threads started!');
  if (end < 0) return lines;
  const start = lines.findIndex((l) => l === 'Initializing worker threads...' || /^DEBUG: (Reporting|Event generating|Checkpoints report) thread started$/.test(l));
  if (start < 0) return lines;
  // the blank line after "Initializing worker threads..." moves with it
  const block = lines.slice(start, end).filter((l) => l !== '').sort();
  return [...lines.slice(0, start), ...block, ...lines.slice(end)];
}

/** Whether a run has background threads (whose start-up lines race with the workers'). */
export function hasBackgroundThreads(args: string[]): boolean {
  return args.some((a) => /^--(report-interval|report-checkpoints|rate)=/.test(a));
}

/**
 * The closing lines at the end of a command the main thread runs (prepare, cleanup) sorted:
 * sysbench closes what the script left open in its garbage collector's order, which varies
 * from run to run (the driver's mysql_thread_end() before or after the connection's
 * mysql_close()).
 */
export function unfinalized(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1] === '') end--;
  let start = end;
  while (start > 0 && /^DEBUG: mysql_(close\(PTR\)|thread_end\(\))$/.test(lines[start - 1])) start--;
  return [...lines.slice(0, start), ...lines.slice(start, end).sort(), ...lines.slice(end)];
}
