// The VM's inline caches of table reads (packages/fengari/src: lvm.js ic_gettable) never serve a
// stale value. Each case warms a function up until its closure has a cache (checked with
// `cached`, so that the case does exercise it), changes what the cached read depends on, and
// checks the next reads against plain Lua semantics.
import { describe, expect, it } from 'vitest';
import { lua, lauxlib, lualib, toLuaString, toJsString, type LuaState } from '../../src/lua-runtime/fengari.js';
import { loadCached } from '../../src/lua-runtime/chunk-cache.js';

const UD_MT = toLuaString('test.inline-cache.ud');

/** A state with the standard libraries, `cached(f)` (how many reads of Lua function f have a
 *  filled cache record) and `newud()` (a userdata with a metatable whose __index is a table
 *  with method `name`). */
function newState(): LuaState {
  const L = lauxlib.luaL_newstate();
  lualib.luaL_openlibs(L);
  lua.lua_pushcfunction(L, (Ls: LuaState) => {
    // a record is filled when it has an entry (an unfilled one has none)
    const cl = lua.lua_topointer(Ls, 1) as { ic?: ({ e: unknown } | null)[] | null } | null;
    lua.lua_pushinteger(Ls, cl?.ic ? cl.ic.filter((r) => r !== null && r.e !== null).length : 0);
    return 1;
  });
  lua.lua_setglobal(L, toLuaString('cached'));
  lauxlib.luaL_newmetatable(L, UD_MT);
  lua.lua_createtable(L, 0, 1);
  lua.lua_pushcfunction(L, (Ls: LuaState) => {
    lua.lua_pushliteral(Ls, 'ud-name');
    return 1;
  });
  lua.lua_setfield(L, -2, toLuaString('name'));
  lua.lua_setfield(L, -2, toLuaString('__index'));
  lua.lua_pop(L, 1);
  lua.lua_pushcfunction(L, (Ls: LuaState) => {
    lua.lua_newuserdata(Ls, 0);
    lauxlib.luaL_setmetatable(Ls, UD_MT);
    return 1;
  });
  lua.lua_setglobal(L, toLuaString('newud'));
  return L;
}

function run(L: LuaState, code: string): void {
  if (lauxlib.luaL_dostring(L, toLuaString(code)) !== lua.LUA_OK) throw new Error(toJsString(lua.lua_tostring(L, -1)));
}

/** Lua helpers: warm(f, ...) calls f often enough for its cache to exist and checks it has records */
const PRELUDE = `
  local function warm(f, ...)
    for _ = 1, 100 do f(...) end
    assert(cached(f) > 0, 'no cache record filled')
  end
  local function eq(got, want, what)
    if got ~= want then error(what .. ': got ' .. tostring(got) .. ', want ' .. tostring(want), 2) end
  end
`;

function lua53(code: string): void {
  run(newState(), PRELUDE + code);
}

describe('fengari inline caches of table reads', () => {
  it('are used (the checks below would not see them otherwise)', () => {
    expect(() => lua53('local t = {}; local function f() return 1 end; warm(f)')).toThrow(/no cache record filled/);
    lua53('local t = {x = 1}; local function f() return t.x end; warm(f)');
  });

  it('a read whose record was never filled still fails on a nil value, with a constant key or not', () => {
    lua53(`
      local function f(o) return o.x end
      local function g(o, k) return o[k] end
      -- both closures get caches, but their records stay unfilled (no table has the key)
      for _ = 1, 100 do f({}); g({}, 'x') end
      eq(cached(f), 0, 'f record filled'); eq(cached(g), 0, 'g record filled')
      local ok, err = pcall(f, nil)
      eq(ok, false, 'f of nil'); assert(err:find("attempt to index local .o. %(a nil value%)"), err)
      ok, err = pcall(g, nil, 'x')
      eq(ok, false, 'g of nil'); assert(err:find("attempt to index local .o. %(a nil value%)"), err)
      eq(f({x = 7}), 7, 'f filled'); eq(g({x = 8}, 'x'), 8, 'g filled')
    `);
  });

  it('a key deleted, then set again', () => {
    lua53(`
      local t = {x = 1, y = 2}
      local function f() return t.x end
      warm(f); eq(f(), 1, 'before')
      t.x = nil; eq(f(), nil, 'deleted')
      t.x = 3; eq(f(), 3, 'set again')
      t.x = nil; t.z = 0; t.x = 4; eq(f(), 4, 'set again after another key')
    `);
  });

  it('a value replaced in place, and by values of other types', () => {
    lua53(`
      local t = {x = 1}
      local function f() return t.x end
      warm(f)
      t.x = 2; eq(f(), 2, 'number')
      t.x = 'two'; eq(f(), 'two', 'string')
      t.x = false; eq(f(), false, 'false')
      local g = function() end
      t.x = g; eq(f(), g, 'function')
    `);
  });

  it('the table replaced by another one in the same variable', () => {
    lua53(`
      local t = {x = 1}
      local function f() return t.x end
      warm(f)
      t = {x = 2}; eq(f(), 2, 'other table')
      t = {}; eq(f(), nil, 'empty table')
      t = setmetatable({}, {__index = {x = 5}}); eq(f(), 5, 'table with __index')
      t = 'str'; local ok = pcall(f); eq(ok, true, 'string receiver (string metatable)')
      t = 7; local ok2, err = pcall(f); eq(ok2, false, 'number receiver'); assert(err:find('attempt to index'), err)
    `);
  });

  it('__index is consulted once the key is gone', () => {
    lua53(`
      local calls = 0
      local t = setmetatable({x = 1}, {__index = function(_, k) calls = calls + 1; return 'from-index-' .. k end})
      local function f() return t.x end
      warm(f); eq(calls, 0, 'no __index call while the key is there')
      t.x = nil; eq(f(), 'from-index-x', 'after removal'); eq(calls, 1, 'one __index call')
      local u = setmetatable({y = 1}, {__index = {y = 'proto-y'}})
      local function g() return u.y end
      warm(g)
      u.y = nil; eq(g(), 'proto-y', '__index table after removal')
      getmetatable(u).__index = {y = 'other-proto'}; eq(g(), 'other-proto', '__index replaced')
      getmetatable(u).__index.y = nil; eq(g(), nil, 'key gone from __index table')
    `);
  });

  it('rawset and rawget', () => {
    lua53(`
      local t = setmetatable({x = 1}, {__newindex = function() error('no') end, __index = function() return 'idx' end})
      local function f() return t.x end
      warm(f)
      rawset(t, 'x', 2); eq(f(), 2, 'rawset value')
      rawset(t, 'x', nil); eq(f(), 'idx', 'rawset nil')
      rawset(t, 'x', 3); eq(f(), 3, 'rawset again')
    `);
  });

  it('globals, and a table used as the environment', () => {
    lua53(`
      gx = 1
      local function f() return gx end
      warm(f)
      gx = 2; eq(f(), 2, 'global assigned')
      _G.gx = nil; eq(f(), nil, 'global deleted')
      setmetatable(_G, {__index = function(_, k) return 'dflt-' .. k end}); eq(f(), 'dflt-gx', '__index of _G')
      setmetatable(_G, nil)
      local e1, e2 = {v = 'one'}, {v = 'two'}
      local function inenv(env) local _ENV = env; return v end
      warm(inenv, e1)
      eq(inenv(e2), 'two', 'other _ENV'); eq(inenv(e1), 'one', 'first _ENV again')
      e1.v = nil; eq(inenv(e1), nil, 'deleted in _ENV')
      local chunk = load('return w', 'chunk', 't', e2)
      eq(chunk(), nil, 'absent from env')
      e2.w = 'w2'; eq(chunk(), 'w2', 'added to env')
      for _ = 1, 100 do eq(chunk(), 'w2', 'in env') end
      assert(cached(chunk) > 0, 'chunk cached')
      e2.w = nil; eq(chunk(), nil, 'deleted from env')
      debug.setupvalue(chunk, 1, e1); e1.w = 'w1'; eq(chunk(), 'w1', '_ENV upvalue replaced')
    `);
  });

  it('integer and other constant keys, and keys in registers', () => {
    lua53(`
      local t = {10, 20, 30, [2.5] = 'f', [true] = 'b'}
      local function f() return t[1], t[3], t[2.5], t[true] end
      warm(f)
      table.remove(t, 1); eq(f(), 20, 'after table.remove')
      t[1] = nil; eq(f(), nil, 'deleted'); t[1] = 'one'; eq(f(), 'one', 'set again')
      t[2.5] = nil; eq(select(3, f()), nil, 'float key deleted')
      t[true] = 'b2'; eq(select(4, f()), 'b2', 'boolean key replaced')
      local u = {[1] = 'int'}
      local function g(k) return u[k] end
      warm(g, 1)
      eq(g(1.0), 'int', 'float key with an integer value'); eq(g(2), nil, 'other key')
      u[1] = nil; eq(g(1), nil, 'register key deleted')
      local s = {ab = 'AB'}
      local function h(k) return s[k] end
      warm(h, 'ab')
      eq(h('a' .. 'b'), 'AB', 'string key made at run time'); s.ab = 'AB2'; eq(h('ab'), 'AB2', 'replaced')
      eq(h(nil), nil, 'nil key'); eq(h(0/0), nil, 'NaN key')
    `);
  });

  it('methods of a userdata, through its metatable', () => {
    lua53(`
      local u = newud()
      local function f() return u:name() end
      warm(f); eq(f(), 'ud-name', 'method')
      local mt = getmetatable(u)
      local methods = mt.__index
      methods.name = function() return 'renamed' end; eq(f(), 'renamed', 'method replaced')
      mt.__index = {name = function() return 'new-index' end}; eq(f(), 'new-index', '__index replaced')
      mt.__index = function(_, k) return function() return 'fn-' .. k end end; eq(f(), 'fn-name', '__index function')
      mt.__index = methods
      methods.name = nil; local ok, err = pcall(f); eq(ok, false, 'method gone'); assert(err:find("method 'name'"), err)
      methods.name = function() return 'back' end; eq(f(), 'back', 'method set again')
      mt.__index = nil; local ok2, err2 = pcall(f); eq(ok2, false, 'no __index'); assert(err2:find('attempt to index'), err2)
      mt.__index = methods
      local other = debug.setmetatable(newud(), {__index = {name = function() return 'other-mt' end}})
      local saved = u; u = other; eq(f(), 'other-mt', 'userdata with another metatable'); u = saved; eq(f(), 'back', 'first again')
      debug.setmetatable(u, nil); local ok3 = pcall(f); eq(ok3, false, 'metatable removed'); debug.setmetatable(u, mt)
      u = setmetatable({name = function() return 'table' end}, {}); eq(f(), 'table', 'table receiver at the same pc')
      local s = 'abc'
      local function g() return s:upper() end
      warm(g); eq(g(), 'ABC', 'string method')
      string.upper = function() return 'patched' end; eq(g(), 'patched', 'string method replaced')
    `);
  });

  it('the same code run by two states alternately', () => {
    const a = newState();
    const b = newState();
    const code = toLuaString('local n = 0; return function() n = n + 1; return conf.x, conf[1], n end');
    for (const [L, x] of [[a, 'a'], [b, 'b']] as const) {
      run(L, `conf = {x = '${x}', [1] = '${x}1'}`);
      expect(loadCached(L, 'inline-cache-test', '=shared', () => code)).toBe(lua.LUA_OK);
      lua.lua_call(L, 0, 1);
      lua.lua_setglobal(L, toLuaString('shared'));
    }
    const read = (L: LuaState): string => {
      run(L, 'local x, one = shared(); result = tostring(x) .. "," .. tostring(one)');
      lua.lua_getglobal(L, toLuaString('result'));
      const s = toJsString(lua.lua_tostring(L, -1));
      lua.lua_pop(L, 1);
      return s;
    };
    for (let i = 0; i < 50; i++) {
      expect(read(a)).toBe('a,a1');
      expect(read(b)).toBe('b,b1');
    }
    run(a, 'assert(cached(shared) > 0, "cached")');
    run(b, 'conf.x = nil');
    expect(read(a)).toBe('a,a1');
    expect(read(b)).toBe('nil,b1');
    run(a, 'conf = {x = "A"}');
    expect(read(a)).toBe('A,nil');
    expect(read(b)).toBe('nil,b1');
  });

  it('reads whose keys or tables change at every run (no longer cached) stay right', () => {
    lua53(`
      local t, objs = {}, {}
      for i = 1, 20 do t[i] = i * 2; objs[i] = {x = i} end
      local function at(i) return t[i] end
      local function x(o) return o.x end
      for round = 1, 5 do
        for i = 1, 20 do eq(at(i), i * 2, 'varying key'); eq(x(objs[i]), i, 'varying table') end
      end
      t[3] = 'three'; objs[4].x = nil
      eq(at(3), 'three', 'after change'); eq(x(objs[4]), nil, 'after deletion'); eq(x(objs[5]), 5, 'other table')
      local k, n = nil, nil
      local function nilnil() return n[k] end
      for _ = 1, 50 do local ok, err = pcall(nilnil); eq(ok, false, 'nil indexed'); assert(err:find('attempt to index'), err) end
    `);
  });

  it('an __index chain that loops still fails as it should', () => {
    lua53(`
      local t = {x = 1}
      local function f() return t.x end
      warm(f)
      t.x = nil; setmetatable(t, {__index = t})
      local ok, err = pcall(f); eq(ok, false, 'loop'); assert(err:find("'__index' chain too long"), err)
    `);
  });
});
