// Raising Lua errors from natives, the two ways sysbench's errors come out.
import { lua, lauxlib, type LuaState } from './fengari.js';
import { pushJsString } from './strings.js';

/** error(msg, level): the message prefixed with the position of the Lua code `level` calls up (1: the native's caller). */
export function raiseAt(L: LuaState, msg: string, level = 1): number {
  lauxlib.luaL_where(L, level);
  pushJsString(L, msg);
  lua.lua_concat(L, 2);
  return lua.lua_error(L);
}

/** error(msg, 0): the message as it is (sysbench's errors raised inside its own Lua modules carry their own position). */
export function raiseText(L: LuaState, msg: string): number {
  pushJsString(L, msg);
  return lua.lua_error(L);
}
