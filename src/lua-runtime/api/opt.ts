// sysbench.opt: every option's value with its Lua type, as sysbench exports them.
import { internedKey, lua, pushShared, pushTyped, setFreshField, sharedLuaString, valueType, type LuaState, type SharedLuaString } from '../fengari.js';
import { stringToBytes } from '../strings.js';

export type OptionValue = boolean | number | string | string[] | null;
/** An option as it reaches Lua: name as declared, and its typed value (null: not exported). */
export interface ExportedOption { name: string; value: OptionValue; }

/**
 * An option as its Lua value: key, type and value, or a list (a table of each state's own: a
 * script may change it); type nil for an option without a value.
 */
interface OptionField { name: string; key: SharedLuaString; type: number; value: unknown; list: SharedLuaString[] | null }

const fieldLists = new WeakMap<ExportedOption[], OptionField[]>();

/** fengari integers are 32-bit; larger values stay floats (LuaJIT would have doubles anyway) */
const isLuaInteger = (v: number): boolean => Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff;

/**
 * The Lua values of `options`, made once per list: every thread's state gets the same, their
 * keys interned and their strings shared (immutable), set straight into each state's new
 * sysbench.opt (~100 options, each a lua_setfield through the stack before: 0.2 ms per thread
 * at start-up).
 */
function fieldsOf(options: ExportedOption[]): OptionField[] {
  let fields = fieldLists.get(options);
  if (fields !== undefined) return fields;
  const strings = new Map<string, SharedLuaString>();
  const shared = (s: string): SharedLuaString => {
    let ls = strings.get(s);
    if (ls === undefined) strings.set(s, ls = sharedLuaString(stringToBytes(s))); // bytes as given
    return ls;
  };
  fields = options.map(({ name, value: v }) => {
    const f: OptionField = { name, key: internedKey(name), type: valueType.nil, value: null, list: null };
    if (typeof v === 'boolean') { f.type = valueType.boolean; f.value = v; }
    else if (typeof v === 'number') { f.type = isLuaInteger(v) ? valueType.integer : valueType.float; f.value = v; }
    else if (typeof v === 'string') { f.type = valueType.string; f.value = shared(v); }
    else if (v !== null) f.list = v.map(shared);
    return f;
  });
  fieldLists.set(options, fields);
  return fields;
}

function pushField(L: LuaState, f: OptionField): void {
  if (f.list === null) return pushTyped(L, f.type, f.value);
  lua.lua_createtable(L, f.list.length, 0);
  f.list.forEach((s, i) => { pushShared(L, s); lua.lua_rawseti(L, -2, i + 1); });
}

/** Sets sysbench.opt; with `globals`, also sets each option as a global (legacy scripts). */
export function exportOptions(L: LuaState, options: ExportedOption[], globals: boolean): void {
  const fields = fieldsOf(options);
  lua.lua_getglobal(L, 'sysbench');
  lua.lua_createtable(L, 0, options.length);
  for (const f of fields) {
    if (f.list !== null) {
      pushField(L, f);
      lua.lua_setfield(L, -2, f.name);
    } else if (f.type !== valueType.nil) setFreshField(L, f.key, f.type, f.value); // nil on a new table: nothing
  }
  lua.lua_setfield(L, -2, 'opt');
  lua.lua_pop(L, 1);
  if (!globals) return;
  for (const f of fields) {
    // a legacy option must not replace a function of the script's (e.g. --help vs help())
    if (lua.lua_getglobal(L, f.name) === lua.LUA_TFUNCTION) { lua.lua_pop(L, 1); continue; }
    lua.lua_pop(L, 1);
    pushField(L, f);
    lua.lua_setglobal(L, f.name);
  }
}
