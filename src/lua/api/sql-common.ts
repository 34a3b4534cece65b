// The parts of sysbench's SQL layer that both Lua APIs sit on: the 1.0 API (sysbench.sql,
// sql.ts) and the 0.5 API (sysbench.db and the db_* globals, db.ts). In sysbench both end in
// the same C functions (db_query(), db_bulk_insert_*(), the driver's error check), so the
// driver-side behaviour lives here once: error counting, FATAL lines and reconnects,
// multi-row inserts, and closing a state's connections.
import { lua, lauxlib, type LuaState } from '../fengari.js';
import type { DbConnection, DbDriver, DbError } from '../../drivers/driver.js';
import type { LuaHost } from '../host.js';
import { SbCounter } from '../../stats/counters.js';
import type { LuaExec } from '../exec.js';
import { pushJsString } from '../strings.js';
import { BulkInsert, BULK_PACKET_SIZE } from './bulk-insert.js';

/** error("msg", 1) raised from a native: position of the Lua code that called it (luaL_error). */
export function raiseAt(L: LuaState, msg: string): number {
  lauxlib.luaL_where(L, 1);
  pushJsString(L, msg);
  lua.lua_concat(L, 2);
  return lua.lua_error(L);
}

/** A connection as either API holds it: its driver, the live connection (null once closed), a bulk insert. */
export interface ConnHolder {
  readonly driver: DbDriver;
  con: DbConnection | null;
  bulk: BulkInsert | null;
}

/** What the API does once the driver has judged an error: `ignorable` true means "restart the event". */
export type RaiseSqlError = (L: LuaState, ignorable: boolean) => number;

/**
 * The driver half of sysbench's error check, shared by both APIs: an error the driver may
 * ignore (--mysql-ignore-errors) counts as an ignored error, or, when the connection is gone,
 * as a reconnect (the connection is re-established first; if that fails the error is fatal).
 * Any other error logs the driver's FATAL lines and counts as an error. The API's own
 * reaction follows in `raise`.
 */
export class DriverErrors {
  private pending: RaiseSqlError | null = null;

  constructor(private readonly host: LuaHost, private readonly exec: LuaExec) {}

  check(L: LuaState, h: ConnHolder, err: DbError, op: 'query' | 'execute', logQuery: string, raise: RaiseSqlError): number {
    const { host } = this;
    if (h.driver.isIgnorable(err)) {
      const con = h.con;
      if (err.connectionLost && con) {
        host.countInc(SbCounter.Reconnect);
        this.pending = raise;
        return this.exec.io(L, (cb) => con.reconnect((e) => cb(e, null)), this.afterReconnect);
      }
      host.countInc(SbCounter.QueryError);
      return raise(L, true);
    }
    for (const line of h.driver.fatalLines(op, err, logQuery)) host.log.fatal(line);
    host.countInc(SbCounter.QueryError);
    return raise(L, false);
  }

  private readonly afterReconnect = (L: LuaState): number => {
    const raise = this.pending!;
    this.pending = null;
    return raise(L, this.exec.ioErr === null);
  };
}

export interface BulkApi {
  /** values pushed on success: 1 (`true`, the 1.0 API) or 0 (the 0.5 API) */
  readonly results: 0 | 1;
  /** whether a failed INSERT raises "db_bulk_insert_done() failed" at done (the 0.5 API ignores it) */
  readonly doneRaises: boolean;
}

/**
 * sysbench's multi-row INSERTs (db_bulk_insert_init/next/done) on a connection: rows are
 * collected into one statement per BULK_PACKET_SIZE bytes; the previous statement runs while
 * the next is built, and its failure surfaces at the next call. Failures raise
 * "db_bulk_insert_init() failed" etc. at the caller's position, as sysbench's wrappers do.
 */
export class BulkFlow {
  private cur: ConnHolder | null = null;
  private row: Uint8Array | null = null;

  constructor(private readonly host: LuaHost, private readonly exec: LuaExec, private readonly api: BulkApi) {}

  private ok(L: LuaState): number {
    if (this.api.results === 0) return 0;
    lua.lua_pushboolean(L, true);
    return 1;
  }

  init(L: LuaState, h: ConnHolder, prefix: Uint8Array): number {
    if (prefix.length + 1 > BULK_PACKET_SIZE) {
      this.host.log.fatal(`Query length exceeds the maximum value (${BULK_PACKET_SIZE}), aborting`);
      return raiseAt(L, 'db_bulk_insert_init() failed');
    }
    h.bulk = new BulkInsert(prefix);
    return this.ok(L);
  }

  next(L: LuaState, h: ConnHolder, row: Uint8Array): number {
    const bulk = h.bulk;
    if (bulk === null) {
      this.host.log.alert('attempt to call bulk_insert_next() before bulk_insert_init()');
      return raiseAt(L, 'db_bulk_insert_next() failed');
    }
    if (bulk.fits(row.length)) {
      bulk.append(row);
      return this.ok(L);
    }
    if (bulk.rows === 0) {
      this.host.log.fatal(`Query length exceeds the maximum value (${BULK_PACKET_SIZE}), aborting`);
      return raiseAt(L, 'db_bulk_insert_next() failed');
    }
    this.cur = h;
    this.row = row;
    return this.exec.io(L, (cb) => bulk.whenIdle(() => cb(null, null)), this.nextAfterIdle);
  }

  done(L: LuaState, h: ConnHolder): number {
    const bulk = h.bulk;
    if (bulk === null) return this.ok(L);
    this.cur = h;
    return this.exec.io(L, (cb) => bulk.whenIdle(() => cb(null, null)), this.doneAfterIdle);
  }

  private send(h: ConnHolder): void {
    const { host } = this;
    h.bulk!.send(h.con!, (err, res, query) => {
      if (err) {
        if (!h.driver.isIgnorable(err)) for (const line of h.driver.fatalLines('query', err, query)) host.log.fatal(line);
        host.countInc(SbCounter.QueryError);
      } else {
        host.countInc(res!.counter);
      }
    });
  }

  // bulk_insert_next() with a full buffer: once the previous INSERT is done, send this one
  private readonly nextAfterIdle = (L: LuaState): number => {
    const h = this.cur!;
    const row = this.row!;
    this.row = null;
    if (h.bulk!.takeFailure()) return raiseAt(L, 'db_bulk_insert_next() failed');
    this.send(h);
    h.bulk!.append(row);
    return this.ok(L);
  };

  private readonly doneAfterLast = (L: LuaState): number => {
    const h = this.cur!;
    const failure = h.bulk!.takeFailure();
    h.bulk = null;
    if (failure && this.api.doneRaises) return raiseAt(L, 'db_bulk_insert_done() failed');
    return this.ok(L);
  };

  private readonly doneAfterIdle = (L: LuaState): number => {
    const h = this.cur!;
    const bulk = h.bulk!;
    if (bulk.takeFailure()) {
      h.bulk = null;
      if (this.api.doneRaises) return raiseAt(L, 'db_bulk_insert_done() failed');
      return this.ok(L);
    }
    if (bulk.rows === 0) return this.doneAfterLast(L);
    this.send(h);
    return this.exec.io(L, (cb) => bulk.whenIdle(() => cb(null, null)), this.doneAfterLast);
  };
}

// ---- closing a state's connections ----------------------------------------------------

type Closer = (done: () => void) => void;
const closers = new WeakMap<object, Closer[]>();

/** Registers how to close the connections an API opened in state `L`. */
export function onCloseState(L: LuaState, close: Closer): void {
  const list = closers.get(L);
  if (list) list.push(close);
  else closers.set(L, [close]);
}

/** Closes the connections a state left open (sysbench frees them when the state closes). */
export function closeConnections(L: LuaState, done: () => void): void {
  const list = closers.get(L);
  if (!list || list.length === 0) return done();
  let left = list.length;
  for (const close of list) close(() => { if (--left === 0) done(); });
}
