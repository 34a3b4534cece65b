// Table entries keep their key's type and value themselves (packages/fengari/src: ltable.js, one
// TValue less per entry). What reads keys back: next()/pairs() (also after deletions during the
// traversal, which leave dead keys to step over), float keys with integer values stored as
// integers, keys set again after deletion, and the lexer's reuse of its strings.
import { describe, expect, it } from 'vitest';
import { lua, lauxlib, lualib, toLuaString, toJsString } from '../../src/lua-runtime/fengari.js';
import lstring from 'fengari/src/lstring.js';

function run(code: string): string {
  const L = lauxlib.luaL_newstate();
  lualib.luaL_openlibs(L);
  if (lauxlib.luaL_dostring(L, toLuaString(code)) !== lua.LUA_OK) throw new Error(toJsString(lua.lua_tostring(L, -1)));
  return toJsString(lua.lua_tostring(L, -1));
}

describe('table entries', () => {
  it('hold the key, not a TValue of it', () => {
    const L = lauxlib.luaL_newstate();
    lua.lua_createtable(L, 0, 0);
    lua.lua_pushinteger(L, 7);
    lua.lua_setfield(L, -2, toLuaString('seven'));
    const t = lua.lua_topointer(L, -1) as { f: Record<string, unknown> };
    expect(Object.keys(t.f).sort()).toEqual(['kt', 'kv', 'n', 'p', 'value']);
    expect(t.f.kv).toBeInstanceOf(lstring.TString);
  });

  it('next() and pairs() give every key back, stepping over the ones deleted while iterating', () => {
    const out = run(`
      local t = {}
      for i = 1, 20 do t[i] = i * 2; t["k" .. i] = i end
      t[2.0] = "two"; t[1.5] = "x"; t[true] = "b"
      local seen = 0
      for k in pairs(t) do
        seen = seen + 1
        if type(k) == "string" and tonumber(k:sub(2)) > 10 then t[k] = nil end
      end
      local keys = {}
      for k, v in pairs(t) do keys[#keys + 1] = tostring(k) .. "=" .. tostring(v) .. ":" .. math.type(k == true and 0 or (type(k) == "number" and k or 0)) end
      table.sort(keys)
      local u = {a = 1}; u.a = nil; u.a = 2
      local ku, vu = next(u)
      return seen .. " " .. #keys .. " " .. table.concat(keys, ",") .. " " .. ku .. "=" .. vu .. " " .. tostring(next({}))`);
    const [seen, count, keys, again, empty] = out.split(' ');
    expect(seen).toBe('42');
    expect(count).toBe('32');
    expect(keys.split(',')).toContain('2=two:integer');
    expect(keys.split(',')).toContain('1.5=x:float');
    expect(keys.split(',')).toContain('true=b:integer');
    expect(keys.split(',').filter((k) => k.startsWith('k'))).toHaveLength(10);
    expect(again).toBe('a=2');
    expect(empty).toBe('nil');
  });

  it('the lexer reuses the strings of a chunk', () => {
    expect(run('local a, b = "same", "same"; local t = {same = 1}; return a .. b .. t.same')).toBe('samesame1');
  });
});
