// Lua states for tests that drive fengari directly (the fengari-* tests).
import { lua, lauxlib, lualib, toLuaString, toJsString, type LuaNative, type LuaState } from '../../src/lua-runtime/fengari.js';

/** A state with the standard libraries and global `name` set to the native `fn`. */
export function stateWithNative(name: string, fn: LuaNative): LuaState {
  const L = lauxlib.luaL_newstate();
  lualib.luaL_openlibs(L);
  lua.lua_pushcfunction(L, fn);
  lua.lua_setglobal(L, toLuaString(name));
  return L;
}

/** Runs `code` in `L`: what it returns, as a string ('' when nothing); a Lua error throws. */
export function runLua(L: LuaState, code: string): string {
  if (lauxlib.luaL_dostring(L, toLuaString(code)) !== lua.LUA_OK) throw new Error(toJsString(lua.lua_tostring(L, -1)));
  return lua.lua_gettop(L) > 0 ? toJsString(lua.lua_tolstring(L, -1)) : '';
}
