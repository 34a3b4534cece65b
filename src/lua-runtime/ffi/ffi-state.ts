// Per-state plumbing of the ffi stand-in: cdata and ctype objects are full userdata whose
// payload holds a CData or a CType; reading Lua values for conversions; raising errors.
import { lua, lauxlib, toLuaString, type LuaState } from '../fengari.js';
import { pushNumber } from '../api/luajit-math.js';
import { CData, FfiError, type LuaIn } from './cdata.js';
import { CDeclError, CRegistry } from './cdecl.js';
import type { CType, StructInfo } from './ctypes.js';

interface Payload { cdata?: CData; ctype?: CType }

/** The cdata at stack index i, or null. */
export function cdataAt(L: LuaState, i: number): CData | null {
  if (lua.lua_type(L, i) !== lua.LUA_TUSERDATA) return null;
  const d = lua.lua_touserdata(L, i) as Payload | null;
  return d?.cdata ?? null;
}

/** The ctype object at stack index i, or null. */
export function ctypeAt(L: LuaState, i: number): CType | null {
  if (lua.lua_type(L, i) !== lua.LUA_TUSERDATA) return null;
  const d = lua.lua_touserdata(L, i) as Payload | null;
  return d?.ctype ?? null;
}

/** Whether the value at i is one of the ffi's objects (type() says "cdata"). */
export function isCdataValue(L: LuaState, i: number): boolean {
  const d = lua.lua_touserdata(L, i) as Payload | null;
  return d !== null && (d.cdata !== undefined || d.ctype !== undefined);
}

export interface FfiContext {
  reg: CRegistry;
  /** registry refs of the metatables */
  cdataMeta: number;
  ctypeMeta: number;
  /** metatables set with ffi.metatype, by struct */
  metatypes: Map<StructInfo, number>;
  errno: number;
  /** runs the sysbench declarations on first use */
  ensureDeclared(L: LuaState): void;
}

export function pushCData(L: LuaState, ctx: FfiContext, c: CData): void {
  const d = lua.lua_newuserdata(L, 0) as Payload;
  d.cdata = c;
  lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, ctx.cdataMeta);
  lua.lua_setmetatable(L, -2);
}

export function pushCType(L: LuaState, ctx: FfiContext, t: CType): void {
  const d = lua.lua_newuserdata(L, 0) as Payload;
  d.ctype = t;
  lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, ctx.ctypeMeta);
  lua.lua_setmetatable(L, -2);
}

/** Pushes what readValue() gives: a number, boolean or cdata. */
export function pushValue(L: LuaState, ctx: FfiContext, v: number | boolean | CData): void {
  if (typeof v === 'number') pushNumber(L, v);
  else if (typeof v === 'boolean') lua.lua_pushboolean(L, v);
  else pushCData(L, ctx, v);
}

const TYPE_NAMES = ['nil', 'boolean', 'userdata', 'number', 'string', 'table', 'function', 'userdata', 'thread'];

/** The Lua value at i, as a conversion source. */
export function luaIn(L: LuaState, i: number): LuaIn {
  switch (lua.lua_type(L, i)) {
    case lua.LUA_TNUMBER: return { kind: 'number', n: lua.lua_tonumber(L, i) };
    case lua.LUA_TBOOLEAN: return { kind: 'boolean', b: lua.lua_toboolean(L, i) };
    case lua.LUA_TNIL: case lua.LUA_TNONE: return { kind: 'nil' };
    case lua.LUA_TSTRING: return { kind: 'string', s: lua.lua_tostring(L, i) };
    default: {
      const c = cdataAt(L, i);
      if (c) return { kind: 'cdata', c };
      return { kind: 'other', name: TYPE_NAMES[lua.lua_type(L, i)] ?? 'userdata' };
    }
  }
}

/**
 * Runs `f`, turning its FfiError/CDeclError into a Lua error. As in LuaJIT, errors of
 * operations on cdata in Lua code (indexing, arithmetic, ffi.C lookups) carry the position of
 * that code (`level` 1, or 2 when a library function such as pairs() ran the metamethod);
 * errors of the ffi library functions and of C calls do not (`level` 0).
 */
export function guarded<T>(L: LuaState, level: 0 | 1 | 2, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof FfiError || e instanceof CDeclError) {
      if (level > 0) lauxlib.luaL_where(L, level); else lua.lua_pushstring(L, toLuaString(''));
      lua.lua_pushstring(L, toLuaString(e.message));
      lua.lua_concat(L, 2);
      lua.lua_error(L);
    }
    throw e;
  }
}

/** "bad argument #i to '?' (msg)" as luaL_argerror words it. */
export function argError(L: LuaState, i: number, msg: string): never {
  lauxlib.luaL_argerror(L, i, toLuaString(msg));
  throw new Error(msg); // not reached
}
