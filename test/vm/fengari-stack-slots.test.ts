// The VM's stack slots (packages/fengari/src: ldo.js raise_top). Slots are TValue objects; pops
// through the C API empty them (luaD_poptop), and raise_top only creates slots above L.filled,
// the mark below which every slot exists. Each case leaves slots empty or missing in one of the
// ways the VM does (API pops, values moved between threads, errors, a stack shrunk after deep
// recursion) and then runs Lua code that needs fresh registers there: a slot left missing would
// throw a TypeError inside the VM instead of the Lua result.
import { describe, expect, it } from 'vitest';
import { lua, lauxlib, toLuaString, type LuaState } from '../../src/lua-runtime/fengari.js';
import { runLua as run, stateWithNative } from '../helpers/lua-state.js';

/** A state with the standard libraries and churn(n): pushes n values and pops each of them
 *  into a table with lua_setfield (every pop deletes the slot). */
function newState(): LuaState {
  return stateWithNative('churn', (Ls: LuaState) => {
    const n = lauxlib.luaL_checkinteger(Ls, 1);
    lauxlib.luaL_checkstack(Ls, n + 4, null);
    lua.lua_createtable(Ls, 0, 0);
    for (let i = 0; i < n; i++) lua.lua_pushinteger(Ls, i);
    for (let i = n - 1; i >= 0; i--) {
      lua.lua_pushvalue(Ls, -1);
      lua.lua_setfield(Ls, 2, toLuaString(`k${i}`));
      lua.lua_pop(Ls, 1);
    }
    lua.lua_pushinteger(Ls, n);
    return 1;
  });
}

/** Lua helpers: wide(a) uses twenty registers; deep(n) recurses n levels through wide */
const PRELUDE = `
  local function wide(a)
    local x1, x2, x3, x4, x5, x6, x7, x8, x9, x10 = a, a, a, a, a, a, a, a, a, a
    local y1, y2, y3, y4, y5, y6, y7, y8, y9, y10 = x1, x2, x3, x4, x5, x6, x7, x8, x9, x10
    return y1 + y2 + y3 + y4 + y5 + y6 + y7 + y8 + y9 + y10
  end
  local function deep(n)
    if n == 0 then return wide(1) end
    return deep(n - 1) + 0
  end
`;

describe('fengari stack slots after deletions', () => {
  it('pops of the C API (lua_setfield), then a call with fresh registers', () => {
    const L = newState();
    expect(run(L, `${PRELUDE}
      local sum = 0
      for i = 1, 50 do
        sum = sum + churn(40) + wide(i) + churn(3)
      end
      return tostring(sum)`)).toBe(String(50 * 43 + 10 * (50 * 51) / 2));
  });

  it('values moved out of a coroutine (lua_xmove), fewer moved back in', () => {
    const L = newState();
    expect(run(L, `${PRELUDE}
      local co = coroutine.wrap(function(a)
        while true do
          a = coroutine.yield(wide(a), a, a, a, a, a, a, a, a, a)
        end
      end)
      local sum = 0
      for i = 1, 30 do
        sum = sum + co(i) + wide(i)
      end
      return tostring(sum)`)).toBe(String(20 * (30 * 31) / 2));
  });

  it('errors caught by pcall, then calls where the error unwound', () => {
    const L = newState();
    expect(run(L, `${PRELUDE}
      local sum = 0
      for i = 1, 30 do
        local ok = pcall(function() churn(20); local t = wide(i); error({t}) end)
        assert(not ok)
        sum = sum + wide(i)
      end
      return tostring(sum)`)).toBe(String(10 * (30 * 31) / 2));
  });

  it('a stack grown by deep recursion and shrunk after an error', () => {
    const L = newState();
    expect(run(L, `${PRELUDE}
      local total = 0
      for round = 1, 3 do
        assert(not pcall(function() deep(2000); error('unwind') end))
        total = total + deep(2000) + churn(10)
      end
      return tostring(total)`)).toBe(String(3 * (10 + 10)));
  });
});
