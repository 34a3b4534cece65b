// Compiled chunks, shared per worker: every sysbench thread loads the same script and
// modules into its own Lua state. A chunk is parsed once; other states get a new closure over
// the same function prototype (prototypes are immutable once built), which costs nothing like
// a parse or an undump and keeps one copy of the code per worker instead of one per state.
//
// Across runs, the bundle also keeps each chunk's bytecode in the code cache folder
// (../code-cache.cts): the main thread and every worker thread of a run load the same script
// and modules, and loading bytecode costs a fraction of parsing with a cold parser.
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { installTag, usableCacheDir, writeCacheFile } from '../code-cache.cjs';
import { PROGRAM_DIR } from '../paths.js';
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
 * The build of the Lua compiler (our VM's sources, packages/fengari), set by scripts/bundle.mjs:
 * bytecode is reused only by the build that wrote it. dist/ (no such build) keeps none.
 */
const LUA_BUILD: string | undefined = process.env.SYSBENCH_TS_LUA_BUILD;

/**
 * zlib's CRC-32 (Node >= 20.15): native, where a byte loop in JavaScript runs in V8's
 * interpreter on every thread's first loads and then gets compiled for nothing (start-up only).
 * Older Node 20 releases use FNV-1a; the two name their files apart (CHECKSUM in the name).
 */
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
const CHECKSUM = typeof nativeCrc32 === 'function' ? 'crc' : 'fnv';

/** 32-bit checksum over `parts`: for file names and bytecode (sources are compared whole). */
function checksum(parts: Uint8Array[]): number {
  if (nativeCrc32 !== undefined) return parts.reduce((h, p) => nativeCrc32(p, h), 0);
  let h = 0x811c9dc5;
  for (const p of parts) {
    for (let i = 0; i < p.length; i++) h = Math.imul(h ^ p[i], 0x01000193);
  }
  return h >>> 0;
}

function checksumHex(parts: Uint8Array[]): string {
  return checksum(parts).toString(16).padStart(8, '0');
}

/**
 * A bytecode file holds the chunk name and source it was compiled from, then a checksum of the
 * bytecode (a damaged file is compiled again, never run), then the bytecode:
 * [u32 name length][name][u32 source length][source][u32 checksum of bytecode][bytecode]
 */
function bytecodeFile(name: Uint8Array, src: Uint8Array, code: Uint8Array[]): Uint8Array {
  const size = code.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(12 + name.length + src.length + size);
  const view = new DataView(out.buffer);
  view.setUint32(0, name.length, true);
  out.set(name, 4);
  view.setUint32(4 + name.length, src.length, true);
  let at = 8 + name.length;
  out.set(src, at);
  at += src.length + 4;
  const codeAt = at;
  for (const c of code) { out.set(c, at); at += c.length; }
  view.setUint32(codeAt - 4, checksum([out.subarray(codeAt)]), true);
  return out;
}

/** The bytecode in `file` when it was compiled from exactly `name` and `src` and is intact, else null. */
function bytecodeOf(file: Uint8Array, name: Uint8Array, src: Uint8Array): Uint8Array | null {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (file.length < 8 || view.getUint32(0, true) !== name.length) return null;
  const srcAt = 8 + name.length;
  if (file.length < srcAt || view.getUint32(4 + name.length, true) !== src.length) return null;
  const codeAt = srcAt + src.length + 4;
  if (file.length <= codeAt) return null;
  if (!Buffer.from(file.buffer, file.byteOffset + 4, name.length).equals(name)) return null;
  if (!Buffer.from(file.buffer, file.byteOffset + srcAt, src.length).equals(src)) return null;
  const code = file.subarray(codeAt);
  return view.getUint32(codeAt - 4, true) === checksum([code]) ? code : null;
}

/** Loads the chunk from its cached bytecode (pushing the function) when there is one. */
function loadBytecode(L: LuaState, dir: string, file: string, name: Uint8Array, src: Uint8Array): boolean {
  let data: Uint8Array;
  try {
    data = readFileSync(`${dir}/${file}`);
  } catch {
    return false;
  }
  const code = bytecodeOf(data, name, src);
  if (code === null) return false;
  if (lauxlib.luaL_loadbufferx(L, code, null, name, toLuaString('b')) === lua.LUA_OK) return true;
  lua.lua_pop(L, 1);
  return false;
}

/** bytecode files of this install (its folder, as for the V8 cache) */
const INSTALL_PREFIX = `lua-${installTag(PROGRAM_DIR)}-`;
/** ... and of this build of the compiler */
const OWN_PREFIX = `${INSTALL_PREFIX}${LUA_BUILD}${CHECKSUM}-`;

/**
 * Whether `f` is bytecode of an earlier build at this install, or named as before files had an
 * install tag (the build's 16 hex digits then followed 'lua-' at once).
 */
function isEarlierBuild(f: string): boolean {
  return (f.startsWith(INSTALL_PREFIX) && !f.startsWith(OWN_PREFIX)) || /^lua-[0-9a-f]{16}(?:crc|fnv)-/.test(f);
}

/** The install tag of bytecode file `f` when it is another install's, else null. */
function otherInstallOf(f: string): string | null {
  const m = /^lua-([0-9a-f]{8})-/.exec(f);
  return m !== null && !f.startsWith(INSTALL_PREFIX) ? m[1] : null;
}

/** Stores the bytecode of the function on top of `L`; a failure only costs the next run a parse. */
function storeBytecode(L: LuaState, dir: string, file: string, name: Uint8Array, src: Uint8Array): void {
  const code: Uint8Array[] = [];
  const status = lua.lua_dump(L, (_L: LuaState, b: Uint8Array, size: number) => { code.push(b.slice(0, size)); return 0; }, null, false);
  if (status !== 0) return;
  // bytecode of this install's earlier builds of the compiler is of no more use (another
  // install's may still be)
  try {
    writeCacheFile(dir, file, bytecodeFile(name, src, code), isEarlierBuild, otherInstallOf);
  } catch {
    // read-only or full: nothing else changes
  }
}

/** Parses `src`, or loads its bytecode from the code cache folder (bundle only). */
function compile(L: LuaState, chunkname: string, src: Uint8Array): number {
  const name = toLuaString(chunkname);
  const dir = LUA_BUILD === undefined ? null : usableCacheDir();
  if (dir === null) return lauxlib.luaL_loadbuffer(L, src, null, name);
  const file = `${OWN_PREFIX}${checksumHex([name, src])}-${src.length}.luac`;
  if (loadBytecode(L, dir, file, name, src)) return lua.LUA_OK;
  const status = lauxlib.luaL_loadbuffer(L, src, null, name);
  if (status === lua.LUA_OK) storeBytecode(L, dir, file, name, src);
  return status;
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
  const status = compile(L, chunkname, source());
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
