// A MySQL/MariaDB connection on mysql2: text queries, server-side prepared statements
// (binary protocol), reconnects, and the dry-run stand-ins.
import { encodeText, hasEscapedBytes } from '../../format/bytes.js';
import mysql from 'mysql2';
import type { DbCallback, DbConnection, DbError, DbResult, DbStatement, PsMode } from '../driver.js';
import { whenFlushed } from '../flushed.js';
import { CountResult, RowsResult } from '../result.js';
import { toDbError, type Mysql2Error } from './errors.js';
import { mysqlQuote } from './quote.js';
import { queryBytes as sendQueryBytes } from './mysql2/bytes-query.js';
import { useStatementCache } from './mysql2/statement-cache.js';
import { attachLean, type LeanStatement, type LeanWire } from './wire/lean.js';

// the server cannot prepare this statement: sysbench then prepares it on the client
const ER_UNSUPPORTED_PS = 1295;

// Text query results reach Lua as the server's own text, as libmysqlclient gives them to sysbench
// (the lean path, wire/text-rows.ts, does the same): mysql2's text queries run with
// `typeCast: false`, every column as its raw bytes. Decoding them would re-encode text sent in
// another character set (SET NAMES cp1251) as UTF-8 and print a DOUBLE as JavaScript does
// (1.5e-10 where the server sent 0.00000000015). What goes through mysql2: compressed and TLS
// connections, several statements in one query, CALL, LOAD DATA LOCAL.
function toResult(res: unknown, fields: unknown): DbResult {
  if (Array.isArray(res)) {
    const rows = res as unknown[][];
    const nfields = Array.isArray(fields) ? fields.length : (rows[0]?.length ?? 0);
    return new RowsResult(rows.length, nfields, rows);
  }
  return new CountResult(affectedRows(res));
}

function affectedRows(res: unknown): number {
  return (res as { affectedRows?: number } | null)?.affectedRows ?? 0;
}

function countPlaceholders(sql: string): number {
  let n = 0;
  for (let i = 0; i < sql.length; i++) if (sql.charCodeAt(i) === 63 /* ? */) n++;
  return n;
}

/** Server-side prepared statement (binary protocol). */
class MysqlStatement implements DbStatement {
  readonly paramCount: number;
  /** the owner's connection generation this statement was prepared on */
  private gen: number;
  /** the lean execute path (wire/lean.ts) for this statement, where it applies */
  private lean: LeanStatement | null;
  constructor(readonly sql: string, private info: any, private readonly isRead: boolean, private readonly owner: MysqlConnection) {
    this.paramCount = info.parameters?.length ?? countPlaceholders(sql);
    this.gen = owner.gen;
    this.lean = owner.lean?.statement(info, isRead) ?? null;
  }
  execute(values: unknown[], cb: DbCallback<DbResult>, dropRows = false): void {
    if (this.gen !== this.owner.gen) return this.reprepare(values, cb);
    // the lean path runs the call unless it steps aside
    if (this.lean !== null && this.lean.execute(values, cb, dropRows)) return;
    this.info.execute(values, (err: Mysql2Error | null, res: unknown, fields: unknown) => {
      if (err) return cb(toDbError(err), null);
      // sysbench counts a prepared statement as a read by its field count, not by its reply
      if (this.isRead && !Array.isArray(res)) return cb(null, new RowsResult(affectedRows(res), 0, []));
      cb(null, toResult(res, fields));
    });
  }
  /**
   * The connection was re-established since this statement was prepared (a reconnect after a
   * lost server): prepare it again on the new connection, then run it. sysbench keeps using
   * the dead statement handle; the statement works again here.
   */
  private reprepare(values: unknown[], cb: DbCallback<DbResult>): void {
    const gen = this.owner.gen;
    this.owner.raw.prepare({ sql: this.sql, rowsAsArray: true }, (err: Mysql2Error | null, info: any) => {
      if (err) return cb(toDbError(err), null);
      this.info = info;
      this.gen = gen;
      this.lean = this.owner.lean?.statement(info, this.isRead) ?? null;
      this.execute(values, cb);
    });
  }
  close(): void {
    // mysql2 keeps prepared statements by text: drop it from there too, so that preparing
    // the same text again makes a new statement instead of reusing this closed one
    try { this.owner.raw.unprepare({ sql: this.sql, rowsAsArray: true }); } catch { /* connection already gone */ }
  }
}

/** a cheap first look for escaped bytes; hasEscapedBytes() decides */
const ANY_ESCAPE = /[\uDC80-\uDCFF]/;

export class MysqlConnection implements DbConnection {
  /** counts reconnects: statements prepared before one are prepared again */
  gen = 0;
  /** the lean execute path on `raw`, where it applies */
  lean: LeanWire | null;
  constructor(public raw: any, private readonly config: object, private readonly psMode: PsMode) {
    this.lean = attachLean(raw);
  }

  query(sql: string, cb: DbCallback<DbResult>, dropRows = false): void {
    if (ANY_ESCAPE.test(sql) && hasEscapedBytes(sql)) return this.queryBytes(encodeText(sql), cb);
    if (this.lean !== null && this.lean.query(sql, cb, dropRows)) return;
    this.raw.query({ sql, rowsAsArray: true, typeCast: false }, (err: Mysql2Error | null, res: unknown, fields: unknown) => {
      if (err) return cb(toDbError(err), null);
      cb(null, toResult(res, fields));
    });
  }

  /**
   * A statement as bytes, sent as they are, as libmysqlclient does: the bulk insert's buffer,
   * and statements holding bytes that are not UTF-8 (format/bytes.ts escapes). The server is
   * not told of any character set change.
   */
  queryBytes(sql: Uint8Array, cb: DbCallback<DbResult>): void {
    sendQueryBytes(this.raw, sql, (err, res, fields) => {
      if (err) return cb(toDbError(err as Mysql2Error), null);
      cb(null, toResult(res, fields));
    });
  }

  prepare(sql: string, cb: DbCallback<DbStatement>): void {
    if (this.psMode === 'disable') return cb(null, null);
    this.raw.prepare({ sql, rowsAsArray: true }, (err: Mysql2Error | null, info: any) => {
      if (err) return err.errno === ER_UNSUPPORTED_PS ? cb(null, null) : cb(toDbError(err), null);
      cb(null, new MysqlStatement(sql, info, (info.columns?.length ?? 0) > 0, this));
    });
  }

  quote(value: string): string {
    return mysqlQuote(value);
  }

  reconnect(cb: (err: DbError | null) => void): void {
    try { this.raw.destroy(); } catch { /* ignore */ }
    const raw = mysql.createConnection(this.config as any);
    useStatementCache(raw);
    raw.connect((err: Mysql2Error | null) => {
      if (err) {
        try { raw.destroy(); } catch { /* ignore */ }
        return cb(toDbError(err));
      }
      raw.on('error', () => { /* surfaced through the next command's callback */ });
      this.raw = raw;
      this.lean = attachLean(raw);
      this.gen++;
      cb(null);
    });
  }

  whenSent(cb: () => void): void {
    whenFlushed(this.raw.stream, cb);
  }

  close(cb: () => void): void {
    this.lean?.closing();
    // a connection already gone (server lost, reconnect given up) has nobody to say goodbye to
    if (this.raw.stream?.destroyed) return cb();
    this.raw.end(() => cb());
  }
}

// ---- --mysql-dry-run: every call succeeds at once ---------------------------------------

const DRY_RESULT = new CountResult(0);

class DryRunStatement implements DbStatement {
  constructor(readonly sql: string, readonly paramCount: number) {}
  execute(_values: unknown[], cb: DbCallback<DbResult>): void { cb(null, DRY_RESULT); }
  close(): void {}
}

export class DryRunConnection implements DbConnection {
  query(_sql: string, cb: DbCallback<DbResult>): void { cb(null, DRY_RESULT); }
  queryBytes(_sql: Uint8Array, cb: DbCallback<DbResult>): void { cb(null, DRY_RESULT); }
  prepare(sql: string, cb: DbCallback<DbStatement>): void { cb(null, new DryRunStatement(sql, countPlaceholders(sql))); }
  quote(value: string): string { return mysqlQuote(value); }
  reconnect(cb: (err: DbError | null) => void): void { cb(null); }
  close(cb: () => void): void { cb(); }
}
