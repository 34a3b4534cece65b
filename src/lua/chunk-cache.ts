// Compiled chunks, cached per worker: every sysbench thread loads the same script and
// modules into its own Lua state, and loading fengari bytecode is ~7x faster than parsing.
import { readFileSync } from 'node:fs';
import { lua, lauxlib, toLuaString, type LuaState } from './fengari.js';

const compiled = new Map<string, Uint8Array>();
const BINARY = toLuaString('b');

function dumpTop(L: LuaState): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  lua.lua_dump(L, (_L: LuaState, b: Uint8Array, n: number) => {
    parts.push(b.slice(0, n));
    size += n;
    return 0;
  }, null, false);
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Loads `source` (read lazily) as a chunk named `chunkname`, from the cache when `key` was
 * compiled before. Pushes the function, or the error message; returns the load status.
 */
export function loadCached(L: LuaState, key: string, chunkname: string, source: () => Uint8Array): number {
  const bin = compiled.get(key);
  if (bin) return lauxlib.luaL_loadbufferx(L, bin, null, toLuaString(chunkname), BINARY);
  const status = lauxlib.luaL_loadbuffer(L, source(), null, toLuaString(chunkname));
  if (status === lua.LUA_OK) compiled.set(key, dumpTop(L));
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
