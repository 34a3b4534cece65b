// sysbench.opt: every option's value with its Lua type, as sysbench exports them.
import { internedKey, lua, pushShared, setFreshField, sharedLuaString, valueType, type LuaState, type SharedLuaString } from '../fengari.js';
import { stringToBytes } from '../strings.js';

export type OptionValue = boolean | number | string | string[] | null;
/** An option as it reaches Lua: name as declared, and its typed value (null: not exported). */
export interface ExportedOption { name: string; value: OptionValue; }

// every thread's state gets the same options: their string values are made into Lua strings
// once per list and shared by the states (strings are immutable)
const sharedStrings = new WeakMap<ExportedOption[], Map<string, SharedLuaString>>();

/** fengari integers are 32-bit; larger values stay floats (LuaJIT would have doubles anyway) */
const isLuaInteger = (v: number): boolean => Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff;

function pushValue(L: LuaState, v: OptionValue, strings: Map<string, SharedLuaString>): void {
  if (v === null) lua.lua_pushnil(L);
  else if (typeof v === 'boolean') lua.lua_pushboolean(L, v);
  else if (typeof v === 'number') {
    if (isLuaInteger(v)) lua.lua_pushinteger(L, v);
    else lua.lua_pushnumber(L, v);
  } else if (typeof v === 'string') pushString(L, v, strings); // bytes as given
  else {
    lua.lua_createtable(L, v.length, 0);
    v.forEach((item, i) => { pushString(L, item, strings); lua.lua_rawseti(L, -2, i + 1); });
  }
}

function sharedString(s: string, strings: Map<string, SharedLuaString>): SharedLuaString {
  let ls = strings.get(s);
  if (ls === undefined) {
    ls = sharedLuaString(stringToBytes(s));
    strings.set(s, ls);
  }
  return ls;
}

function pushString(L: LuaState, s: string, strings: Map<string, SharedLuaString>): void {
  pushShared(L, sharedString(s, strings));
}

/** An option as a field of a fresh sysbench.opt: its key and value made once per list of options. */
interface FreshField { name: string; key: SharedLuaString; type: number; value: unknown; list: string[] | null }
const freshFieldLists = new WeakMap<ExportedOption[], FreshField[]>();

/**
 * The fields of sysbench.opt for `options` (those with a value), made once per list: every
 * thread's state gets the same, set straight into its new table (~100 options, each a
 * lua_setfield through the stack before: 0.2 ms per thread at start-up). A list is a table of
 * each state's own (a script may change it).
 */
function freshFields(options: ExportedOption[], strings: Map<string, SharedLuaString>): FreshField[] {
  let fields = freshFieldLists.get(options);
  if (fields !== undefined) return fields;
  fields = [];
  for (const { name, value: v } of options) {
    if (v === null) continue; // lua_setfield of nil on a new table: nothing
    const f: FreshField = { name, key: internedKey(name), type: 0, value: null, list: null };
    if (typeof v === 'boolean') { f.type = valueType.boolean; f.value = v; }
    else if (typeof v === 'number') {
      f.type = isLuaInteger(v) ? valueType.integer : valueType.float;
      f.value = v;
    } else if (typeof v === 'string') { f.type = valueType.string; f.value = sharedString(v, strings); }
    else f.list = v;
    fields.push(f);
  }
  freshFieldLists.set(options, fields);
  return fields;
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
  for (const f of freshFields(options, strings)) {
    if (f.list === null) setFreshField(L, f.key, f.type, f.value);
    else {
      pushValue(L, f.list, strings);
      lua.lua_setfield(L, -2, f.name);
    }
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
