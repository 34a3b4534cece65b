// Natives behind sysbench's top-level Lua API: output, the event loop, counters, sleeping,
// script option declarations.
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import type { ScriptOptionDef } from '../host.js';
import { stateOf } from '../context.js';
import { bytesToString } from '../strings.js';

function textOfArgs(L: LuaState, sep: string, from: number): string {
  const n = lua.lua_gettop(L);
  let s = '';
  for (let i = from; i <= n; i++) {
    if (i > from) s += sep;
    s += bytesToString(lauxlib.luaL_tolstring(L, i));
    lua.lua_pop(L, 1);
  }
  return s;
}

function readScriptOptions(L: LuaState): ScriptOptionDef[] {
  lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
  const defs: ScriptOptionDef[] = [];
  const n = lua.lua_rawlen(L, 1);
  for (let i = 1; i <= n; i++) {
    lua.lua_rawgeti(L, 1, i);
    const field = (k: string): string | null => {
      lua.lua_getfield(L, -1, toLuaString(k));
      const v = lua.lua_isnil(L, -1) ? null : bytesToString(lua.lua_tolstring(L, -1));
      lua.lua_pop(L, 1);
      return v;
    };
    const name = field('name')!;
    const desc = field('desc') ?? '';
    const value = field('value');
    lua.lua_getfield(L, -1, 'type');
    const type = lua.lua_tointeger(L, -1);
    lua.lua_pop(L, 2);
    defs.push({ name, desc, value, type });
  }
  return defs;
}

const pushMore = (L: LuaState): number => {
  lua.lua_pushboolean(L, stateOf(L).exec.ioValue === true);
  return 1;
};

export const coreNatives: Readonly<Record<string, LuaNative>> = {
  print: (L) => {
    stateOf(L).host.out(textOfArgs(L, '\t', 1) + '\n');
    return 0;
  },
  __sb_event_start: (L) => {
    const s = stateOf(L);
    const more = s.host.eventStart();
    if (typeof more === 'boolean') {
      lua.lua_pushboolean(L, more);
      return 1;
    }
    return s.exec.io(L, more, pushMore);
  },
  __sb_event_stop: (L) => {
    stateOf(L).host.eventStop();
    return 0;
  },
  __sb_counter_inc: (L) => {
    stateOf(L).host.countInc(lauxlib.luaL_checkinteger(L, 1));
    return 0;
  },
  __sb_set_test_args: (L) => {
    lua.lua_pushboolean(L, stateOf(L).host.setTestArgs(readScriptOptions(L)));
    return 1;
  },
  __sb_print_test_options: (L) => {
    stateOf(L).host.printTestOptions();
    return 0;
  },
  __sb_at_exit: (L) => {
    lauxlib.luaL_checktype(L, 1, lua.LUA_TFUNCTION);
    lua.lua_pushvalue(L, 1);
    const ref = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    const { host, exec } = stateOf(L);
    const M = exec.L; // the coroutine that registered it may be gone by then
    host.atExit(() => {
      lua.lua_rawgeti(M, lua.LUA_REGISTRYINDEX, ref);
      lua.lua_pcall(M, 0, 0, 0);
    });
    return 0;
  },
  __sb_newproxy: (L) => {
    // LuaJIT's newproxy(true): a userdata with a fresh metatable
    lua.lua_newuserdata(L, 0);
    if (lua.lua_toboolean(L, 1)) {
      lua.lua_createtable(L, 0, 0);
      lua.lua_setmetatable(L, -2);
    }
    return 1;
  },
};
