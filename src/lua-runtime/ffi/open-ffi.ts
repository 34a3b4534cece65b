// require("ffi"): builds the natives of one Lua state's ffi stand-in and hands them to
// lua/internal/ffi.lua, which assembles the module table.
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import { CRegistry } from './cdecl.js';
import { cLibrary, type FfiHost } from './c-library.js';
import { cdataMetatable, ctypeMetatable, libraryNatives } from './ffi-lib.js';
import type { FfiContext } from './ffi-state.js';

export type { FfiHost } from './c-library.js';

function metatable(L: LuaState, natives: Record<string, LuaNative>): number {
  lua.lua_createtable(L, 0, 24);
  for (const [k, f] of Object.entries(natives)) {
    lua.lua_pushcfunction(L, f);
    lua.lua_setfield(L, -2, k);
  }
  lua.lua_pushstring(L, toLuaString('ffi')); // getmetatable(cdata) is "ffi", as in LuaJIT
  lua.lua_setfield(L, -2, '__metatable');
  return lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
}

/**
 * Pushes the table of natives ffi.lua receives: the library functions, C (the namespace),
 * and set_declarations(f), where f() returns the declarations sysbench itself makes (run
 * the first time a script declares, looks up or names a C type).
 */
export function pushFfiNatives(L: LuaState, fh: FfiHost): void {
  let declarations: number | null = null;
  let declared = false;
  const ctx: FfiContext = {
    reg: new CRegistry(),
    cdataMeta: 0,
    ctypeMeta: 0,
    metatypes: new Map(),
    errno: 0,
    ensureDeclared(S: LuaState) {
      if (declared || declarations === null) return;
      declared = true;
      lua.lua_rawgeti(S, lua.LUA_REGISTRYINDEX, declarations);
      lua.lua_call(S, 0, 1);
      const text = Buffer.from(lua.lua_tostring(S, -1) ?? new Uint8Array()).toString('latin1');
      lua.lua_pop(S, 1);
      ctx.reg.declare(text);
    },
  };
  const clib = cLibrary(ctx, fh);
  ctx.cdataMeta = metatable(L, cdataMetatable(ctx, clib.call));
  ctx.ctypeMeta = metatable(L, ctypeMetatable(ctx));

  lua.lua_createtable(L, 0, 24);
  for (const [k, f] of Object.entries(libraryNatives(ctx))) {
    lua.lua_pushcfunction(L, f);
    lua.lua_setfield(L, -2, k);
  }
  // ffi.C: a userdata whose fields are the declared C symbols
  lua.lua_newuserdata(L, 0);
  lua.lua_createtable(L, 0, 2);
  lua.lua_pushcfunction(L, clib.index);
  lua.lua_setfield(L, -2, '__index');
  lua.lua_pushcfunction(L, (S: LuaState) => lauxlib.luaL_error(S, toLuaString('sysbench-ts: assigning to ffi.C is not supported')));
  lua.lua_setfield(L, -2, '__newindex');
  lua.lua_setmetatable(L, -2);
  lua.lua_setfield(L, -2, 'C');
  lua.lua_pushcfunction(L, (S: LuaState) => {
    lauxlib.luaL_checktype(S, 1, lua.LUA_TFUNCTION);
    lua.lua_pushvalue(S, 1);
    declarations = lauxlib.luaL_ref(S, lua.LUA_REGISTRYINDEX);
    return 0;
  });
  lua.lua_setfield(L, -2, 'set_declarations');
}
