// Runs a script's main chunk in a worker's template state only when what it does is the same
// in every thread: it calls no function but those below (which compute, build tables and load
// modules: nothing that prints, reads the clock, draws a random number, touches a connection
// or a per-thread value), passes neither the `sysbench` table nor the globals table to any of
// them, and reads no field named `tid` or `thread_id` (the two values that differ between
// threads), whatever the table. A debug hook checks each call before the function runs and
// each table read before it happens; the first thing outside these rules stops the chunk, and
// the template is not used (each thread then runs the chunk itself, as sysbench does).
import { internals, lua, lauxlib, toLuaString, type LuaState } from './fengari.js';

const T_SHRSTR = 4;
const T_LNGSTR = 20;
const T_LCF = 22;
const T_CCL = 38;
const BITRK = 256;
// fengari's OpCodesI: OP_GETTABUP 6, OP_GETTABLE 7, OP_SELF 12
const OP_GETTABUP = 6;
const OP_GETTABLE = 7;
const OP_SELF = 12;

/** how many instructions a main chunk may run under the hook (a longer one is run by each thread) */
const INSTRUCTION_BUDGET = 200_000;

const PER_THREAD_KEYS = new Set(['|tid', '|thread_id']);

const PURE_GLOBALS = ['assert', 'error', 'getmetatable', 'ipairs', 'load', 'next', 'pairs', 'pcall', 'rawequal', 'rawget',
  'rawlen', 'rawset', 'require', 'select', 'setmetatable', 'tonumber', 'tostring', 'type', 'unpack', 'xpcall'];
const PURE_LIBRARIES = ['string', 'table', 'math', 'bit'];
const IMPURE_IN_LIBRARIES = new Set(['random', 'randomseed']);

/** The functions a main chunk may call in state L (read from L before the chunk runs). */
function pureFunctions(L: LuaState): Set<unknown> {
  const pure = new Set<unknown>();
  const add = (): void => {
    const v = L.stack[L.top - 1];
    if (v.type === T_LCF) pure.add(v.value);
    else if (v.type === T_CCL) pure.add(v.value.f);
  };
  for (const name of PURE_GLOBALS) {
    lua.lua_getglobal(L, name);
    add();
    lua.lua_pop(L, 1);
  }
  for (const lib of PURE_LIBRARIES) {
    if (lua.lua_getglobal(L, lib) === lua.LUA_TTABLE) {
      lua.lua_pushnil(L);
      while (lua.lua_next(L, -2)) {
        if (!IMPURE_IN_LIBRARIES.has(lua.lua_tojsstring(L, -2) ?? '')) add();
        lua.lua_pop(L, 1);
      }
    }
    lua.lua_pop(L, 1);
  }
  // require's searchers and package.searchpath (they find and load files)
  lua.lua_getglobal(L, 'package');
  lua.lua_getfield(L, -1, 'searchpath');
  add();
  lua.lua_pop(L, 1);
  lua.lua_getfield(L, -1, 'searchers');
  for (let i = 1; lua.lua_rawgeti(L, -1, i) !== lua.LUA_TNIL; i++) {
    add();
    lua.lua_pop(L, 1);
  }
  lua.lua_pop(L, 3);
  // the iterators ipairs() and string.gmatch() return
  for (const code of ['return ipairs({})', 'return string.gmatch("", "")']) {
    lauxlib.luaL_loadstring(L, toLuaString(code));
    lua.lua_call(L, 0, 1);
    add();
    lua.lua_pop(L, 1);
  }
  return pure;
}

class NotPure extends Error {}

/**
 * Runs the function on top of L's stack (popped) with the rules above; true when it returned
 * and kept them all. L is left to be thrown away when false.
 */
export function runPure(L: LuaState): boolean {
  const pure = pureFunctions(L);
  lua.lua_getglobal(L, 'sysbench');
  const sysbench = L.stack[L.top - 1].value;
  lua.lua_pop(L, 1);
  lua.lua_pushglobaltable(L);
  const globals = L.stack[L.top - 1].value;
  lua.lua_pop(L, 1);
  let budget = INSTRUCTION_BUDGET;
  let kept = true;
  // the function or read does not happen: the hook throws (a script's pcall may catch that,
  // but the run is refused all the same)
  const refuse = (): never => {
    kept = false;
    throw new NotPure();
  };

  const hook = (L: LuaState, ar: { event: number; i_ci: any }): void => {
    if (ar.event === lua.LUA_HOOKCOUNT) {
      if (--budget < 0) refuse();
      const ci = L.ci;
      const ins = ci.l_code[ci.l_savedpc - 1];
      const op = ins.opcode;
      if (op !== OP_GETTABUP && op !== OP_GETTABLE && op !== OP_SELF) return;
      const key = (ins.C & BITRK) !== 0 ? ci.func.value.p.k[ins.C & ~BITRK] : L.stack[ci.l_base + ins.C];
      if ((key.type === T_SHRSTR || key.type === T_LNGSTR) && PER_THREAD_KEYS.has(internals.lstring.luaS_hashlongstr(key.value))) refuse();
      return;
    }
    // a call: Lua functions are checked instruction by instruction; others must be pure
    const ci = ar.i_ci;
    const f = ci.func;
    let native: unknown;
    if (f.type === T_LCF) native = f.value;
    else if (f.type === T_CCL) native = f.value.f;
    else return;
    if (!pure.has(native)) refuse();
    for (let i = ci.funcOff + 1; i < L.top; i++) {
      const v = L.stack[i].value;
      if (v === sysbench || v === globals) refuse();
    }
  };

  const co = lua.lua_newthread(L);
  lua.lua_insert(L, -2);
  lua.lua_xmove(L, co, 1);
  lua.lua_sethook(co, hook, lua.LUA_MASKCALL | lua.LUA_MASKCOUNT, 1);
  let status: number;
  try {
    status = lua.lua_resume(co, L, 0);
  } catch (e) {
    if (!(e instanceof NotPure)) throw e;
    status = lua.LUA_ERRRUN;
  }
  lua.lua_sethook(co, null, 0, 0);
  lua.lua_pop(L, 1);
  return kept && status === lua.LUA_OK;
}
