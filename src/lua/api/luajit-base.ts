// LuaJIT's tonumber and type: numbers are doubles (tonumber("ffffffff", 16) is 4294967295, not
// -1), a base of 10 reads any Lua numeral, and the ffi stand-in's cdata objects (tables whose
// metatable has a `__sb_cdata` function, see lua/internal/ffi.lua) are "cdata" and convert.
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import { pushNumber } from './luajit-math.js';

const CDATA_KEY = toLuaString('__sb_cdata');
const CDATA = toLuaString('cdata');

/**
 * Pushes the `__sb_cdata` field of the metatable of the table at `i` and returns true, or
 * pushes nothing and returns false when the value is no cdata.
 */
export function pushCdataHook(L: LuaState, i: number): boolean {
  if (lua.lua_type(L, i) !== lua.LUA_TTABLE || !lua.lua_getmetatable(L, i)) return false;
  lua.lua_pushstring(L, CDATA_KEY);
  if (lua.lua_rawget(L, -2) === lua.LUA_TNIL) {
    lua.lua_pop(L, 2);
    return false;
  }
  lua.lua_remove(L, -2);
  return true;
}

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** C's strtoul for the whole string (white space around allowed), or null; saturates at 2^64 - 1. */
function strtoul(s: Uint8Array, base: number): bigint | null {
  let i = 0;
  while (i < s.length && isSpace(s[i])) i++;
  let neg = false;
  if (s[i] === 45 || s[i] === 43) neg = s[i++] === 45;
  if (base === 16 && s[i] === 48 && (s[i + 1] | 0x20) === 120) {
    const d = digit(s[i + 2]);
    if (d >= 0 && d < 16) i += 2;
  }
  const from = i;
  const b = BigInt(base);
  let v = 0n;
  let overflow = false;
  for (; i < s.length; i++) {
    const d = digit(s[i]);
    if (d < 0 || d >= base) break;
    if (!overflow) {
      v = v * b + BigInt(d);
      if (v > 0xffffffffffffffffn) overflow = true;
    }
  }
  if (i === from) return null;
  while (i < s.length && isSpace(s[i])) i++;
  if (i !== s.length) return null;
  if (overflow) return 0xffffffffffffffffn;
  return neg ? (-v) & 0xffffffffffffffffn : v;
}

function digit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  if (l >= 97 && l <= 122) return l - 87;
  return -1;
}

const tonumber: LuaNative = (L) => {
  const base = lua.lua_isnoneornil(L, 2) ? 10 : lauxlib.luaL_checkinteger(L, 2);
  if (base === 10) {
    lauxlib.luaL_checkany(L, 1);
    const t = lua.lua_type(L, 1);
    if (t === lua.LUA_TNUMBER) {
      lua.lua_settop(L, 1);
      return 1;
    }
    if (t === lua.LUA_TSTRING) {
      const s: Uint8Array = lua.lua_tostring(L, 1);
      if (lua.lua_stringtonumber(L, s) === s.length + 1) return 1;
    } else if (pushCdataHook(L, 1)) {
      lua.lua_pushvalue(L, 1);
      lua.lua_call(L, 1, 1);
      return 1;
    }
    lua.lua_pushnil(L);
    return 1;
  }
  const s: Uint8Array = lauxlib.luaL_checklstring(L, 1);
  if (base < 2 || base > 36) lauxlib.luaL_argerror(L, 2, toLuaString('base out of range'));
  // LuaJIT: a leading '-' negates strtoul's result (which takes a sign of its own as well)
  let p = 0;
  while (p < s.length && isSpace(s[p])) p++;
  const neg = s[p] === 45;
  const v = strtoul(neg ? s.subarray(p + 1) : s, base);
  if (v === null) lua.lua_pushnil(L);
  else pushNumber(L, neg ? -Number(v) : Number(v));
  return 1;
};

const type: LuaNative = (L) => {
  const t = lua.lua_type(L, 1);
  if (t === lua.LUA_TNONE) lauxlib.luaL_argerror(L, 1, toLuaString('value expected'));
  if (t === lua.LUA_TTABLE && pushCdataHook(L, 1)) {
    lua.lua_pushstring(L, CDATA);
    return 1;
  }
  lua.lua_pushstring(L, lua.lua_typename(L, t));
  return 1;
};

export const luaJitBaseNatives: Record<string, LuaNative> = { tonumber, type };
