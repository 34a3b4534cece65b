// What libpq (and so sysbench's pgsql driver) says about failures: PQerrorMessage() of a
// server error with its "LINE n:" cursor, the lost-connection text, PQcmdTuples(), and
// the DbError the driver reports with them.
import type { DbError } from '../driver.js';

/** A DbError with what sysbench's driver prints about it. */
export interface PgError extends DbError {
  /** the text PQerrorMessage() would return (severity, message, cursor, DETAIL/HINT/...) */
  report: string;
  /** the libpq function sysbench called (its FATAL lines name it) */
  func: 'PQexec' | 'PQexecPrepared' | 'PQprepare';
  /** the statement text sysbench logs with "failed query was:" (PQexec only) */
  query: string | null;
  /** no SQLSTATE (sysbench's Lua layer reports such failures as "SQL API error") */
  api: boolean;
}

/** pg's error object for an ErrorResponse */
export interface ServerError extends Error {
  severity?: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  internalPosition?: string;
  internalQuery?: string;
  where?: string;
}

/** libpq's PGRES_FATAL_ERROR, printed in sysbench's "PQexec() failed: 7 ..." */
export const PGRES_FATAL_ERROR = 7;

export const LOST = 'server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally\n\tbefore or while processing the request.\n';

const DISPLAY_SIZE = 60;
const MIN_RIGHT_CUT = 10;

/**
 * The "LINE n: ..." and caret lines libpq appends for an error position (1-based, in
 * characters). Long lines are cut to about 60 columns around the position, with "...".
 */
export function errorCursor(query: string, position: number): string {
  const loc = position - 1;
  if (loc < 0) return '';
  const chars = Array.from(query);
  // columns: one per character, tabs shown as spaces
  let line = 1;
  let begin = 0;
  let end = -1;
  let n = 0;
  for (; n < chars.length; n++) {
    const ch = chars[n];
    if (ch === '\t') chars[n] = ' ';
    else if (ch === '\r' || ch === '\n') {
      if (n < loc) {
        if (ch === '\r' || n === 0 || chars[n - 1] !== '\r') line++;
        begin = n + 1;
      } else {
        end = n;
        break;
      }
    }
  }
  if (end < 0) end = n;
  if (loc > n) return '';
  let cutLeft = false;
  let cutRight = false;
  if (end - begin > DISPLAY_SIZE) {
    if (begin + DISPLAY_SIZE >= loc + MIN_RIGHT_CUT) {
      end = begin + DISPLAY_SIZE;
      cutRight = true;
    } else {
      if (loc + MIN_RIGHT_CUT < end) {
        end = loc + MIN_RIGHT_CUT;
        cutRight = true;
      }
      if (end - begin > DISPLAY_SIZE) {
        begin = end - DISPLAY_SIZE;
        cutLeft = true;
      }
    }
  }
  const prefix = `LINE ${line}: ` + (cutLeft ? '...' : '');
  const text = chars.slice(begin, end).join('');
  return prefix + text + (cutRight ? '...' : '') + '\n' + ' '.repeat(prefix.length + loc - begin) + '^\n';
}

/** PQerrorMessage() for a server error (default verbosity, context shown for errors). */
export function serverErrorReport(e: ServerError, query: string | null): string {
  let out = `${e.severity ?? 'ERROR'}:  ${e.message}`;
  let cursor = '';
  if (e.position !== undefined) {
    if (query !== null) cursor = errorCursor(query, parseInt(e.position, 10));
    else out += ` at character ${e.position}`;
  } else if (e.internalPosition !== undefined) {
    if (e.internalQuery !== undefined) cursor = errorCursor(e.internalQuery, parseInt(e.internalPosition, 10));
    else out += ` at character ${e.internalPosition}`;
  }
  out += '\n' + cursor;
  if (e.detail !== undefined) out += `DETAIL:  ${e.detail}\n`;
  if (e.hint !== undefined) out += `HINT:  ${e.hint}\n`;
  if (e.internalQuery !== undefined) out += `QUERY:  ${e.internalQuery}\n`;
  if (e.where !== undefined) out += `CONTEXT:  ${e.where}\n`;
  return out;
}

export function toPgError(e: unknown, func: PgError['func'], query: string | null, reportQuery: string | null): PgError {
  const se = e as ServerError;
  if (typeof se?.code === 'string' && /^[0-9A-Z]{5}$/.test(se.code) && se.severity !== undefined) {
    return {
      errno: 0, sqlState: se.code, message: se.message, connectionLost: false,
      report: serverErrorReport(se, reportQuery), func, query, api: false,
    };
  }
  const report = socketLost(se) ? LOST : `${se?.message ?? String(e)}\n`;
  return { errno: 0, sqlState: '', message: report.trimEnd(), connectionLost: false, report, func, query, api: true };
}

function socketLost(e: ServerError | undefined): boolean {
  const m = e?.message ?? '';
  return m.startsWith('Connection terminated') || m.includes('not queryable') || m.includes('ECONNRESET') ||
    (e as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET' || (e as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
}

/** An empty query string: PGRES_EMPTY_QUERY, which sysbench fails without a message. */
export function emptyQuery(func: PgError['func'], query: string | null): PgError {
  return { errno: 0, sqlState: '', message: '', connectionLost: false, report: '', func, query, api: true };
}

/** PQcmdTuples(): the row count of INSERT/UPDATE/DELETE/SELECT/MOVE/FETCH/COPY/MERGE tags. */
export function cmdTuples(tag: string): number {
  let i: number;
  if (tag.startsWith('INSERT ')) {
    i = tag.indexOf(' ', 7);
    if (i < 0) return 0;
    i++;
  } else if (tag.startsWith('DELETE ') || tag.startsWith('UPDATE ') || tag.startsWith('SELECT ') ||
             tag.startsWith('MERGE ')) {
    i = tag.indexOf(' ') + 1;
  } else if (tag.startsWith('FETCH ') || tag.startsWith('MOVE ') || tag.startsWith('COPY ')) {
    i = tag.indexOf(' ') + 1;
  } else {
    return 0;
  }
  let n = 0;
  let digits = 0;
  for (; i < tag.length; i++) {
    const c = tag.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return 0;
    n = n * 10 + c;
    digits++;
  }
  return digits > 0 ? n : 0;
}
