// luaL_setfuncs without upvalues fills a table that has no metatable directly, not through the
// stack (packages/fengari/src: lapi.js fengari_setfuncs, ltable.js luaH_setstrfield), and popped
// stack slots are emptied rather than deleted (ldo.js luaD_poptop). What must not change: a
// table with a metatable still gets its fields through __newindex, fields replace earlier ones
// in place, pairs() sees the functions in the order given, and the stack array keeps no holes.
import { describe, expect, it } from 'vitest';
import { lua, lauxlib, lualib, setNatives, setFreshField, internedKey, sharedLuaString, valueType, toLuaString, toJsString } from '../../src/lua-runtime/fengari.js';

const ret = (n: number) => (L: unknown) => { lua.lua_pushinteger(L, n); return 1; };

function globalsRun(L: unknown, code: string): string {
  if (lauxlib.luaL_dostring(L, toLuaString(code)) !== lua.LUA_OK) throw new Error(toJsString(lua.lua_tostring(L, -1)));
  return toJsString(lua.lua_tostring(L, -1));
}

describe('luaL_setfuncs', () => {
  it('sets each function of a table without a metatable, in order, replacing earlier values', () => {
    const L = lauxlib.luaL_newstate();
    lualib.luaL_openlibs(L);
    lua.lua_createtable(L, 0, 0);
    lua.lua_pushinteger(L, 99);
    lua.lua_setfield(L, -2, toLuaString('two'));
    setNatives(L, { one: ret(1), two: ret(2), three: ret(3) });
    lua.lua_setglobal(L, toLuaString('lib'));
    expect(globalsRun(L, `
      local names = {}
      for k, v in pairs(lib) do names[#names + 1] = k .. "=" .. v() end
      return table.concat(names, ",")`)).toBe('two=2,one=1,three=3');
  });

  it('goes through __newindex when the table has a metatable', () => {
    const L = lauxlib.luaL_newstate();
    lualib.luaL_openlibs(L);
    globalsRun(L, 'seen = {}; proxy = setmetatable({}, {__newindex = function(t, k, v) seen[#seen + 1] = k; rawset(t, k, v) end}); return ""');
    lua.lua_getglobal(L, toLuaString('proxy'));
    setNatives(L, { a: ret(1), b: ret(2) });
    lua.lua_pop(L, 1);
    expect(globalsRun(L, 'return table.concat(seen, ",") .. " " .. proxy.a() + proxy.b()')).toBe('a,b 3');
  });

  it('goes through __newindex for a value that is not a table', () => {
    const L = lauxlib.luaL_newstate();
    lualib.luaL_openlibs(L);
    globalsRun(L, 'seen = {}; mt = {__newindex = function(u, k, v) seen[#seen + 1] = k end}; return ""');
    lua.lua_newuserdata(L, 0);
    lua.lua_getglobal(L, toLuaString('mt'));
    lua.lua_setmetatable(L, -2);
    setNatives(L, { a: ret(1), b: ret(2) });
    lua.lua_pop(L, 1);
    expect(globalsRun(L, 'return table.concat(seen, ",")')).toBe('a,b');
  });

  it('leaves the stack as it found it', () => {
    const L = lauxlib.luaL_newstate();
    lua.lua_createtable(L, 0, 0);
    const top = lua.lua_gettop(L);
    setNatives(L, { f: ret(1) });
    expect(lua.lua_gettop(L)).toBe(top);
  });
});

describe('fresh fields', () => {
  it('are what lua_setfield would have set: integers, floats, booleans and strings', () => {
    const L = lauxlib.luaL_newstate();
    lualib.luaL_openlibs(L);
    lua.lua_createtable(L, 0, 4);
    setFreshField(L, internedKey('n'), valueType.integer, 7);
    setFreshField(L, internedKey('x'), valueType.float, 2.5);
    setFreshField(L, internedKey('b'), valueType.boolean, false);
    setFreshField(L, internedKey('s'), valueType.string, sharedLuaString(toLuaString('text')));
    lua.lua_setglobal(L, toLuaString('t'));
    expect(globalsRun(L, 'return math.type(t.n) .. " " .. t.n .. " " .. math.type(t.x) .. " " .. t.x .. " " .. tostring(t.b) .. " " .. t.s .. " " .. tostring(t["n"] == 7)'))
      .toBe('integer 7 float 2.5 false text true');
  });
});

describe('popped stack slots', () => {
  it('are emptied, leaving no holes in the stack array', () => {
    const L = lauxlib.luaL_newstate() as { stack: unknown[]; top: number };
    lua.lua_createtable(L, 0, 0);
    const top = L.top;
    // lua_setfield pushes the key, then pops key and value
    lua.lua_pushinteger(L, 7);
    lua.lua_setfield(L, -2, toLuaString('k'));
    expect(L.top).toBe(top);
    expect([L.stack[top], L.stack[top + 1]]).toEqual([undefined, undefined]);
    // undefined values, not deleted elements (holes)
    expect([Object.hasOwn(L.stack, top), Object.hasOwn(L.stack, top + 1)]).toEqual([true, true]);
    lua.lua_pushinteger(L, 5);
    lua.lua_getfield(L, -2, toLuaString('k'));
    expect([lua.lua_tointeger(L, -2), lua.lua_tointeger(L, -1)]).toEqual([5, 7]);
  });
});
