// sysbench's multi-row INSERTs (db_bulk_insert_init/next/done) on a connection, for both
// Lua APIs: rows are collected into one statement per BULK_PACKET_SIZE bytes; the previous
// statement runs while the next is built, and its failure surfaces at the next call.
// Failures raise "db_bulk_insert_init() failed" etc. at the caller's position, as
// sysbench's wrappers do.
import { lua, type LuaState } from '../fengari.js';
import type { LuaHost } from '../host.js';
import type { LuaExec } from '../exec.js';
import { SbCounter } from '../../stats/counters.js';
import { BulkInsert, BULK_PACKET_SIZE } from '../api/bulk-insert.js';
import { raiseAt } from '../raise.js';
import type { SqlConnection } from './session.js';

/** How an API answers the bulk calls. */
export interface BulkApi {
  /** values pushed on success: 1 (`true`, the 1.0 API) or 0 (the 0.5 API) */
  readonly results: 0 | 1;
  /** whether a failed INSERT raises "db_bulk_insert_done() failed" at done (the 0.5 API ignores it) */
  readonly doneRaises: boolean;
}

export class BulkFlow {
  // the call in flight (one per Lua state)
  private conn: SqlConnection | null = null;
  private row: Uint8Array | null = null;
  private api: BulkApi | null = null;

  constructor(private readonly host: LuaHost, private readonly exec: LuaExec) {}

  private ok(L: LuaState, api: BulkApi): number {
    if (api.results === 0) return 0;
    lua.lua_pushboolean(L, true);
    return 1;
  }

  init(L: LuaState, api: BulkApi, conn: SqlConnection, prefix: Uint8Array): number {
    if (prefix.length + 1 > BULK_PACKET_SIZE) {
      this.host.log.fatal(`Query length exceeds the maximum value (${BULK_PACKET_SIZE}), aborting`);
      return raiseAt(L, 'db_bulk_insert_init() failed');
    }
    conn.bulk = new BulkInsert(prefix);
    return this.ok(L, api);
  }

  next(L: LuaState, api: BulkApi, conn: SqlConnection, row: Uint8Array): number {
    const bulk = conn.bulk;
    if (bulk === null) {
      this.host.log.alert('attempt to call bulk_insert_next() before bulk_insert_init()');
      return raiseAt(L, 'db_bulk_insert_next() failed');
    }
    if (bulk.fits(row.length)) {
      bulk.append(row);
      return this.ok(L, api);
    }
    if (bulk.rows === 0) {
      this.host.log.fatal(`Query length exceeds the maximum value (${BULK_PACKET_SIZE}), aborting`);
      return raiseAt(L, 'db_bulk_insert_next() failed');
    }
    this.conn = conn;
    this.row = row;
    this.api = api;
    return this.exec.io(L, this.whenIdle, this.nextAfterIdle);
  }

  done(L: LuaState, api: BulkApi, conn: SqlConnection): number {
    if (conn.bulk === null) return this.ok(L, api);
    this.conn = conn;
    this.api = api;
    return this.exec.io(L, this.whenIdle, this.doneAfterIdle);
  }

  private readonly whenIdle = (cb: (err: unknown, value: unknown) => void): void => {
    this.conn!.bulk!.whenIdle(() => cb(null, null));
  };

  private send(conn: SqlConnection): void {
    const { host } = this;
    conn.bulk!.send(conn.con!, (err, res, query) => {
      if (err) {
        if (!conn.driver.isIgnorable(err)) for (const line of conn.driver.fatalLines('query', err, query)) host.log.fatal(line);
        host.countInc(SbCounter.QueryError);
      } else {
        host.countInc(res!.counter);
      }
    });
  }

  // bulk_insert_next() with a full buffer: once the previous INSERT is done, send this one,
  // and go back to the script once the socket has taken all of it (a 512 KiB statement does
  // not fit a socket's buffer: the rest would wait while the script builds the next one, and
  // so would the server)
  private readonly nextAfterIdle = (L: LuaState): number => {
    const conn = this.conn!;
    if (conn.bulk!.takeFailure()) {
      this.row = null;
      return raiseAt(L, 'db_bulk_insert_next() failed');
    }
    this.send(conn);
    // (a connection that cannot say, or has nothing pending, answers at once: no yield)
    return this.exec.io(L, this.whenSent, this.nextAfterSent);
  };

  private readonly whenSent = (cb: (err: unknown, value: unknown) => void): void => {
    const con = this.conn!.con;
    if (con?.whenSent === undefined) cb(null, null);
    else con.whenSent(() => cb(null, null));
  };

  private readonly nextAfterSent = (L: LuaState): number => {
    const row = this.row!;
    this.row = null;
    this.conn!.bulk!.append(row);
    return this.ok(L, this.api!);
  };

  private readonly doneAfterLast = (L: LuaState): number => {
    const conn = this.conn!;
    const failure = conn.bulk!.takeFailure();
    conn.bulk = null;
    if (failure && this.api!.doneRaises) return raiseAt(L, 'db_bulk_insert_done() failed');
    return this.ok(L, this.api!);
  };

  private readonly doneAfterIdle = (L: LuaState): number => {
    const conn = this.conn!;
    const bulk = conn.bulk!;
    if (bulk.takeFailure()) {
      conn.bulk = null;
      if (this.api!.doneRaises) return raiseAt(L, 'db_bulk_insert_done() failed');
      return this.ok(L, this.api!);
    }
    if (bulk.rows === 0) return this.doneAfterLast(L);
    this.send(conn);
    return this.exec.io(L, this.whenIdle, this.doneAfterLast);
  };
}
