// sql_param: a bound parameter (stmt:bind_create()), param:set(value) and
// param:set_rand_str(template). Both sit on the per-query path: they check their arguments
// with a type test and allocate nothing beyond the string value itself.
import { lua, toLuaString, type LuaState, type LuaNative } from '../../fengari.js';
import { stateOf } from '../../context.js';
import { SQL_TYPE } from '../../../drivers/sql-type.js';
import { raiseAt } from '../../raise.js';
import { bytesToString } from '../../strings.js';
import { defineMetatable, objectAt } from '../../userdata.js';
import { paramSetNumber, paramSetSelf, paramSetString, setRandStrSelf, setRandStrTemplate } from './misuse.js';

export const MT_PARAM = toLuaString('sysbench.sql.param');

export const ParamKind = { Int: 0, Double: 1, String: 2 } as const;
export type ParamKind = (typeof ParamKind)[keyof typeof ParamKind];

/** the sysbench.sql.type a parameter is bound as, by kind (bind_create() widens every type) */
export const BIND_TYPES: readonly number[] = [SQL_TYPE.BIGINT, SQL_TYPE.DOUBLE, SQL_TYPE.VARCHAR];

export class SqlParam {
  /** sysbench's parameters are Lua tables (its misuse errors say so) */
  static readonly refType = 'table';
  value: number | string | null = null;
  constructor(readonly kind: ParamKind, readonly maxLen: number) {}
}

/** The first `max` bytes of string argument `i`, as a JS string. */
function stringArg(L: LuaState, i: number, max: number): string {
  let bytes: Uint8Array = lua.lua_tolstring(L, i);
  if (bytes.length > max) bytes = bytes.subarray(0, max);
  return bytesToString(bytes);
}

const set: LuaNative = (L) => {
  const p = objectAt(L, 1);
  if (!(p instanceof SqlParam)) return paramSetSelf(L);
  const t = lua.lua_type(L, 2);
  if (t === lua.LUA_TNIL || t === lua.LUA_TNONE) {
    p.value = null;
    return 0;
  }
  if (p.kind === ParamKind.String) {
    if (t !== lua.LUA_TSTRING) return paramSetString(L);
    p.value = stringArg(L, 2, p.maxLen);
    return 0;
  }
  let n: number;
  if (t === lua.LUA_TNUMBER) n = lua.lua_tonumber(L, 2);
  else if (t === lua.LUA_TBOOLEAN) n = lua.lua_toboolean(L, 2) ? 1 : 0; // the FFI's bool → number
  else return paramSetNumber(L, p.kind === ParamKind.Int ? 'int64_t' : 'double');
  p.value = p.kind === ParamKind.Int ? Math.trunc(n) : n;
  return 0;
};

const setRandStr: LuaNative = (L) => {
  const p = objectAt(L, 1);
  if (!(p instanceof SqlParam)) return setRandStrSelf(L);
  if (p.kind !== ParamKind.String) return raiseAt(L, `Unsupported argument type: ${BIND_TYPES[p.kind]}`);
  if (lua.lua_type(L, 2) !== lua.LUA_TSTRING) return setRandStrTemplate(L);
  let bytes = stateOf(L).rand.string(lua.lua_tolstring(L, 2));
  if (bytes.length > p.maxLen) bytes = bytes.subarray(0, p.maxLen);
  p.value = bytesToString(bytes);
  return 0;
};

export function registerParam(L: LuaState): void {
  defineMetatable(L, MT_PARAM, { methods: { set, set_rand_str: setRandStr }, tostring: '<sql_param>' });
}
