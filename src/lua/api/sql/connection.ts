// sql_connection: con:query(), con:query_row(), con:prepare(), the bulk-insert calls,
// con:disconnect() and con:reconnect(), and how a failed statement reaches Lua (sysbench's
// connection:check_error()).
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../../fengari.js';
import type { DbError, DbResult } from '../../../drivers/driver.js';
import { DROPPED_ROWS } from '../../../drivers/result.js';
import { SbCounter } from '../../../stats/counters.js';
import { raiseAt } from '../../raise.js';
import { bytesToString, pushJsString } from '../../strings.js';
import { defineMetatable, objectAt, pushObject } from '../../userdata.js';
import { SqlConnection, type SqlSession, type StatementOutcome } from '../../sql/session.js';
import type { BulkApi } from '../../sql/bulk.js';
import { badSelf, connectionText, CTYPE, queryRowSelf } from './misuse.js';
import { MT_RESULT, pushCell, SqlResult } from './result.js';

export const MT_CONNECTION = toLuaString('sysbench.sql.connection');

const RESTART_EVENT = 1;
const BULK: BulkApi = { results: 1, doneRaises: true };

export class Connection extends SqlConnection {
  static readonly ctype = CTYPE.connection;
  /** registry reference to this connection's userdata */
  ref = 0;
  /** registry reference to its one result-set userdata (sysbench has one per connection) */
  resultRef = 0;
  /** that userdata was returned to the script at least once (it may hold on to it) */
  resultSeen = false;
  readonly result = new SqlResult();
}

/** check_error()'s error("SQL API error", 3) after a tail call: the position of the caller's caller. */
function raiseApiError(L: LuaState): number {
  return raiseAt(L, 'SQL API error', 2);
}

/** How queries and executes answer Lua: a result set, or a truthy "no result", or check_error()'s error. */
export interface StatementOutcomes {
  query: StatementOutcome;
  queryRow: StatementOutcome;
  execute: StatementOutcome;
}

export function statementOutcomes(L0: LuaState, session: SqlSession): StatementOutcomes {
  const pushResult = (L: LuaState, c: Connection, r: DbResult): number => {
    c.result.hold(r);
    c.resultSeen = true;
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, c.resultRef);
    return 1;
  };

  // A statement without a result set: sysbench returns a NULL sql_result pointer, which
  // prints as <sql_result> and is truthy; the connection no longer holds a result set.
  pushObject(L0, new SqlResult(), MT_RESULT, true);
  const noResultRef = lauxlib.luaL_ref(L0, lua.LUA_REGISTRYINDEX);
  const pushNoResult = (L: LuaState, c: Connection): number => {
    c.result.valid = false;
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, noResultRef);
    return 1;
  };

  const done = (L: LuaState, conn: SqlConnection, r: DbResult): number => {
    // rows the caller drops (stmt:execute()'s dropRows): nothing to return; the connection no
    // longer holds the previous result set, as with any other statement
    if (r === DROPPED_ROWS) {
      (conn as Connection).result.valid = false;
      lua.lua_pushnil(L);
      return 1;
    }
    return r.counter === SbCounter.Read ? pushResult(L, conn as Connection, r) : pushNoResult(L, conn as Connection);
  };

  // connection:check_error(): an error descriptor, then RESTART_EVENT or a plain error
  const raiseSqlError = (L: LuaState, c: Connection, err: DbError, ignorable: boolean, query: string): number => {
    c.result.valid = false;
    // no SQL state: sysbench's check_error() calls it an API error (one level further up)
    if (err.sqlState === '') return raiseApiError(L);
    lua.lua_createtable(L, 0, 6);
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, c.ref);
    lua.lua_setfield(L, -2, toLuaString('connection'));
    pushJsString(L, query);
    lua.lua_setfield(L, -2, toLuaString('query'));
    lua.lua_pushinteger(L, err.errno);
    lua.lua_setfield(L, -2, toLuaString('sql_errno'));
    pushJsString(L, err.sqlState);
    lua.lua_setfield(L, -2, toLuaString('sql_state'));
    pushJsString(L, err.message);
    lua.lua_setfield(L, -2, toLuaString('sql_errmsg'));
    const e = lua.lua_gettop(L);
    if (!ignorable) {
      if (lua.lua_getglobal(L, toLuaString('sysbench')) === lua.LUA_TTABLE &&
          lua.lua_getfield(L, -1, toLuaString('hooks')) === lua.LUA_TTABLE &&
          lua.lua_getfield(L, -1, toLuaString('sql_error_ignorable')) === lua.LUA_TFUNCTION) {
        lua.lua_pushvalue(L, e);
        lua.lua_call(L, 1, 1);
        ignorable = lua.lua_toboolean(L, -1);
      }
      lua.lua_settop(L, e);
    }
    if (ignorable) {
      lua.lua_pushinteger(L, RESTART_EVENT);
      lua.lua_setfield(L, -2, toLuaString('errcode'));
      return lua.lua_error(L);
    }
    lua.lua_settop(L, e - 1);
    return raiseAt(L, `SQL error, errno = ${err.errno}, state = '${err.sqlState}': ${err.message}`);
  };

  return {
    query: {
      done,
      failed: (L, conn, err, ignorable) => raiseSqlError(L, conn as Connection, err, ignorable, session.queryText),
    },
    queryRow: {
      done: (L, conn, r) => {
        const row = r.counter === SbCounter.Read && r.nrows > 0 ? r.row(0) : null;
        if (row === null) {
          lua.lua_pushnil(L);
          return 1;
        }
        const rs = (conn as Connection).result;
        rs.hold(r);
        rs.next = 1;
        for (let i = 0; i < r.nfields; i++) pushCell(L, row[i]);
        return r.nfields;
      },
      failed: (L, conn, err, ignorable) => raiseSqlError(L, conn as Connection, err, ignorable, session.queryText),
    },
    execute: {
      done,
      failed: (L, conn, err, ignorable) => raiseSqlError(L, conn as Connection, err, ignorable, '<prepared statement>'),
    },
  };
}

export function registerConnection(L: LuaState, session: SqlSession, outcomes: StatementOutcomes,
  prepare: (L: LuaState, c: Connection, text: string) => number): void {
  const { host } = session;

  /** The connection of a method that needs an open one (sysbench checks it in C). */
  const live = (L: LuaState, c: Connection): Connection => {
    if (c.con === null) lauxlib.luaL_error(L, toLuaString('attempt to use an already closed connection'));
    return c;
  };

  const textArg = (L: LuaState): string => bytesToString(lua.lua_tolstring(L, 2));

  const query = (L: LuaState, outcome: StatementOutcome): number => {
    const c = objectAt(L, 1);
    if (!(c instanceof Connection) || lua.lua_type(L, 2) !== lua.LUA_TSTRING) {
      return connectionText(L, 269, 'db_query', 'query', c instanceof Connection);
    }
    if (c.con === null) {
      host.log.alert('attempt to use an already closed connection');
      return raiseApiError(L);
    }
    return session.query(L, c, textArg(L), outcome);
  };

  const pushTrue = (L: LuaState): number => {
    lua.lua_pushboolean(L, true);
    return 1;
  };

  const methods: Record<string, LuaNative> = {
    query: (L) => query(L, outcomes.query),
    query_row: (L) => {
      if (!(objectAt(L, 1) instanceof Connection)) return queryRowSelf(L);
      return query(L, outcomes.queryRow);
    },
    prepare: (L) => {
      const c = objectAt(L, 1);
      if (!(c instanceof Connection) || lua.lua_type(L, 2) !== lua.LUA_TSTRING) {
        return connectionText(L, 289, 'db_prepare', 'query', c instanceof Connection);
      }
      return prepare(L, live(L, c), textArg(L));
    },
    bulk_insert_init: (L) => {
      const c = objectAt(L, 1);
      if (!(c instanceof Connection) || lua.lua_type(L, 2) !== lua.LUA_TSTRING) {
        return connectionText(L, 274, 'db_bulk_insert_init', 'query', c instanceof Connection);
      }
      return session.bulk.init(L, BULK, live(L, c), lua.lua_tolstring(L, 2));
    },
    bulk_insert_next: (L) => {
      const c = objectAt(L, 1);
      if (!(c instanceof Connection) || lua.lua_type(L, 2) !== lua.LUA_TSTRING) {
        return connectionText(L, 279, 'db_bulk_insert_next', 'val', c instanceof Connection);
      }
      return session.bulk.next(L, BULK, live(L, c), lua.lua_tolstring(L, 2));
    },
    bulk_insert_done: (L) => {
      const c = objectAt(L, 1);
      if (!(c instanceof Connection)) return badSelf(L, 284, 'db_bulk_insert_done', CTYPE.connection);
      return session.bulk.done(L, BULK, live(L, c));
    },
    disconnect: (L) => {
      const c = objectAt(L, 1);
      if (!(c instanceof Connection)) return badSelf(L, 216, 'db_connection_close', CTYPE.connection);
      if (c.con === null) {
        host.log.alert('attempt to close an already closed connection');
        return pushTrue(L);
      }
      c.result.valid = false;
      return session.disconnect(L, c, pushTrue);
    },
    reconnect: (L) => {
      const c = objectAt(L, 1);
      if (!(c instanceof Connection)) return badSelf(L, 220, 'db_connection_reconnect', CTYPE.connection);
      live(L, c);
      if (c.driver.canReconnect === false) {
        host.log.alert('reconnect is not supported by the current driver');
        return pushTrue(L);
      }
      return session.reconnect(L, c, afterReconnect);
    },
  };

  const afterReconnect = (L: LuaState, ok: boolean): number => (ok ? pushTrue(L) : raiseAt(L, 'assertion failed!'));

  defineMetatable(L, MT_CONNECTION, { methods, tostring: '<sql_connection>' });
}
