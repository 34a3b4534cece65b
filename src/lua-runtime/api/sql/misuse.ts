// sysbench.sql called wrongly (a method called with a dot, a value of the wrong type), with
// the error sysbench 1.0.20 raises. There the methods are Lua functions in its internal
// sysbench.sql.lua that call C through LuaJIT's FFI, so its errors name that chunk and line
// and are worded by Lua or by the FFI; where sysbench itself crashes (a nil passed to a C
// pointer), we raise the FFI's error for it. Only natives' cold paths come here.
import { lua, type LuaState } from '../../fengari.js';
import { luajitNumberToString } from '../../../options/values.js';
import { raiseAt, raiseText } from '../../raise.js';
import { bytesToString } from '../../strings.js';
import { objectAt } from '../../userdata.js';

/** LuaJIT's ctype numbers of sysbench's SQL structs, as its FFI errors print them. */
export const CTYPE = { driver: 159, connection: 183, statement: 192, result: 197 } as const;

function at(line: number): string {
  return `[string "sysbench.sql.lua"]:${line}: `;
}

/** The type sysbench would see for value `i`: its SQL objects are cdata, its parameters tables. */
interface RefKind {
  /** Lua's type name ('nil' for a missing argument: the callee is a Lua function there) */
  type: string;
  /** for cdata: the struct's ctype number */
  ctype?: number;
}

function refKind(L: LuaState, i: number): RefKind {
  const ctor = (objectAt(L, i) as { constructor?: { ctype?: number; refType?: string } } | undefined)?.constructor;
  if (ctor?.ctype !== undefined) return { type: 'cdata', ctype: ctor.ctype };
  if (ctor?.refType !== undefined) return { type: ctor.refType };
  const t = lua.lua_type(L, i);
  return { type: t === lua.LUA_TNONE ? 'nil' : bytesToString(lua.lua_typename(L, t)) };
}

function typeName(L: LuaState, i: number): string {
  return refKind(L, i).type;
}

/** How the FFI names value `i` in "cannot convert" errors. */
function ffiName(L: LuaState, i: number): string {
  const k = refKind(L, i);
  return k.ctype !== undefined ? `struct ${k.ctype} *` : k.type;
}

function indexable(L: LuaState, i: number): boolean {
  const t = typeName(L, i);
  return t === 'string' || t === 'table';
}

/** A C call's `self` argument that is not the struct it takes. */
export function badSelf(L: LuaState, line: number, cfunc: string, ctype: number): number {
  return raiseText(L, `${at(line)}bad argument #1 to '${cfunc}' (cannot convert '${ffiName(L, 1)}' to 'struct ${ctype} *')`);
}

/** The same from a tail call: the caller's position, the method's name. */
export function badSelfTail(L: LuaState, method: string, ctype: number): number {
  return raiseAt(L, `bad argument #1 to '${method}' (cannot convert '${ffiName(L, 1)}' to 'struct ${ctype} *')`);
}

/**
 * `local.member` on a value without it: another struct, or a value Lua cannot index.
 * Strings and tables index to nil: `ifIndexable` is the error that follows in that method.
 */
function noMember(L: LuaState, i: number, line: number, local: string, member: string, ifIndexable: string): number {
  const ct = refKind(L, i).ctype;
  if (ct !== undefined) return raiseText(L, `${at(line)}'struct ${ct}' has no member named '${member}'`);
  if (indexable(L, i)) return raiseText(L, ifIndexable);
  return raiseText(L, `${at(line)}attempt to index local '${local}' (a ${typeName(L, i)} value)`);
}

/** `#local` on a value that has no length. */
function noLength(L: LuaState, i: number, line: number, local: string): number {
  const ct = refKind(L, i).ctype;
  if (ct !== undefined) return raiseText(L, `${at(line)}attempt to get length of 'struct ${ct} *'`);
  return raiseText(L, `${at(line)}attempt to get length of local '${local}' (a ${typeName(L, i)} value)`);
}

// ---- connection methods taking a string: query, query_row, prepare, bulk_insert_* ----------

/**
 * con:query(text) and the like when `self` is not a connection or the text not a string:
 * `#text` fails first, then the C call's conversion of self, then of a table text.
 */
export function connectionText(L: LuaState, line: number, cfunc: string, local: string, isConnection: boolean): number {
  const t = typeName(L, 2);
  if (t !== 'string' && t !== 'table') return noLength(L, 2, line, local);
  if (!isConnection) return badSelf(L, line, cfunc, CTYPE.connection);
  return raiseText(L, `${at(line)}bad argument #2 to '${cfunc}' (cannot convert '${typeName(L, 2)}' to 'const char *')`);
}

/** con:query_row(text) when `self` is not a connection: its `self:query(text)` fails. */
export function queryRowSelf(L: LuaState): number {
  return noMember(L, 1, 300, 'self', 'query', `${at(300)}attempt to call method 'query' (a nil value)`);
}

/** drv:name() when `self` is not a driver. */
export function driverNameSelf(L: LuaState): number {
  return noMember(L, 1, 201, 'self', 'sname', `${at(201)}attempt to index local 'self' (a ${typeName(L, 1)} value)`);
}

// ---- parameters --------------------------------------------------------------------------

/** param:set(value) on something that is not a parameter. */
export function paramSetSelf(L: LuaState): number {
  const line = lua.lua_isnoneornil(L, 2) ? 324 : 328;
  return noMember(L, 1, 321, 'self', 'type', `${at(line)}attempt to index field 'is_null' (a nil value)`);
}

/** param:set(value) of an integer or floating-point parameter, with a value that is not a number. */
export function paramSetNumber(L: LuaState, ctype: 'int64_t' | 'double'): number {
  return raiseText(L, `${at(ctype === 'double' ? 339 : 335)}cannot convert '${ffiName(L, 2)}' to '${ctype}'`);
}

/** param:set(value) of a string parameter, with a value that is not a string. */
export function paramSetString(L: LuaState): number {
  if (typeName(L, 2) === 'table') {
    return raiseText(L, `${at(345)}bad argument #2 to 'copy' (cannot convert 'table' to 'const void *')`);
  }
  return noLength(L, 2, 343, 'value');
}

/** param:set_rand_str(template) on something that is not a parameter. */
export function setRandStrSelf(L: LuaState): number {
  return noMember(L, 1, 354, 'self', 'type', `${at(356)}attempt to index field 'is_null' (a nil value)`);
}

/** param:set_rand_str(template) with a template that is not a string. */
export function setRandStrTemplate(L: LuaState): number {
  if (typeName(L, 2) === 'table') {
    return raiseText(L, `${at(363)}bad argument #1 to 'sb_rand_str' (cannot convert 'table' to 'const char *')`);
  }
  return noLength(L, 2, 361, 'fmt');
}

// ---- statements --------------------------------------------------------------------------

/** stmt:bind_create(type, max_len) with a type sysbench does not support. */
export function bindCreateType(L: LuaState): number {
  const t = lua.lua_type(L, 2);
  if (t === lua.LUA_TNUMBER) return raiseAt(L, `Unsupported argument type: ${luajitNumberToString(lua.lua_tonumber(L, 2))}`);
  if (t === lua.LUA_TSTRING) return raiseAt(L, `Unsupported argument type: ${bytesToString(lua.lua_tostring(L, 2))}`);
  const ct = refKind(L, 2).ctype;
  if (ct !== undefined) return raiseText(L, `${at(402)}attempt to concatenate 'string' and 'struct ${ct} *'`);
  return raiseText(L, `${at(402)}attempt to concatenate local 'btype' (a ${typeName(L, 2)} value)`);
}

/** stmt:bind_create(CHAR or VARCHAR, max_len) without a numeric max_len. */
export function bindCreateLength(L: LuaState): number {
  return raiseText(L, `${at(399)}bad argument #2 to 'new' (cannot convert '${ffiName(L, 3)}' to 'int')`);
}

/** stmt:bind_param(...) with argument `i` not a parameter. */
export function bindParamArg(L: LuaState, i: number): number {
  return noMember(L, i, 420, 'param', 'type', `${at(420)}cannot convert 'nil' to 'unsigned int'`);
}
