// Values pushed through fengari's C API go into the TValue their stack slot already holds
// (packages/fengari/src: lobject.js setslot, used by lapi.js pushes and ldo.js luaD_inctop), and luaD_rawrunprotected takes its
// error record again from the last call (L.errorJmpSpare): the two allocations every query made.
// The first cases check that the objects are reused; the others that nothing holding a value
// that was once in such a slot sees it change: closures over locals of returned functions,
// values moved to another coroutine, table fields, error values of nested protected calls.
import { describe, expect, it } from 'vitest';
import { internals, lua, lauxlib, toLuaString, type LuaState } from '../../src/lua-runtime/fengari.js';
import { runLua as run, stateWithNative } from '../helpers/lua-state.js';

// noise(n): pushes n numbers (n, n+1, ...) and drops them, then n booleans: a native writing
// over the slots above its caller's registers
function newState(): LuaState {
  return stateWithNative('noise', (Ls: LuaState) => {
    const n = lauxlib.luaL_checkinteger(Ls, 1);
    lauxlib.luaL_checkstack(Ls, n + 2, null);
    for (let i = 0; i < n; i++) lua.lua_pushinteger(Ls, n + i);
    lua.lua_settop(Ls, 0);
    for (let i = 0; i < n; i++) lua.lua_pushboolean(Ls, i % 2);
    lua.lua_settop(Ls, 0);
    lua.lua_pushnil(Ls);
    return 0;
  });
}

describe('fengari pushes into existing stack slots', () => {
  it('a push after a pop writes into the slot the pop left', () => {
    const L = newState();
    lua.lua_pushinteger(L, 1);
    const slot = L.stack[L.top - 1];
    lua.lua_pop(L, 1);
    lua.lua_pushnumber(L, 2.5);
    expect(L.stack[L.top - 1]).toBe(slot);
    lua.lua_pop(L, 1);
    lua.lua_pushnil(L);
    expect(L.stack[L.top - 1]).toBe(slot);
    expect(lua.lua_isnil(L, -1)).toBe(true);
  });

  it('luaD_inctop (what GlobalSlot pushes a global with) reuses the slot too', () => {
    const L = newState();
    lua.lua_pushboolean(L, true);
    const slot = L.stack[L.top - 1];
    lua.lua_settop(L, 0);
    internals.ldo.luaD_inctop(L);
    expect(L.stack[L.top - 1]).toBe(slot);
    expect(lua.lua_isnil(L, -1)).toBe(true);
  });

  it('closures keep the values of locals of functions that returned', () => {
    const L = newState();
    expect(run(L, `
      local function make(a, b)
        local x, y = a * 10, b .. '!'
        return function() return x, y end
      end
      local fs = {}
      for i = 1, 20 do
        fs[i] = make(i, 'v' .. i)
        noise(30)
      end
      local out = {}
      for i = 1, 20 do
        noise(30)
        local x, y = fs[i]()
        out[#out + 1] = x .. y
      end
      return table.concat(out, ',')`)).toBe(Array.from({ length: 20 }, (_, i) => `${(i + 1) * 10}v${i + 1}!`).join(','));
  });

  it('open upvalues of a running function are not written over by natives it calls', () => {
    const L = newState();
    expect(run(L, `
      local a, b, c = 1, 2, 3
      local function get() return a + b + c end
      local total = 0
      for i = 1, 10 do
        noise(40)
        total = total + get()
        a = a + 1
      end
      return tostring(total)`)).toBe(String(10 * 6 + 45));
  });

  it('values moved out of a coroutine (lua_xmove) stay as they were', () => {
    const L = newState();
    expect(run(L, `
      local co = coroutine.wrap(function(n)
        while true do
          noise(10)
          n = coroutine.yield(n, n * 2, tostring(n))
        end
      end)
      local out = {}
      for i = 1, 15 do
        local a, b, c = co(i)
        noise(25)
        out[#out + 1] = a + b .. c
      end
      return table.concat(out, ',')`)).toBe(Array.from({ length: 15 }, (_, i) => `${3 * (i + 1)}${i + 1}`).join(','));
  });

  it('table fields set from pushed values keep them', () => {
    const L = newState();
    lua.lua_createtable(L, 0, 0);
    for (let i = 0; i < 50; i++) {
      lua.lua_pushinteger(L, i * 3);
      lua.lua_rawseti(L, 1, i + 1);
    }
    lua.lua_setglobal(L, toLuaString('t'));
    expect(run(L, 'local s = 0 for i = 1, #t do s = s + t[i] end return tostring(s)')).toBe(String(3 * (49 * 50) / 2));
  });
});

describe('fengari protected calls reuse their error record', () => {
  it('a resume leaves its record for the next one', () => {
    const L = newState();
    const co = lua.lua_newthread(L);
    lua.lua_pop(L, 1);
    run(L, 'function step() for i = 1, 3 do coroutine.yield(i) end end');
    lua.lua_getglobal(co, toLuaString('step'));
    expect(lua.lua_resume(co, L, 0)).toBe(lua.LUA_YIELD);
    const record = co.errorJmpSpare;
    expect(record).toBeTypeOf('object');
    expect(record).not.toBeNull();
    lua.lua_settop(co, 0);
    expect(lua.lua_resume(co, L, 0)).toBe(lua.LUA_YIELD);
    expect(co.errorJmpSpare).toBe(record);
    expect(co.errorJmp).toBeNull();
  });

  it('errors of nested protected calls reach the right handler with the right value', () => {
    const L = newState();
    expect(run(L, `
      local out = {}
      for i = 1, 5 do
        local ok1, e1 = pcall(function()
          local ok2, e2 = pcall(function()
            local ok3, e3 = pcall(error, 'inner' .. i)
            error(e3 .. '+middle', 0)
          end)
          out[#out + 1] = tostring(ok2) .. ':' .. e2
          error({ level = i }, 0)
        end)
        out[#out + 1] = tostring(ok1) .. ':' .. e1.level
        local ok4, e4 = pcall(tostring, i)
        out[#out + 1] = tostring(ok4) .. ':' .. e4
      end
      return table.concat(out, ' ')`)).toBe(Array.from({ length: 5 }, (_, j) =>
      `false:inner${j + 1}+middle false:${j + 1} true:${j + 1}`).join(' '));
  });

  it('an error inside a coroutine resumed from a protected call is that error', () => {
    const L = newState();
    expect(run(L, `
      local out = {}
      for i = 1, 4 do
        local co = coroutine.create(function(x)
          coroutine.yield(x)
          local ok, e = pcall(error, 'caught' .. x)
          coroutine.yield(e)
          error('thrown' .. x, 0)
        end)
        local r = {}
        for _ = 1, 4 do
          local ok, v = coroutine.resume(co, i)
          r[#r + 1] = tostring(ok) .. '=' .. tostring(v)
        end
        out[#out + 1] = table.concat(r, ';')
      end
      return table.concat(out, ' | ')`)).toBe(Array.from({ length: 4 }, (_, j) => {
      const i = j + 1;
      return `true=${i};true=caught${i};false=thrown${i};false=cannot resume dead coroutine`;
    }).join(' | '));
  });
});
