// MySQL/MariaDB driver on mysql2, with sysbench's connection, counting and error semantics.
import mysql from 'mysql2';
import { existsSync } from 'node:fs';
import type { Logger } from '../output.js';
import {
  type ConnectFailure, type DbCallback, type DbConnection, type DbDriver,
  type DbError, type DbResult, type DbStatement,
} from './driver.js';
import { SbCounter } from '../stats/counters.js';

export interface MysqlOptions {
  hosts: string[];
  ports: number[];
  sockets: string[];
  user: string;
  password: string;
  db: string;
  ssl: boolean;
  sslCipher: string;
  compression: boolean;
  debug: boolean;
  /** error numbers, or ['all'] */
  ignoreErrors: string[];
  dryRun: boolean;
  psMode: 'auto' | 'disable';
}

// libmysqlclient's error for a connection lost during a query (mysql2 reports it without an errno)
const CR_SERVER_LOST = 2013;

const DEFAULT_SOCKET = process.env.MYSQL_UNIX_PORT || '/run/mysqld/mysqld.sock';

interface Mysql2Error extends Error {
  errno?: number;
  code?: string;
  sqlState?: string;
  sqlMessage?: string;
  fatal?: boolean;
}

function toDbError(e: Mysql2Error): DbError {
  if (e.sqlMessage !== undefined && e.errno !== undefined && e.errno < 2000) {
    return { errno: e.errno, sqlState: e.sqlState ?? 'HY000', message: e.sqlMessage, connectionLost: false };
  }
  // client-side failures: map to the client library's codes
  const lost = e.fatal === true || e.code === 'PROTOCOL_CONNECTION_LOST' || e.code === 'ECONNRESET' || e.code === 'EPIPE';
  if (lost) return { errno: CR_SERVER_LOST, sqlState: 'HY000', message: 'Lost connection to server during query', connectionLost: true };
  return { errno: e.errno ?? 2000, sqlState: e.sqlState ?? 'HY000', message: e.message, connectionLost: false };
}

function toResult(res: unknown, fields: unknown): DbResult {
  if (Array.isArray(res)) {
    const rows = res as unknown[][];
    const nfields = Array.isArray(fields) ? fields.length : (rows[0]?.length ?? 0);
    return { counter: SbCounter.Read, nrows: rows.length, nfields, rows: rows as (string | null)[][] };
  }
  const affected = (res as { affectedRows?: number } | null)?.affectedRows ?? 0;
  return { counter: affected > 0 ? SbCounter.Write : SbCounter.Other, nrows: affected, nfields: 0, rows: null };
}

const DRY_RESULT: DbResult = { counter: SbCounter.Other, nrows: 0, nfields: 0, rows: null };

class DryRunStatement implements DbStatement {
  constructor(readonly sql: string, readonly paramCount: number) {}
  execute(_values: unknown[], cb: DbCallback<DbResult>): void { cb(null, DRY_RESULT); }
  close(): void {}
}

class DryRunConnection implements DbConnection {
  query(_sql: string, cb: DbCallback<DbResult>): void { cb(null, DRY_RESULT); }
  prepare(sql: string, cb: DbCallback<DbStatement>): void { cb(null, new DryRunStatement(sql, countPlaceholders(sql))); }
  reconnect(cb: (err: DbError | null) => void): void { cb(null); }
  close(cb: () => void): void { cb(); }
}

function countPlaceholders(sql: string): number {
  let n = 0;
  for (let i = 0; i < sql.length; i++) if (sql.charCodeAt(i) === 63 /* ? */) n++;
  return n;
}

/** Server-side prepared statement (binary protocol). */
class MysqlStatement implements DbStatement {
  readonly paramCount: number;
  constructor(readonly sql: string, private info: any, private readonly isRead: boolean) {
    this.paramCount = info.parameters?.length ?? countPlaceholders(sql);
  }
  execute(values: unknown[], cb: DbCallback<DbResult>): void {
    this.info.execute(values, (err: Mysql2Error | null, res: unknown, fields: unknown) => {
      if (err) return cb(toDbError(err), null);
      const r = toResult(res, fields);
      // sysbench counts a prepared statement by its field count, not by its rows
      if (this.isRead) r.counter = SbCounter.Read;
      cb(null, r);
    });
  }
  close(): void {
    try { this.info.close(); } catch { /* connection already gone */ }
  }
}

/** Client-side "prepared" statement: parameters are substituted into the text (--db-ps-mode=disable). */
class EmulatedStatement implements DbStatement {
  readonly paramCount: number;
  private readonly parts: string[];
  constructor(readonly sql: string, private readonly con: MysqlConnection) {
    this.parts = sql.split('?');
    this.paramCount = this.parts.length - 1;
  }
  execute(values: unknown[], cb: DbCallback<DbResult>): void {
    let text = this.parts[0];
    for (let i = 1; i < this.parts.length; i++) text += literal(values[i - 1]) + this.parts[i];
    this.con.query(text, cb);
  }
  close(): void {}
}

function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return String(v);
  return "'" + String(v).replace(/[\\']/g, (c) => '\\' + c) + "'";
}

class MysqlConnection implements DbConnection {
  constructor(private raw: any, private readonly config: object, private readonly opts: MysqlOptions) {}

  query(sql: string, cb: DbCallback<DbResult>): void {
    this.raw.query({ sql, rowsAsArray: true }, (err: Mysql2Error | null, res: unknown, fields: unknown) => {
      if (err) return cb(toDbError(err), null);
      cb(null, toResult(res, fields));
    });
  }

  prepare(sql: string, cb: DbCallback<DbStatement>): void {
    if (this.opts.psMode === 'disable') return cb(null, new EmulatedStatement(sql, this));
    this.raw.prepare({ sql, rowsAsArray: true }, (err: Mysql2Error | null, info: any) => {
      if (err) {
        // ER_UNSUPPORTED_PS: sysbench falls back to client-side emulation
        if (err.errno === 1295) return cb(null, new EmulatedStatement(sql, this));
        return cb(toDbError(err), null);
      }
      cb(null, new MysqlStatement(sql, info, (info.columns?.length ?? 0) > 0));
    });
  }

  reconnect(cb: (err: DbError | null) => void): void {
    try { this.raw.destroy(); } catch { /* ignore */ }
    const raw = mysql.createConnection(this.config as any);
    raw.connect((err: Mysql2Error | null) => {
      if (err) return cb(toDbError(err));
      raw.on('error', () => { /* surfaced through the next command's callback */ });
      this.raw = raw;
      cb(null);
    });
  }

  close(cb: () => void): void {
    this.raw.end(() => cb());
  }
}

export class MysqlDriver implements DbDriver {
  readonly name = 'mysql';
  readonly description = 'MySQL driver';
  readonly needsCommit = false;
  private readonly ignoreAll: boolean;
  private readonly ignored: Set<number>;

  constructor(private readonly opts: MysqlOptions, private readonly log: Logger, private readonly nextConnectionIndex: () => number) {
    this.ignoreAll = opts.ignoreErrors.includes('all');
    this.ignored = new Set(opts.ignoreErrors.map((s) => parseInt(s, 10)).filter((n) => !Number.isNaN(n)));
  }

  isIgnorable(err: DbError): boolean {
    return this.ignoreAll || this.ignored.has(err.errno);
  }

  fatalLines(op: 'query' | 'execute' | 'prepare', err: DbError, query: string): string[] {
    if (op === 'prepare') return ['mysql_stmt_prepare() failed', `MySQL error: ${err.errno} "${err.message}"`];
    const fn = op === 'query' ? 'mysql_drv_query()' : 'mysql_stmt_execute()';
    return [`${fn} returned error ${err.errno} (${err.message}) for query '${query}'`];
  }

  connect(cb: (err: ConnectFailure | null, con: DbConnection | null) => void): void {
    if (this.opts.dryRun) return cb(null, new DryRunConnection());
    const k = this.nextConnectionIndex();
    const { hosts, ports, sockets } = this.opts;
    let target: { socketPath?: string; host?: string; port?: number };
    let where: string;
    if (sockets.length > 0) {
      const socket = sockets[k % sockets.length];
      target = { socketPath: socket };
      where = `socket '${socket}'`;
    } else {
      const host = hosts[Math.floor(k / ports.length) % hosts.length];
      const port = ports[k % ports.length];
      // like libmysqlclient, "localhost" means the local socket
      if (host === 'localhost' && existsSync(DEFAULT_SOCKET)) target = { socketPath: DEFAULT_SOCKET };
      else target = { host, port };
      where = `host '${host}', port ${port}`;
    }
    const config: Record<string, unknown> = {
      ...target,
      user: this.opts.user,
      password: this.opts.password,
      database: this.opts.db,
      multipleStatements: true,
      compress: this.opts.compression,
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      decimalNumbers: false,
      // we never pass values to query(): skip mysql2's placeholder scan of every statement
      queryFormat: (sql: string) => sql,
      rowsAsArray: true,
    };
    if (this.opts.ssl) config.ssl = { rejectUnauthorized: false, ...(this.opts.sslCipher ? { ciphers: this.opts.sslCipher } : {}) };
    const raw = mysql.createConnection(config as any);
    raw.connect((err: Mysql2Error | null) => {
      if (err) {
        try { raw.destroy(); } catch { /* ignore */ }
        return cb({ lines: [`unable to connect to MySQL server on ${where}, aborting...`, connectErrorLine(err, target)] }, null);
      }
      raw.on('error', () => { /* surfaced through the next command's callback */ });
      cb(null, new MysqlConnection(raw, config, this.opts));
    });
  }
}

/** "error N: message" as libmariadb words it for the usual connection failures. */
function connectErrorLine(err: Mysql2Error, target: { socketPath?: string; host?: string; port?: number }): string {
  if (err.errno !== undefined && err.sqlMessage !== undefined && err.errno < 2000) return `error ${err.errno}: ${err.sqlMessage}`;
  const sysErrno: Record<string, number> = { ENOENT: 2, ECONNREFUSED: 111, EACCES: 13, ETIMEDOUT: 110, ENOTSOCK: 88 };
  const os = sysErrno[err.code ?? ''] ?? 0;
  if (target.socketPath) return `error 2002: Can't connect to local server through socket '${target.socketPath}' (${os})`;
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return `error 2005: Unknown server host '${target.host}' (-2)`;
  return `error 2002: Can't connect to server on '${target.host}' (${os})`;
}

