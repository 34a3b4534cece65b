// How queries and executes of sysbench.sql answer Lua: a result set, a truthy "no result", or
// connection:check_error()'s error (sysbench's sql_connection and its one result set).
import { lua, lauxlib, toLuaString, type LuaState } from '../../fengari.js';
import type { DbError, DbResult } from '../../../drivers/driver.js';
import { DROPPED_ROWS } from '../../../drivers/result.js';
import { SbCounter } from '../../../stats/counters.js';
import { raiseAt } from '../../raise.js';
import { pushJsString } from '../../strings.js';
import { pushObject } from '../../userdata.js';
import { stateOf } from '../../context.js';
import { SqlConnection, type StatementOutcome } from '../../sql/session.js';
import { CTYPE } from './misuse.js';
import { MT_RESULT, pushCell, SqlResult } from './result.js';

export const MT_CONNECTION = toLuaString('sysbench.sql.connection');

const RESTART_EVENT = 1;

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
export function raiseApiError(L: LuaState): number {
  return raiseAt(L, 'SQL API error', 2);
}

const pushResult = (L: LuaState, c: Connection, r: DbResult): number => {
  c.result.hold(r);
  c.resultSeen = true;
  lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, c.resultRef);
  return 1;
};

// A statement without a result set: sysbench returns a NULL sql_result pointer, which prints as
// <sql_result> and is truthy; the connection no longer holds a result set. One object per state,
// made when first returned.
const pushNoResult = (L: LuaState, c: Connection): number => {
  c.result.valid = false;
  const ctx = stateOf(L);
  if (ctx.noResultRef === 0) {
    pushObject(L, new SqlResult(), MT_RESULT, true);
    ctx.noResultRef = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
  }
  lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, ctx.noResultRef);
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

export const queryOutcome: StatementOutcome = {
  done,
  failed: (L, conn, err, ignorable) => raiseSqlError(L, conn as Connection, err, ignorable, stateOf(L).sql.queryText),
};

export const queryRowOutcome: StatementOutcome = {
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
  failed: (L, conn, err, ignorable) => raiseSqlError(L, conn as Connection, err, ignorable, stateOf(L).sql.queryText),
};

export const executeOutcome: StatementOutcome = {
  done,
  failed: (L, conn, err, ignorable) => raiseSqlError(L, conn as Connection, err, ignorable, '<prepared statement>'),
};
