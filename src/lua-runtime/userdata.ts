// JS objects as Lua userdata, for every API: a userdata carries its object in `obj`, its
// type in a metatable registered by name. One way to define those metatables, push objects
// and get them back.
import { argValue, lua, lauxlib, setNatives, type LuaState, type LuaNative } from './fengari.js';
import { pushJsString } from './strings.js';

export interface MetatableSpec {
  /** the methods, as the metatable's __index table */
  methods?: Record<string, LuaNative>;
  /** an __index function instead (fields computed on access) */
  index?: LuaNative;
  /** what tostring() prints */
  tostring?: string;
  /** no __name (tostring() then prints "userdata: 0x...", as for sysbench's C-created types) */
  anonymous?: boolean;
}

/** __tostring natives by the text they print: one per text, shared by every state */
const tostrings = new Map<string, LuaNative>();

function tostringNative(text: string): LuaNative {
  let f = tostrings.get(text);
  if (f === undefined) tostrings.set(text, f = (L: LuaState) => { pushJsString(L, text); return 1; });
  return f;
}

export function defineMetatable(L: LuaState, name: Uint8Array, spec: MetatableSpec): void {
  lauxlib.luaL_newmetatable(L, name);
  if (spec.index !== undefined) {
    lua.lua_pushcfunction(L, spec.index);
    lua.lua_setfield(L, -2, '__index');
  } else if (spec.methods !== undefined) {
    lua.lua_createtable(L, 0, 0);
    setNatives(L, spec.methods);
    lua.lua_setfield(L, -2, '__index');
  }
  const text = spec.tostring;
  if (text !== undefined) {
    lua.lua_pushcfunction(L, tostringNative(text));
    lua.lua_setfield(L, -2, '__tostring');
  }
  if (spec.anonymous === true) {
    lua.lua_pushnil(L);
    lua.lua_setfield(L, -2, '__name');
  }
  lua.lua_pop(L, 1);
}

/** Pushes a new userdata for `obj` with metatable `mt`; `cdata`: type() calls it "cdata", as LuaJIT does its FFI objects. */
export function pushObject(L: LuaState, obj: object, mt: Uint8Array, cdata = false): void {
  const ud = lua.lua_newuserdata(L, 0);
  ud.obj = obj;
  if (cdata) ud.cdata = true;
  lauxlib.luaL_setmetatable(L, mt);
}

/** The object of argument `i`, which must be a userdata with metatable `mt` (raises "bad argument" otherwise). */
export function checkObject<T>(L: LuaState, i: number, mt: Uint8Array): T {
  return lauxlib.luaL_checkudata(L, i, mt).obj as T;
}

/** The object behind value `i` if it is one of ours (undefined otherwise): a cheap check for hot natives, followed by instanceof. */
export function objectAt(L: LuaState, i: number): unknown {
  // a full userdata argument read straight from the stack (every method call of the SQL API
  // comes here): what lua_touserdata would return, without its index checks
  if (i > 0) {
    const o = argValue(L, i);
    if (o !== undefined && (o.type & 0x0f) === lua.LUA_TUSERDATA) return o.value.data?.obj;
  }
  return lua.lua_touserdata(L, i)?.obj;
}

/** Whether value `i` is a userdata pushed as cdata. */
export function isCdata(L: LuaState, i: number): boolean {
  return lua.lua_touserdata(L, i)?.cdata === true;
}
