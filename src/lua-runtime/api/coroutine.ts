// coroutine.*: sysbench calls a script's functions (event, thread_init, ...) with lua_pcall on
// the thread's main Lua thread; we run them in a coroutine so that I/O can wait. To the script
// they must still look like the main thread, as under sysbench: coroutine.yield() there fails
// with LuaJIT's error, coroutine.running() gives nil and coroutine.isyieldable() false.
import { lua, lauxlib, toLuaString, type LuaNative, type LuaState } from '../fengari.js';
import { stateOf } from '../context.js';

const CYIELD = toLuaString('attempt to yield across C-call boundary');

const natives: Readonly<Record<string, LuaNative>> = {
  yield: (L) => {
    if (stateOf(L).exec.isScriptMain(L)) return lauxlib.luaL_error(L, CYIELD);
    return lua.lua_yield(L, lua.lua_gettop(L));
  },
  running: (L) => {
    if (stateOf(L).exec.isScriptMain(L)) {
      lua.lua_pushnil(L);
      return 1;
    }
    lua.lua_pushthread(L);
    return 1;
  },
  isyieldable: (L) => {
    lua.lua_pushboolean(L, !stateOf(L).exec.isScriptMain(L) && lua.lua_isyieldable(L));
    return 1;
  },
};

export function installCoroutineMain(L: LuaState): void {
  lua.lua_getglobal(L, 'coroutine');
  for (const [name, f] of Object.entries(natives)) {
    lua.lua_pushcfunction(L, f);
    lua.lua_setfield(L, -2, name);
  }
  lua.lua_pop(L, 1);
}
