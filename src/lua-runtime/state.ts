// Builds a Lua state with sysbench's API, as sysbench does for its main state and for each thread.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { homedir } from 'node:os';
import { lua, lauxlib, lualib, setNatives, toLuaString, type LuaState, type LuaNative } from './fengari.js';
import { LuaExec, errorText } from './exec.js';
import { loadCached, loadFileCached } from './chunk-cache.js';
import type { LuaHost } from './host.js';
import { stringToBytes } from './strings.js';
import { coreNatives } from './api/core.js';
import { setStateContext, stateOf } from './context.js';
import { randCompatNatives, randNatives } from './api/rand.js';
import { bitNatives } from './api/bit.js';
import { registerSql } from './api/sql/index.js';
import { registerDb } from './api/db.js';
import type { RandApi } from './api/rand.js';
import { SqlSession } from './sql/session.js';
import { registerHistogram } from './api/histogram.js';
import { installStringFormat } from './api/string-format.js';
import { installLuaJitMath } from './api/luajit-math.js';
import { collectGarbage, installLuaJitType, luaJitBaseNatives } from './api/luajit-base.js';
import { installCoroutineMain } from './api/coroutine.js';
import { installOs } from './api/os.js';
import { openIo } from './api/io/library.js';
import { openDebug } from './api/debug.js';
import { pushFfiNatives } from './ffi/open-ffi.js';
import { INTERNAL_LUA_DIR, OUR_LUA_DIR, SYSTEM_LUA_DIR, VERSION, WORKLOADS_LUA_DIR } from '../paths.js';

export type { RandApi } from './api/rand.js';

const internalSources = new Map<string, Uint8Array>();
function internalChunk(name: string): Uint8Array {
  let src = internalSources.get(name);
  if (!src) {
    src = new Uint8Array(readFileSync(join(INTERNAL_LUA_DIR, name)));
    internalSources.set(name, src);
  }
  return src;
}

/** package.path as sysbench 1.0.20 builds it, plus the script's folder and our own lua/. */
export function luaSearchPath(scriptPath: string | null, env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME ?? homedir();
  const parts = ['./?.lua', './?/init.lua', './src/lua-runtime/?.lua'];
  if (scriptPath) if (scriptPath !== '-') parts.push(join(dirname(scriptPath), '?.lua'));
  if (home) {
    parts.push(`${home}/.luarocks/share/lua/5.1/?.lua`, `${home}/.luarocks/share/lua/5.1/?/init.lua`,
      `${home}/.luarocks/share/lua/?.lua`, `${home}/.luarocks/share/lua/?/init.lua`);
  }
  parts.push('/usr/local/share/lua/5.1/?.lua', '/usr/share/lua/5.1/?.lua', `${OUR_LUA_DIR}/?.lua`, `${SYSTEM_LUA_DIR}/?.lua`,
    `${WORKLOADS_LUA_DIR}/?.lua`);
  const def = parts.join(';') + ';';
  const user = env.LUA_PATH;
  // like Lua: ';;' in LUA_PATH stands for the default path
  return user === undefined ? def : user.replace(';;', ';' + def + ';');
}

// every state of a worker has the same package.path: computed once per script
let searchPathFor: { script: string | null; path: string } | null = null;
function stateSearchPath(scriptPath: string | null): string {
  if (searchPathFor === null || searchPathFor.script !== scriptPath) searchPathFor = { script: scriptPath, path: luaSearchPath(scriptPath) };
  return searchPathFor.path;
}

// package.searchpath as the standard library defines it (the script may replace it)
let stdSearchpath: unknown = null;
// files package.searchpath found, per module name and package.path: each thread's state requires
// the same modules, and looking them up again tries every folder of the path on the disk. Like
// the chunks themselves (chunk-cache.ts), what was found stays found for the process.
const foundModules = new Map<string, string>();

/** package.searchers[2] (Lua files along package.path), loading through the chunk cache. */
const searchLuaModule: LuaNative = (L) => {
  const name = lauxlib.luaL_checkstring(L, 1);
  lua.lua_getglobal(L, 'package');
  lua.lua_getfield(L, -1, 'searchpath');
  let key: string | null = null;
  if (lua.lua_tocfunction(L, -1) === stdSearchpath) {
    if (lua.lua_getfield(L, -2, 'path') === lua.LUA_TSTRING) key = `${lua.lua_tojsstring(L, -1)}\0${lua.lua_tojsstring(L, 1)}`;
    lua.lua_pop(L, 1);
  }
  let filename = key === null ? undefined : foundModules.get(key);
  if (filename === undefined) {
    lua.lua_pushvalue(L, 1);
    lua.lua_getfield(L, -3, 'path');
    lua.lua_call(L, 2, 2);
    if (lua.lua_isnil(L, -2)) return 1; // the "no file ..." list
    lua.lua_pop(L, 1);
    filename = lua.lua_tojsstring(L, -1) as string;
    if (key !== null) foundModules.set(key, filename);
  }
  if (loadFileCached(L, filename) !== lua.LUA_OK) {
    return lauxlib.luaL_error(L, toLuaString("error loading module '%s' from file '%s':\n\t%s"),
      name, toLuaString(filename), lua.lua_tostring(L, -1));
  }
  lua.lua_pushstring(L, toLuaString(filename));
  return 2;
};

/** next() for __pairs (the global may have been replaced by the script) */
const rawNext: LuaNative = (L) => {
  lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
  lua.lua_settop(L, 2);
  if (lua.lua_next(L, 1)) return 2;
  lua.lua_pushnil(L);
  return 1;
};

/**
 * The first read of a field (or pairs()) of a table pushLazyModule() made opens the module,
 * copies its fields into the table (fields the script set meanwhile stay) and drops the
 * table's metatable, so from then on it is the module's table.
 */
function fillLazyModule(L: LuaState, open: LuaNative): void {
  lua.lua_pushcfunction(L, open);
  lua.lua_call(L, 0, 1);
  const mod = lua.lua_gettop(L);
  lua.lua_pushnil(L);
  while (lua.lua_next(L, mod)) {
    lua.lua_pushvalue(L, -2);
    if (lua.lua_rawget(L, 1) === lua.LUA_TNIL) {
      lua.lua_pop(L, 1);
      lua.lua_pushvalue(L, -2);
      lua.lua_insert(L, -2);
      lua.lua_rawset(L, 1);
    } else {
      lua.lua_pop(L, 2);
    }
  }
  lua.lua_pop(L, 1);
  lua.lua_pushnil(L);
  lua.lua_setmetatable(L, 1);
}

/** __index and __pairs of the lazy tables of module opener `open`: one pair per opener, shared by every state */
const lazyMetamethods = new Map<LuaNative, { index: LuaNative; pairs: LuaNative }>();

function lazyMetamethodsOf(open: LuaNative): { index: LuaNative; pairs: LuaNative } {
  let m = lazyMetamethods.get(open);
  if (m !== undefined) return m;
  m = {
    index: (L) => {
      lua.lua_settop(L, 2);
      fillLazyModule(L, open);
      lua.lua_rawget(L, 1);
      return 1;
    },
    pairs: (L) => {
      lua.lua_settop(L, 1);
      fillLazyModule(L, open);
      lua.lua_pushcfunction(L, rawNext);
      lua.lua_pushvalue(L, 1);
      lua.lua_pushnil(L);
      return 3;
    },
  };
  lazyMetamethods.set(open, m);
  return m;
}

/** Pushes a table that stands for the module `open` pushes, until first used (fillLazyModule). */
function pushLazyModule(L: LuaState, open: LuaNative): void {
  const { index, pairs } = lazyMetamethodsOf(open);
  lua.lua_createtable(L, 0, 0);
  lua.lua_createtable(L, 0, 2);
  lua.lua_pushcfunction(L, index);
  lua.lua_setfield(L, -2, '__index');
  lua.lua_pushcfunction(L, pairs);
  lua.lua_setfield(L, -2, '__pairs');
  lua.lua_setmetatable(L, -2);
}

// luaL_openlibs' libraries in its order; the ones the sysbench API and the stock scripts do not
// use at start-up are built on first use (pushLazyModule), which saves a third of a state's
// library set-up for each thread (io is ours, api/io/: its standard output is the state's writer).
const LIBS: [name: string, opener: LuaNative, lazy: boolean][] = [
  ['_G', lualib.luaopen_base, false],
  ['package', lualib.luaopen_package, false],
  ['coroutine', lualib.luaopen_coroutine, false],
  ['table', lualib.luaopen_table, false],
  ['os', lualib.luaopen_os, true],
  ['string', lualib.luaopen_string, false],
  // math: LuaJIT's (installLuaJitMath), not fengari's, which it would replace
  ['utf8', lualib.luaopen_utf8, true],
  ['debug', openDebug, true],
  ['io', openIo, true],
  ['fengari', lualib.luaopen_fengari, true],
];

const LOADED = toLuaString('_LOADED');

/** luaL_openlibs, with the lazy libraries as tables that fill themselves on first use. */
function openLibs(L: LuaState): void {
  for (const [name, open, lazy] of LIBS) {
    if (!lazy) {
      lauxlib.luaL_requiref(L, toLuaString(name), open, 1);
      lua.lua_pop(L, 1);
      continue;
    }
    // as luaL_requiref: package.loaded[name] and the global are the same table
    lauxlib.luaL_getsubtable(L, lua.LUA_REGISTRYINDEX, LOADED);
    pushLazyModule(L, open);
    lua.lua_pushvalue(L, -1);
    lua.lua_setfield(L, -3, name);
    lua.lua_setglobal(L, name);
    lua.lua_pop(L, 1);
  }
}

// sysbench's own modules, in its load order; chunk names as sysbench gives them
// (errors then read `[string "sysbench.cmdline.lua"]:N: ...`)
const INTERNAL_MODULES = ['sysbench.lua', 'sysbench.cmdline.lua', 'sysbench.sql.lua', 'sysbench.compat.lua'];

function runInternal(L: LuaState, name: string): void {
  if (loadCached(L, `internal:${name}`, name, () => internalChunk(name)) !== lua.LUA_OK ||
      lua.lua_pcall(L, 0, 0, 0) !== lua.LUA_OK) {
    throw new Error(`failed to load internal module '${name}': ${errorText(L)}`);
  }
}

function nativeError(L: LuaState): number {
  const e = lua.lua_touserdata(L, -1) as { message?: unknown } | null;
  const msg = e && typeof e.message === 'string' ? e.message : String(e);
  lua.lua_pushstring(L, toLuaString(`sysbench-ts: ${msg}`));
  return 1;
}

export interface SysbenchState {
  L: LuaState;
  exec: LuaExec;
  /** the script's main chunk has run and the options are exported (a copy of a template that did both) */
  scriptLoaded?: boolean;
}

// require("ffi"): the stock scripts never use it, so require() gets a table that builds the
// module when first used
const openFfi: LuaNative = (L) => {
  if (loadCached(L, 'internal:ffi.lua', '=ffi', () => internalChunk('ffi.lua')) !== lua.LUA_OK) return lua.lua_error(L);
  const { exec, host, rng, rand } = stateOf(L);
  pushFfiNatives(L, { exec, host, rand: { rng, thread: rand } });
  lua.lua_call(L, 1, 1);
  return 1;
};

/** A new Lua state of `host` with its context (state-template.ts copies the rest into it). */
export function newContextState(host: LuaHost, rand: RandApi): SysbenchState {
  const L = lauxlib.luaL_newstate();
  // a JS exception inside a native becomes a Lua error that says what went wrong (fengari's
  // default leaves a value sysbench prints as "(not a string)")
  lua.lua_atnativeerror(L, nativeError);
  const exec = new LuaExec(L);
  setStateContext(L, {
    host, exec, rng: rand.rng, rand: rand.thread, sql: new SqlSession(L, host, exec, rand.thread.low32),
    noResultRef: 0, legacyConnection: null, gc: { running: true, pause: 200, stepmul: 200 }, mathRandom: null,
  });
  return { L, exec };
}

/** A fresh state with the API installed; the script is not loaded yet. */
export function newSysbenchState(host: LuaHost, rand: RandApi): SysbenchState {
  const state = newContextState(host, rand);
  installApi(state.L, host, host.tid);
  return state;
}

/**
 * Installs sysbench's API into `L`: the libraries, the natives (all shared by every state: they
 * find their state's context through L), the sysbench table and the internal Lua modules.
 * `tid` is what sysbench.tid holds (a state template gives a placeholder, state-template.ts).
 */
export function installApi(L: LuaState, host: LuaHost, tid: number): void {
  openLibs(L);
  installOs(L);

  lua.lua_getglobal(L, 'package');
  if (stdSearchpath === null) {
    lua.lua_getfield(L, -1, 'searchpath');
    stdSearchpath = lua.lua_tocfunction(L, -1);
    lua.lua_pop(L, 1);
  }
  lua.lua_pushstring(L, toLuaString(stateSearchPath(host.scriptFile)));
  lua.lua_setfield(L, -2, 'path');
  lua.lua_getfield(L, -1, 'preload');
  lua.lua_pushcfunction(L, openFfi);
  lua.lua_setfield(L, -2, 'ffi');
  lua.lua_pop(L, 1);
  lua.lua_getfield(L, -1, 'loaded');
  pushLazyModule(L, openFfi);
  lua.lua_setfield(L, -2, 'ffi');
  lua.lua_pop(L, 1);
  // require() of Lua files goes through the compiled-chunk cache
  lua.lua_getfield(L, -1, 'searchers');
  lua.lua_pushcfunction(L, searchLuaModule);
  lua.lua_rawseti(L, -2, 2);
  lua.lua_pop(L, 1);
  // LuaJIT's bit: both a module and a global
  lua.lua_getfield(L, -1, 'loaded');
  lua.lua_createtable(L, 0, 12);
  setNatives(L, bitNatives);
  lua.lua_pushvalue(L, -1);
  lua.lua_setglobal(L, 'bit');
  lua.lua_setfield(L, -2, 'bit');
  lua.lua_pop(L, 2);

  // the sysbench table
  lua.lua_createtable(L, 0, 8);
  lua.lua_pushinteger(L, tid);
  lua.lua_setfield(L, -2, 'tid');
  lua.lua_pushstring(L, toLuaString(VERSION));
  lua.lua_setfield(L, -2, 'version');
  lua.lua_pushstring(L, toLuaString('sysbench ' + VERSION));
  lua.lua_setfield(L, -2, 'version_string');
  lua.lua_createtable(L, 0, 4);
  lua.lua_createtable(L, host.argv.length, 1);
  host.argv.forEach((a, i) => { lua.lua_pushstring(L, stringToBytes(a)); lua.lua_rawseti(L, -2, i); });
  lua.lua_setfield(L, -2, 'argv');
  if (host.command !== null) {
    lua.lua_pushstring(L, toLuaString(host.command));
    lua.lua_setfield(L, -2, 'command');
  }
  lua.lua_pushstring(L, toLuaString(host.scriptPath));
  lua.lua_setfield(L, -2, 'script_path');
  lua.lua_setfield(L, -2, 'cmdline');
  lua.lua_createtable(L, 0, 12);
  setNatives(L, randNatives);
  lua.lua_setfield(L, -2, 'rand');
  lua.lua_createtable(L, 0, 0);
  lua.lua_setfield(L, -2, 'opt');
  lua.lua_setglobal(L, 'sysbench');

  lua.lua_pushglobaltable(L);
  setNatives(L, coreNatives);
  setNatives(L, luaJitBaseNatives);
  lua.lua_pushcfunction(L, collectGarbage);
  lua.lua_setfield(L, -2, 'collectgarbage');
  setNatives(L, randCompatNatives);
  lua.lua_pop(L, 1);

  installStringFormat(L);
  installLuaJitMath(L);
  registerSql(L);
  registerDb(L);
  registerHistogram(L);
  installLuaJitType(L);
  installCoroutineMain(L);
  runInternal(L, 'compat51.lua');
  for (const m of INTERNAL_MODULES) runInternal(L, m);
}

/** Loads and runs the script's main chunk; `done` gets sysbench's error text on failure. */
export const STDIN_SCRIPT = '-';

export function loadScript(state: SysbenchState, path: string, done: (err: string | null) => void): void {
  const { L, exec } = state;
  const status = path === STDIN_SCRIPT
    ? lauxlib.luaL_loadbuffer(L, new Uint8Array(readFileSync(0)), null, toLuaString('=stdin'))
    : loadFileCached(L, path);
  if (status !== lua.LUA_OK) {
    const msg = errorText(L);
    lua.lua_pop(L, 1);
    return done(msg);
  }
  exec.callTop(done);
}

/** Whether global `name` is a function (sysbench's func_available). */
export function hasFunction(L: LuaState, name: string): boolean {
  const t = lua.lua_getglobal(L, name);
  lua.lua_pop(L, 1);
  return t === lua.LUA_TFUNCTION;
}

/** Calls a Lua function synchronously (it must not do I/O); returns its boolean result or an error text. */
export function callSync(L: LuaState, path: string[], args: (string | number)[]): { ok: true; value: boolean } | { ok: false; error: string } {
  lua.lua_getglobal(L, toLuaString(path[0]));
  for (let i = 1; i < path.length; i++) {
    lua.lua_getfield(L, -1, toLuaString(path[i]));
    lua.lua_remove(L, -2);
  }
  for (const a of args) {
    if (typeof a === 'number') lua.lua_pushnumber(L, a);
    else lua.lua_pushstring(L, toLuaString(a));
  }
  if (lua.lua_pcall(L, args.length, 1, 0) !== lua.LUA_OK) {
    const error = errorText(L);
    lua.lua_pop(L, 1);
    return { ok: false, error };
  }
  const value = lua.lua_toboolean(L, -1);
  lua.lua_pop(L, 1);
  return { ok: true, value };
}
