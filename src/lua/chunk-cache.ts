// Compiled chunks, shared per worker: every sysbench thread loads the same script and
// modules into its own Lua state. A chunk is parsed once; other states get a new closure over
// the same function prototype (prototypes are immutable once built), which costs nothing like
// a parse or an undump and keeps one copy of the code per worker instead of one per state.
import { readFileSync } from 'node:fs';
import { internals, lua, lauxlib, toLuaString, type LuaState } from './fengari.js';

const { lfunc, ldo, ltable } = internals;

type Proto = { upvalues: unknown[] };
const prototypes = new Map<string, Proto>();

/** Pushes a fresh closure over `p` with the globals as its _ENV, as lua_load does. */
function pushClosure(L: LuaState, p: Proto): void {
  const cl = lfunc.luaF_newLclosure(L, p.upvalues.length);
  cl.p = p;
  lfunc.luaF_initupvals(L, cl);
  ldo.luaD_inctop(L);
  L.stack[L.top - 1].setclLvalue(cl);
  if (cl.nupvalues >= 1) cl.upvals[0].setfrom(ltable.luaH_getint(L.l_G.l_registry.value, lua.LUA_RIDX_GLOBALS));
}

/**
 * Loads `source` (read lazily) as a chunk named `chunkname`, from the cache when `key` was
 * loaded before. Pushes the function, or the error message; returns the load status.
 */
export function loadCached(L: LuaState, key: string, chunkname: string, source: () => Uint8Array): number {
  const p = prototypes.get(key);
  if (p) {
    pushClosure(L, p);
    return lua.LUA_OK;
  }
  const status = lauxlib.luaL_loadbuffer(L, source(), null, toLuaString(chunkname));
  if (status === lua.LUA_OK) prototypes.set(key, L.stack[L.top - 1].value.p as Proto);
  return status;
}

/** Like luaL_loadfile: a first line starting with '#' is skipped (its newline kept for line numbers). */
function skipShebang(src: Uint8Array): Uint8Array {
  if (src[0] !== 35 /* # */) return src;
  const nl = src.indexOf(10);
  return nl < 0 ? new Uint8Array(0) : src.subarray(nl);
}

/** luaL_loadfile with the cache: chunk name "@path", as the standard loader names it. */
export function loadFileCached(L: LuaState, path: string): number {
  try {
    return loadCached(L, `file:${path}`, '@' + path, () => skipShebang(new Uint8Array(readFileSync(path))));
  } catch (e) {
    lua.lua_pushstring(L, toLuaString(`cannot open ${path}: ${(e as Error).message}`));
    return lua.LUA_ERRFILE;
  }
}
