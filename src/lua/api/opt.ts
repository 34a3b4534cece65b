// sysbench.opt: every option's value with its Lua type, as sysbench exports them.
import { lua, pushShared, sharedLuaString, type LuaState, type SharedLuaString } from '../fengari.js';
import { stringToBytes } from '../strings.js';

export type OptionValue = boolean | number | string | string[] | null;
/** An option as it reaches Lua: name as declared, and its typed value (null: not exported). */
export interface ExportedOption { name: string; value: OptionValue; }

// every thread's state gets the same options: their string values are made into Lua strings
// once per list and shared by the states (strings are immutable)
const sharedStrings = new WeakMap<ExportedOption[], Map<string, SharedLuaString>>();

function pushValue(L: LuaState, v: OptionValue, strings: Map<string, SharedLuaString>): void {
  if (v === null) lua.lua_pushnil(L);
  else if (typeof v === 'boolean') lua.lua_pushboolean(L, v);
  else if (typeof v === 'number') {
    // fengari integers are 32-bit; larger values stay floats (LuaJIT would have doubles anyway)
    if (Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff) lua.lua_pushinteger(L, v);
    else lua.lua_pushnumber(L, v);
  } else if (typeof v === 'string') pushString(L, v, strings); // bytes as given
  else {
    lua.lua_createtable(L, v.length, 0);
    v.forEach((item, i) => { pushString(L, item, strings); lua.lua_rawseti(L, -2, i + 1); });
  }
}

function pushString(L: LuaState, s: string, strings: Map<string, SharedLuaString>): void {
  let ls = strings.get(s);
  if (ls === undefined) {
    ls = sharedLuaString(stringToBytes(s));
    strings.set(s, ls);
  }
  pushShared(L, ls);
}

/** Sets sysbench.opt; with `globals`, also sets each option as a global (legacy scripts). */
export function exportOptions(L: LuaState, options: ExportedOption[], globals: boolean): void {
  let strings = sharedStrings.get(options);
  if (strings === undefined) {
    strings = new Map();
    sharedStrings.set(options, strings);
  }
  lua.lua_getglobal(L, 'sysbench');
  lua.lua_createtable(L, 0, options.length);
  for (const o of options) {
    pushValue(L, o.value, strings);
    lua.lua_setfield(L, -2, o.name);
  }
  lua.lua_setfield(L, -2, 'opt');
  lua.lua_pop(L, 1);
  if (!globals) return;
  for (const o of options) {
    const name = o.name;
    // a legacy option must not replace a function of the script's (e.g. --help vs help())
    if (lua.lua_getglobal(L, name) === lua.LUA_TFUNCTION) { lua.lua_pop(L, 1); continue; }
    lua.lua_pop(L, 1);
    pushValue(L, o.value, strings);
    lua.lua_setglobal(L, name);
  }
}
