// sql_statement: con:prepare()'s result, stmt:bind_create(), stmt:bind_param(),
// stmt:execute() (on the per-query path: a type test, the parameters' values copied into a
// reused array, no allocation) and stmt:close().
import { lua, toLuaString, type LuaState, type LuaNative } from '../../fengari.js';
import type { DbStatement } from '../../../drivers/driver.js';
import { SQL_TYPE } from '../../../drivers/sql-type.js';
import { raiseAt } from '../../raise.js';
import { defineMetatable, objectAt, pushObject } from '../../userdata.js';
import type { PrepareOutcome } from '../../sql/session.js';
import { stateOf } from '../../context.js';
import { badSelf, badSelfTail, bindCreateLength, bindCreateType, bindParamArg, CTYPE } from './misuse.js';
import { BIND_TYPES, MT_PARAM, ParamKind, SqlParam } from './param.js';
import { executeOutcome, type Connection } from './outcomes.js';

export const MT_STATEMENT = toLuaString('sysbench.sql.statement');

export class Statement {
  static readonly ctype = CTYPE.statement;
  params: SqlParam[] | null = null;
  /** the values sent at each execute (the parameters' current values) */
  readonly values: unknown[] = [];
  constructor(readonly conn: Connection, readonly stmt: DbStatement) {}
}

/** The kind and buffer size of a parameter bind_create() makes for a sysbench.sql.type. */
function paramFor(L: LuaState, btype: number): SqlParam | null {
  switch (btype) {
    case SQL_TYPE.TINYINT: case SQL_TYPE.SMALLINT: case SQL_TYPE.INT: case SQL_TYPE.BIGINT:
      return new SqlParam(ParamKind.Int, 8);
    case SQL_TYPE.FLOAT: case SQL_TYPE.DOUBLE:
      return new SqlParam(ParamKind.Double, 8);
    case SQL_TYPE.CHAR: case SQL_TYPE.VARCHAR:
      if (lua.lua_type(L, 3) !== lua.LUA_TNUMBER) return bindCreateLength(L) as never;
      return new SqlParam(ParamKind.String, Math.max(0, Math.trunc(lua.lua_tonumber(L, 3))));
    default:
      return null;
  }
}

const prepared: PrepareOutcome = {
  prepared: (L, conn, stmt) => {
    pushObject(L, new Statement(conn as Connection, stmt), MT_STATEMENT, true);
    return 1;
  },
  failed: (L) => raiseAt(L, 'SQL API error'),
};

/** con:prepare(text): the statement, or "SQL API error" (the driver's FATAL lines are logged). */
export function prepareStatement(L: LuaState, c: Connection, text: string): number {
  return stateOf(L).sql.prepare(L, c, text, prepared);
}

const methods: Record<string, LuaNative> = {
  // (sysbench's bind_create() never looks at self)
  bind_create: (L) => {
    const p = lua.lua_type(L, 2) === lua.LUA_TNUMBER ? paramFor(L, lua.lua_tonumber(L, 2)) : null;
    if (p === null) return bindCreateType(L);
    pushObject(L, p, MT_PARAM);
    return 1;
  },
  bind_param: (L) => {
    const n = lua.lua_gettop(L) - 1;
    if (n < 1) {
      lua.lua_pushnil(L);
      return 1;
    }
    const params: SqlParam[] = [];
    for (let i = 2; i <= n + 1; i++) {
      const p = objectAt(L, i);
      if (!(p instanceof SqlParam)) return bindParamArg(L, i);
      params.push(p);
    }
    const st = objectAt(L, 1);
    if (!(st instanceof Statement)) return badSelfTail(L, 'bind_param', CTYPE.statement);
    st.params = params;
    st.values.length = n;
    lua.lua_pushinteger(L, st.stmt.bind ? st.stmt.bind(params.map((p) => BIND_TYPES[p.kind])) : 0);
    return 1;
  },
  execute: (L) => {
    const st = objectAt(L, 1);
    if (!(st instanceof Statement)) return badSelf(L, 430, 'db_execute', CTYPE.statement);
    const conn = st.conn;
    if (conn.con === null) {
      stateOf(L).host.log.alert('attempt to use an already closed connection');
      lua.lua_pushnil(L);
      return 1;
    }
    const params = st.params;
    if (params !== null) {
      const values = st.values;
      for (let i = 0; i < params.length; i++) values[i] = params[i].value;
    }
    // `stmt:execute()` as a statement (the stock scripts' way): the caller takes no results
    // (ci.nresults 0), and the connection's result-set object, which every query of the
    // connection returns, was never handed to the script: its rows cannot be looked at
    const dropRows = L.ci.nresults === 0 && !conn.resultSeen;
    return stateOf(L).sql.execute(L, conn, st.stmt, st.values, executeOutcome, dropRows);
  },
  close: (L) => {
    const st = objectAt(L, 1);
    if (!(st instanceof Statement)) return badSelfTail(L, 'close', CTYPE.statement);
    st.stmt.close();
    lua.lua_pushinteger(L, 0);
    return 1;
  },
};

export function registerStatement(L: LuaState): void {
  defineMetatable(L, MT_STATEMENT, { methods, tostring: '<sql_statement>' });
}
