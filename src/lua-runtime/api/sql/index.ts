// sysbench.sql, the sysbench 1.0 SQL API: drivers, connections, prepared statements,
// parameters and result sets (one file each), on the state's SQL session. sysbench makes
// them LuaJIT FFI objects, so type() calls them "cdata" (parameters are tables there).
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../../fengari.js';
import { SQL_ERROR, SQL_TYPE } from '../../../drivers/sql-type.js';
import { isCdata } from '../../userdata.js';
import { registerConnection } from './connection.js';
import { newDriver, registerDriver } from './driver.js';
import { registerParam } from './param.js';
import { registerResult } from './result.js';
import { registerStatement } from './statement.js';

const CDATA = toLuaString('cdata');

function pushNumbers(L: LuaState, table: Readonly<Record<string, number>>): void {
  lua.lua_createtable(L, 0, Object.keys(table).length);
  for (const [k, v] of Object.entries(table)) {
    lua.lua_pushinteger(L, v);
    lua.lua_setfield(L, -2, k);
  }
}

// type(): "cdata" for the SQL objects, as under LuaJIT (inspect.lua prints them by tostring)
const sqlType: LuaNative = (L) => {
  lauxlib.luaL_checkany(L, 1);
  if (isCdata(L, 1)) lua.lua_pushstring(L, CDATA);
  else lua.lua_pushstring(L, lua.lua_typename(L, lua.lua_type(L, 1)));
  return 1;
};

export function registerSql(L: LuaState): void {
  registerResult(L);
  registerParam(L);
  registerStatement(L);
  registerConnection(L);
  registerDriver(L);
  lua.lua_pushcfunction(L, sqlType);
  lua.lua_setglobal(L, 'type');

  // sysbench.sql: driver(), and the type and error numbers (the one table TypeScript uses)
  lua.lua_getglobal(L, 'sysbench');
  lua.lua_createtable(L, 0, 3);
  lua.lua_pushcfunction(L, newDriver);
  lua.lua_setfield(L, -2, 'driver');
  pushNumbers(L, SQL_TYPE);
  lua.lua_setfield(L, -2, 'type');
  pushNumbers(L, SQL_ERROR);
  lua.lua_setfield(L, -2, 'error');
  lua.lua_setfield(L, -2, 'sql');
  lua.lua_pop(L, 1);
}
