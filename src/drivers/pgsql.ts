// PostgreSQL driver on `pg`, with the semantics of sysbench 1.0.20's libpq driver:
// connection and error texts as libpq words them, named server-side prepared statements
// whose names come from the thread's generator, parameters typed at bind time, the
// read/write/other classification, and the ROLLBACK that follows an ignorable error.
//
// pg's Client is only used for the connection (startup, authentication, TLS) and its
// message stream: every statement is a small "submittable" object that writes its own
// protocol messages and collects the replies, so no pg Query/Result objects are built.
import pg from 'pg';
import dns from 'node:dns';
import net from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../output.js';
import {
  type ConnectFailure, type DbCallback, type DbConnection, type DbDriver,
  type DbError, type DbResult, type DbStatement,
} from './driver.js';
import { SbCounter } from '../stats/counters.js';

export interface PgsqlOptions {
  host: string;
  port: string;
  user: string;
  password: string;
  db: string;
  /** libpq sslmode: disable, allow, prefer, require, verify-ca, verify-full */
  sslmode: string;
  /** SQLSTATE codes, or ['all'] (sysbench-ts extension; sysbench's fixed list by default) */
  ignoreErrors: string[];
  psMode: 'auto' | 'disable';
}

// sysbench.sql.type values
const T_TINYINT = 1, T_SMALLINT = 2, T_INT = 3, T_BIGINT = 4, T_FLOAT = 5, T_DOUBLE = 6;
const T_DATETIME = 9, T_TIMESTAMP = 10, T_CHAR = 11, T_VARCHAR = 12;

/** The parameter type OIDs sysbench declares for each sysbench.sql.type (-1: unknown type). */
function paramOid(type: number): number {
  switch (type) {
    case T_TINYINT: return 0;
    case T_SMALLINT: return 21;
    case T_INT: return 23;
    case T_BIGINT: return 20;
    case T_FLOAT: return 700;
    case T_DOUBLE: return 701;
    case T_DATETIME: return 0;
    case T_TIMESTAMP: return 1114;
    case T_CHAR: return 18;
    case T_VARCHAR: return 1043;
    default: return -1;
  }
}

/** libpq's PGRES_FATAL_ERROR, printed in sysbench's "PQexec() failed: 7 ..." */
const PGRES_FATAL_ERROR = 7;

/** Debian's compiled-in default socket directory (libpq's DEFAULT_PGSOCKET_DIR) */
const DEFAULT_SOCKET_DIR = '/var/run/postgresql';

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

interface ServerError extends Error {
  severity?: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  internalPosition?: string;
  internalQuery?: string;
  where?: string;
}

// ---- libpq's error texts ------------------------------------------------------------------

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

const LOST = 'server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally\n\tbefore or while processing the request.\n';

function toPgError(e: unknown, func: PgError['func'], query: string | null, reportQuery: string | null): PgError {
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

// ---- replies: what PQexec()/PQexecPrepared() make of them -------------------------------

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

type Row = (string | null)[];

/** One protocol exchange, ending at ReadyForQuery. pg's Client drives it (its "submittable"). */
abstract class Op {
  // pg's Client looks at these
  callback: undefined;
  // the last statement's reply (PQexec keeps the last result of a multi-statement string)
  protected tuples = false;
  protected rowDesc = false;
  protected nfields = 0;
  protected rows: Row[] | null = null;
  protected tag = '';
  protected empty = false;
  conn!: PgConnection;
  /** whether an ignorable error of this exchange is followed by a ROLLBACK (PQexec, PQexecPrepared) */
  readonly rollsBack: boolean = false;

  abstract submit(connection: PgWire): null;

  protected reset(): void {
    this.tuples = false;
    this.rowDesc = false;
    this.nfields = 0;
    this.rows = null;
    this.tag = '';
    this.empty = false;
  }

  handleRowDescription(msg: { fields: unknown[] }): void {
    this.rowDesc = true;
    this.nfields = msg.fields.length;
    this.rows = [];
  }
  handleDataRow(msg: { fields: Row }): void {
    if (this.rows !== null) this.rows.push(msg.fields);
  }
  handleCommandComplete(msg: { text: string }): void {
    this.tuples = this.rowDesc;
    this.rowDesc = false;
    this.tag = msg.text;
    this.empty = false;
  }
  handleEmptyQuery(): void {
    this.empty = true;
  }
  handlePortalSuspended(): void { /* never asked for */ }
  handleCopyInResponse(connection: PgWire): void {
    connection.sendCopyFail('No source stream defined');
  }
  handleCopyData(): void { /* discarded */ }
  handleError(err: unknown): void {
    this.conn.finished(this, err);
  }
  handleReadyForQuery(): void {
    this.conn.finished(this, null);
  }

  /** Called once the exchange is over (err: its error, if any). */
  abstract complete(err: unknown): void;

  protected result(): DbResult | null {
    if (this.empty) return null;
    if (this.tuples) {
      const rows = this.rows ?? [];
      return { counter: SbCounter.Read, nrows: rows.length, nfields: this.nfields, rows };
    }
    const n = cmdTuples(this.tag);
    return { counter: n > 0 ? SbCounter.Write : SbCounter.Other, nrows: n, nfields: 0, rows: null };
  }
}

/** pg's internal Connection: the protocol messages we write. */
interface PgWire {
  stream: { cork?: () => void; uncork?: () => void; write(buf: Buffer): boolean };
  query(text: string): void;
  parse(msg: { name: string; text: string; types: number[] }): void;
  sync(): void;
  sendCopyFail(msg: string): void;
}

/** Describe (unnamed portal), Execute (unnamed portal, all rows), Sync */
const EXEC_TAIL = Buffer.from([
  0x44, 0, 0, 0, 6, 0x50, 0,
  0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0,
  0x53, 0, 0, 0, 4,
]);

/** An empty query string: PGRES_EMPTY_QUERY, which sysbench fails without a message. */
function emptyQuery(func: PgError['func'], query: string | null): PgError {
  return { errno: 0, sqlState: '', message: '', connectionLost: false, report: '', func, query, api: true };
}

/** PQexec(): a simple-protocol query. */
class QueryOp extends Op {
  override readonly rollsBack = true;
  text = '';
  cb: DbCallback<DbResult> | null = null;
  busy = false;

  start(text: string, cb: DbCallback<DbResult>): this {
    this.reset();
    this.text = text;
    this.cb = cb;
    this.busy = true;
    return this;
  }
  submit(connection: PgWire): null {
    connection.query(this.text);
    return null;
  }
  complete(err: unknown): void {
    const cb = this.cb!;
    this.cb = null;
    this.busy = false;
    if (err !== null) return cb(toPgError(err, 'PQexec', this.text, this.text), null);
    const r = this.result();
    if (r === null) return cb(emptyQuery('PQexec', this.text), null);
    cb(null, r);
  }
}

/** PQprepare(): Parse + Sync. */
class ParseOp extends Op {
  // (no `name` property: pg's Client would start its own bookkeeping of named statements)
  constructor(
    private readonly stmtName: string,
    private readonly text: string,
    private readonly types: number[],
    private readonly cb: (err: PgError | null) => void,
  ) {
    super();
  }
  submit(connection: PgWire): null {
    connection.stream.cork?.();
    connection.parse({ name: this.stmtName, text: this.text, types: this.types });
    connection.sync();
    connection.stream.uncork?.();
    return null;
  }
  complete(err: unknown): void {
    this.cb(err === null ? null : toPgError(err, 'PQprepare', null, this.text));
  }
}

/** PQexecPrepared(): Bind + Describe + Execute + Sync. */
class ExecOp extends Op {
  override readonly rollsBack = true;
  cb: DbCallback<DbResult> | null = null;
  busy = false;
  /** Bind's fixed start: unnamed portal, the statement's name, no parameter format codes (all text) */
  private readonly head: Buffer;

  constructor(stmtName: string, private readonly values: (string | null)[]) {
    super();
    const name = Buffer.from(stmtName + '\0', 'utf8');
    this.head = Buffer.alloc(1 + name.length + 2);
    name.copy(this.head, 1);
  }
  start(cb: DbCallback<DbResult>): this {
    this.reset();
    this.cb = cb;
    this.busy = true;
    return this;
  }
  /** Bind + Describe(portal) + Execute + Sync in one buffer, one socket write. */
  submit(connection: PgWire): null {
    const values = this.values;
    const head = this.head;
    const n = values.length;
    // Bind: code, length, head, parameter count, values, result format count (0: all text)
    let bindLen = 4 + head.length + 2 + 2;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      bindLen += 4 + (v === null ? 0 : Buffer.byteLength(v, 'utf8'));
    }
    const buf = Buffer.allocUnsafe(1 + bindLen + EXEC_TAIL.length);
    buf[0] = 0x42; // 'B'
    buf.writeInt32BE(bindLen, 1);
    let at = 5 + head.copy(buf, 5);
    buf.writeInt16BE(n, at);
    at += 2;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === null) {
        buf.writeInt32BE(-1, at);
        at += 4;
      } else {
        const len = buf.write(v, at + 4, 'utf8');
        buf.writeInt32BE(len, at);
        at += 4 + len;
      }
    }
    buf.writeInt16BE(0, at);
    EXEC_TAIL.copy(buf, at + 2);
    connection.stream.write(buf);
    return null;
  }
  complete(err: unknown): void {
    const cb = this.cb!;
    this.cb = null;
    this.busy = false;
    if (err !== null) return cb(toPgError(err, 'PQexecPrepared', null, null), null);
    const r = this.result();
    if (r === null) return cb(emptyQuery('PQexecPrepared', null), null);
    cb(null, r);
  }
}

/** The ROLLBACK sysbench sends after an ignorable error, then the error is reported. */
class RollbackOp extends Op {
  constructor(private readonly then: () => void) { super(); }
  submit(connection: PgWire): null {
    connection.query('ROLLBACK');
    return null;
  }
  override handleError(): void { this.then(); }
  override handleReadyForQuery(): void { this.then(); }
  complete(): void {}
}

// ---- parameter text, as sysbench prints bound values --------------------------------------

const TWO63 = 9223372036854775808;

/** %lld of the int64 a Lua number converts to. */
function int64Text(v: number): string {
  if (Number.isSafeInteger(v)) return String(v);
  if (!Number.isFinite(v) || v >= TWO63 || v < -TWO63) return '-9223372036854775808';
  return BigInt.asIntN(64, BigInt(Math.trunc(v))).toString();
}

/** printf("%f") */
function fixedText(v: number): string {
  if (Number.isNaN(v)) return v < 0 ? '-nan' : 'nan';
  if (!Number.isFinite(v)) return v < 0 ? '-inf' : 'inf';
  if (Math.abs(v) < 1e21) {
    const s = v.toFixed(6);
    return Object.is(v, -0) || (v < 0 && !s.startsWith('-')) ? '-' + s : s;
  }
  return BigInt(v).toString() + '.000000';
}

/** The text of a non-NULL value for a parameter of sysbench type `type`. */
function valueText(type: number, v: unknown): string {
  if (typeof v === 'string') return v;
  const n = typeof v === 'number' ? v : Number(v);
  if (type === T_FLOAT || type === T_DOUBLE) return fixedText(n);
  if (type === T_TINYINT || type === T_SMALLINT || type === T_INT || type === T_BIGINT) return int64Text(n);
  return Number.isInteger(n) ? int64Text(n) : fixedText(n);
}

/** sysbench's '?' → '$n' rewrite for server-side statements. */
function numberPlaceholders(sql: string): { text: string; count: number } {
  let count = 0;
  let text = '';
  let from = 0;
  for (let i = sql.indexOf('?'); i >= 0; i = sql.indexOf('?', i + 1)) {
    text += sql.slice(from, i) + '$' + String(++count);
    from = i + 1;
  }
  return { text: count === 0 ? sql : text + sql.slice(from), count };
}

/** A named server-side prepared statement (--db-ps-mode=auto). */
class PgStatement implements DbStatement {
  /** null until bound: the declared sysbench types */
  private types: number[] | null = null;
  /** parsed (or the Parse is on its way) */
  private prepared: boolean;
  /** the parameter texts sent; a NULL leaves the previous text, as sysbench's buffers do */
  private readonly pvalues: (string | null)[];
  private readonly op: ExecOp;

  constructor(
    private readonly conn: PgConnection,
    readonly sql: string,
    readonly paramCount: number,
    readonly name: string,
    readonly text: string,
    prepared: boolean,
  ) {
    this.prepared = prepared;
    this.pvalues = new Array<string | null>(paramCount).fill('');
    this.op = new ExecOp(name, this.pvalues);
  }

  bind(types: readonly number[]): number {
    this.types = types.slice();
    if (this.prepared) return 0;
    if (types.length !== this.paramCount) {
      this.conn.log.alert('wrong number of parameters in prepared statement');
      this.conn.log.debug(`counted: ${this.paramCount}, passed to bind_param(): ${types.length}`);
      return 1;
    }
    this.prepared = true;
    const oids = types.map(paramOid);
    this.conn.run(new ParseOp(this.name, this.text, oids, (err) => {
      if (err === null) return;
      this.prepared = false;
      this.conn.log.fatal(`PQprepare() failed: ${err.report}`);
    }));
    return 0;
  }

  execute(values: unknown[], cb: DbCallback<DbResult>): void {
    // never bound: type the parameters by their values, as sysbench's 0.5 API does (INT, CHAR)
    if (this.types === null && this.paramCount > 0) {
      this.bind(values.map((v) => (typeof v === 'string' ? T_CHAR : T_INT)));
    }
    const types = this.types;
    const pv = this.pvalues;
    if (types !== null) {
      const n = Math.min(pv.length, values.length);
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (v !== null && v !== undefined) pv[i] = valueText(types[i], v);
      }
    }
    const op = this.op.busy ? new ExecOp(this.name, pv.slice()) : this.op;
    this.conn.run(op.start(cb));
  }

  close(): void { /* sysbench frees its copy only; the server keeps the statement */ }
}

/** Client-side statement (--db-ps-mode=disable): values printed into the text. */
class PgEmulatedStatement implements DbStatement {
  readonly paramCount: number;
  private readonly parts: string[];
  private types: number[] | null = null;
  /** string parameters live in fixed buffers: a shorter value leaves the old tail behind */
  private readonly buffers: string[];

  constructor(private readonly conn: PgConnection, readonly sql: string) {
    this.parts = sql.split('?');
    this.paramCount = this.parts.length - 1;
    this.buffers = new Array<string>(this.paramCount).fill('');
  }

  bind(types: readonly number[]): number {
    this.types = types.slice();
    return 0;
  }

  execute(values: unknown[], cb: DbCallback<DbResult>): void {
    const parts = this.parts;
    let text = parts[0];
    for (let i = 1; i < parts.length; i++) text += this.literal(i - 1, values[i - 1]) + parts[i];
    this.conn.query(text, cb);
  }

  private literal(i: number, v: unknown): string {
    if (v === null || v === undefined) return 'NULL';
    const type = this.types?.[i] ?? (typeof v === 'string' ? T_VARCHAR : T_BIGINT);
    if (typeof v === 'string' || type === T_CHAR || type === T_VARCHAR) {
      const s = String(v);
      const old = this.buffers[i];
      const buf = s.length >= old.length ? s : s + old.slice(s.length);
      this.buffers[i] = buf;
      return `'${buf}'`;
    }
    return valueText(type, v);
  }

  close(): void {}
}

// ---- connections --------------------------------------------------------------------------

class PgConnection implements DbConnection {
  private busy = false;
  private readonly queue: Op[] = [];
  private readonly simple = new QueryOp();

  constructor(private readonly client: pg.Client, readonly driver: PgsqlDriver, readonly log: Logger) {
    client.on('error', () => { /* surfaced through the statement in flight */ });
  }

  /** Submits `op` now, or after the exchanges before it. */
  run(op: Op): void {
    op.conn = this;
    if (this.busy) {
      this.queue.push(op);
      return;
    }
    this.busy = true;
    this.client.query(op as never);
  }

  /** An exchange is over: start the next one, then report this one. */
  finished(op: Op, err: unknown): void {
    if (err !== null && op.rollsBack) {
      const { code, severity } = err as ServerError;
      if (severity !== undefined && typeof code === 'string' && this.driver.ignores(code)) {
        // the transaction is aborted: sysbench rolls it back before reporting the error
        this.client.query(new RollbackOp(() => this.advance(op, err)) as never);
        return;
      }
    }
    this.advance(op, err);
  }

  private advance(op: Op, err: unknown): void {
    const next = this.queue.shift();
    if (next !== undefined) this.client.query(next as never);
    else this.busy = false;
    op.complete(err);
  }

  query(sql: string, cb: DbCallback<DbResult>): void {
    const op = this.simple.busy ? new QueryOp() : this.simple;
    this.run(op.start(sql, cb));
  }

  prepare(sql: string, cb: DbCallback<DbStatement>, random?: () => number): void {
    if (this.driver.opts.psMode === 'disable') return cb(null, new PgEmulatedStatement(this, sql));
    const { text, count } = numberPlaceholders(sql);
    // "sbstmt" and two draws of the thread's generator, the second one first
    const first = random ? random() | 0 : (Math.random() * 4294967296) | 0;
    const second = random ? random() | 0 : (Math.random() * 4294967296) | 0;
    const name = `sbstmt${second}${first}`;
    if (count > 0) return cb(null, new PgStatement(this, sql, count, name, text, false));
    // without parameters there are no types to wait for: prepared right away
    this.run(new ParseOp(name, text, [], (err) => {
      if (err !== null) return cb(err, null);
      cb(null, new PgStatement(this, sql, 0, name, text, true));
    }));
  }

  /** never called: the driver has no reconnect (canReconnect) */
  reconnect(cb: (err: DbError | null) => void): void {
    cb(null);
  }

  close(cb: () => void): void {
    this.client.end(() => cb());
  }
}

// ---- connecting, as libpq reports it --------------------------------------------------------

const SSL_MODES = new Set(['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full']);

const GAI_TEXT: Record<string, string> = {
  ENOTFOUND: 'Name or service not known',
  EAI_NONAME: 'Name or service not known',
  EAI_AGAIN: 'Temporary failure in name resolution',
  ENODATA: 'No address associated with hostname',
  EAI_NODATA: 'No address associated with hostname',
  EAI_FAIL: 'Non-recoverable failure in name resolution',
};

const ERRNO_TEXT: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ETIMEDOUT: 'Connection timed out',
  EHOSTUNREACH: 'No route to host',
  ENETUNREACH: 'Network is unreachable',
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  ECONNRESET: 'Connection reset by peer',
  EADDRNOTAVAIL: 'Cannot assign requested address',
};

class NoPassword extends Error {}

/** Servers that answered "no SSL": sslmode=prefer goes straight to a plain connection next time. */
const NO_SSL = new Set<string>();

/** A line of ~/.pgpass (or $PGPASSFILE) matching the connection, as libpq looks it up. */
function pgpassLookup(host: string, port: string, db: string, user: string): string | null {
  const file = process.env.PGPASSFILE || join(homedir(), '.pgpass');
  let text: string;
  try {
    if (!existsSync(file)) return null;
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const hostKey = host.startsWith('/') || host === '' ? 'localhost' : host;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line === '' || line.startsWith('#')) continue;
    const fields: string[] = [];
    let cur = '';
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === '\\' && i + 1 < line.length) cur += line[++i];
      else if (c === ':' && fields.length < 4) { fields.push(cur); cur = ''; }
      else cur += c;
    }
    fields.push(cur);
    if (fields.length < 5) continue;
    const match = (pat: string, v: string): boolean => pat === '*' || pat === v;
    if (match(fields[0], hostKey) && match(fields[1], port) && match(fields[2], db) && match(fields[3], user)) {
      return fields[4];
    }
  }
  return null;
}

interface Target {
  /** the host as given (socket directory, name or address) */
  host: string;
  /** the address tried, or the socket directory */
  addr: string;
  socket: boolean;
  /** libpq's "connection to server ... failed: " prefix */
  label: string;
}

export class PgsqlDriver implements DbDriver {
  readonly name = 'pgsql';
  readonly description = 'PostgreSQL driver';
  readonly needsCommit = false;
  readonly canReconnect = false;
  private readonly ignoreAll: boolean;
  private readonly ignored: Set<string>;

  constructor(readonly opts: PgsqlOptions, private readonly log: Logger) {
    this.ignoreAll = opts.ignoreErrors.some((c) => c.toLowerCase() === 'all');
    this.ignored = new Set(opts.ignoreErrors.map((c) => c.trim().toUpperCase()));
  }

  /** whether errors with this SQLSTATE restart the event */
  ignores(sqlState: string): boolean {
    return this.ignoreAll || this.ignored.has(sqlState);
  }

  isIgnorable(err: DbError): boolean {
    return err.sqlState !== '' && this.ignores(err.sqlState);
  }

  fatalLines(op: 'query' | 'execute' | 'prepare', err: DbError, query: string): string[] {
    const e = err as Partial<PgError>;
    if (op === 'prepare') return [`PQprepare() failed: ${e.report ?? err.message + '\n'}`];
    // libpq results without an error (empty query, COPY) fail silently
    if (e.report === '') return [];
    if (e.api === true && e.report !== undefined && e.sqlState === '') {
      // the connection is gone: libpq's message, as sysbench would show it
      return [`${e.func ?? 'PQexec'}() failed: ${PGRES_FATAL_ERROR} ${err.message}`];
    }
    const func = e.func ?? (op === 'query' ? 'PQexec' : 'PQexecPrepared');
    const lines = [`${func}() failed: ${PGRES_FATAL_ERROR} ${err.message}`];
    if (func === 'PQexec') lines.push(`failed query was: ${e.query ?? query}`);
    return lines;
  }

  connect(cb: (err: ConnectFailure | null, con: DbConnection | null) => void): void {
    const fail = (msg: string): void => cb({ lines: [`Connection to database failed: ${msg}`] }, null);
    const o = this.opts;
    const env = process.env;
    // libpq takes an empty value as "not given": the environment, then its default
    const host = o.host || env.PGHOST || DEFAULT_SOCKET_DIR;
    const port = o.port || env.PGPORT || '5432';
    const user = o.user || env.PGUSER || userInfo().username;
    const db = o.db || env.PGDATABASE || user;
    // sysbench 1.0.20 leaves sslmode to libpq (PGSSLMODE, else prefer): the option's default
    // gives way to the environment
    const sslmode = (o.sslmode === 'prefer' ? '' : o.sslmode) || env.PGSSLMODE || 'prefer';
    if (!SSL_MODES.has(sslmode)) return fail(`invalid sslmode value: "${sslmode}"\n`);
    const portNum = Number(port);
    if (!/^\s*[-+]?\d+\s*$/.test(port)) return fail(`invalid integer value "${port}" for connection option "port"\n`);
    if (portNum < 1 || portNum > 65535) return fail(`invalid port number: "${port}"\n`);
    const password = o.password || env.PGPASSWORD || pgpassLookup(host, port, db, user) || '';

    const attempt = (t: Target, ssl: boolean, done: (err: string | null, client: pg.Client | null, retryPlain: boolean) => void): void => {
      let sslConfig: object | false = false;
      if (ssl && !t.socket) {
        const verify = sslmode === 'verify-ca' || sslmode === 'verify-full';
        const rootCert = env.PGSSLROOTCERT || join(homedir(), '.postgresql', 'root.crt');
        sslConfig = {
          rejectUnauthorized: verify,
          ...(verify && existsSync(rootCert) ? { ca: readFileSync(rootCert) } : {}),
          ...(sslmode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
          ...(sslmode === 'verify-full' && net.isIP(t.host) === 0 ? { servername: t.host } : {}),
        };
      }
      const client = new pg.Client({
        host: t.addr, port: portNum, user, database: db,
        password: () => {
          if (password === '') throw new NoPassword('no password');
          return password;
        },
        ssl: sslConfig as never,
      });
      client.on('error', () => { /* reported through the connect callback */ });
      client.connect((err: (Error & ServerError) | null) => {
        if (!err) return done(null, client, false);
        try { client.end(); } catch { /* ignore */ }
        if (err.message === 'The server does not support SSL connections') {
          if (sslmode === 'prefer') return done(null, null, true);
          return done(`${t.label}server does not support SSL, but SSL was required\n`, null, false);
        }
        if (err instanceof NoPassword) return done(`${t.label}fe_sendauth: no password supplied\n`, null, false);
        if (typeof err.severity === 'string') return done(t.label + serverErrorReport(err, null), null, false);
        const code = (err as NodeJS.ErrnoException).code ?? '';
        const text = ERRNO_TEXT[code];
        if (text !== undefined) {
          const hint = t.socket
            ? '\tIs the server running locally and accepting connections on that socket?\n'
            : '\tIs the server running on that host and accepting TCP/IP connections?\n';
          return done(`${t.label}${text}\n${hint}`, null, false);
        }
        if (err.message.startsWith('Connection terminated')) return done(t.label + LOST, null, false);
        return done(`${t.label}${err.message}\n`, null, false);
      });
    };

    // every address of the host in turn; libpq keeps the messages of each failed one
    const tryAll = (targets: Target[]): void => {
      let messages = '';
      const next = (i: number): void => {
        if (i >= targets.length) return fail(messages);
        const t = targets[i];
        const key = `${t.addr}:${port}`;
        const useSsl = sslmode !== 'disable' && sslmode !== 'allow' && !t.socket && !(sslmode === 'prefer' && NO_SSL.has(key));
        attempt(t, useSsl, (err, client, retryPlain) => {
          if (client !== null) return cb(null, new PgConnection(client, this, this.log));
          if (retryPlain) {
            NO_SSL.add(key);
            return attempt(t, false, (err2, client2) => {
              if (client2 !== null) return cb(null, new PgConnection(client2, this, this.log));
              messages += err2 ?? '';
              next(i + 1);
            });
          }
          messages += err ?? '';
          next(i + 1);
        });
      };
      next(0);
    };

    if (host.startsWith('/')) {
      const path = `${host}/.s.PGSQL.${port}`;
      return tryAll([{ host, addr: host, socket: true, label: `connection to server on socket "${path}" failed: ` }]);
    }
    if (net.isIP(host) !== 0) {
      return tryAll([{ host, addr: host, socket: false, label: `connection to server at "${host}", port ${port} failed: ` }]);
    }
    dns.lookup(host, { all: true }, (err, addrs) => {
      if (err || addrs.length === 0) {
        const code = err?.code ?? 'ENOTFOUND';
        return fail(`could not translate host name "${host}" to address: ${GAI_TEXT[code] ?? 'Name or service not known'}\n`);
      }
      tryAll(addrs.map((a) => ({
        host, addr: a.address, socket: false,
        label: `connection to server at "${host}" (${a.address}), port ${port} failed: `,
      })));
    });
  }
}
