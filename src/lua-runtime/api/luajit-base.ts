// LuaJIT's tonumber and type: numbers are doubles (tonumber("ffffffff", 16) is 4294967295, not
// -1), a base of 10 reads any Lua numeral, and the ffi stand-in's objects are "cdata" (cdata
// numbers convert).
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import { pushNumber } from './luajit-math.js';
import { cdataAt, isCdataValue } from '../ffi/ffi-state.js';
import { scalarValue } from '../ffi/cdata.js';
import { base, isNumber } from '../ffi/ctypes.js';
import { v8 } from '../../lazy-node-modules.js';
import { stateOf } from '../context.js';

const CDATA = toLuaString('cdata');

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
  const radix: number = lua.lua_isnoneornil(L, 2) ? 10 : lauxlib.luaL_checkinteger(L, 2);
  if (radix === 10) {
    lauxlib.luaL_checkany(L, 1);
    const t = lua.lua_type(L, 1);
    if (t === lua.LUA_TNUMBER) {
      lua.lua_settop(L, 1);
      return 1;
    }
    if (t === lua.LUA_TSTRING) {
      const s: Uint8Array = lua.lua_tostring(L, 1);
      if (lua.lua_stringtonumber(L, s) === s.length + 1) return 1;
    } else {
      const c = cdataAt(L, 1);
      const t = c ? base(c.type) : null;
      if (c && t && isNumber(t)) {
        const v = scalarValue(c);
        pushNumber(L, typeof v === 'boolean' ? (v ? 1 : 0) : Number(v));
        return 1;
      }
    }
    lua.lua_pushnil(L);
    return 1;
  }
  const s: Uint8Array = lauxlib.luaL_checklstring(L, 1);
  if (radix < 2 || radix > 36) lauxlib.luaL_argerror(L, 2, toLuaString('base out of range'));
  // LuaJIT: a leading '-' negates strtoul's result (which takes a sign of its own as well)
  let p = 0;
  while (p < s.length && isSpace(s[p])) p++;
  const neg = s[p] === 45;
  const v = strtoul(neg ? s.subarray(p + 1) : s, radix);
  if (v === null) lua.lua_pushnil(L);
  else pushNumber(L, neg ? -Number(v) : Number(v));
  return 1;
};

/** LuaJIT's type() over the type() it replaces, made once per replaced function (natives are shared by every state). */
const luaJitTypes = new Map<LuaNative | null, LuaNative>();

function luaJitType(previous: LuaNative | null): LuaNative {
  let type = luaJitTypes.get(previous);
  if (type !== undefined) return type;
  type = (S) => {
    const t = lua.lua_type(S, 1);
    if (t === lua.LUA_TUSERDATA && isCdataValue(S, 1)) {
      lua.lua_pushstring(S, CDATA);
      return 1;
    }
    if (previous) return previous(S);
    if (t === lua.LUA_TNONE) lauxlib.luaL_argerror(S, 1, toLuaString('value expected'));
    lua.lua_pushstring(S, lua.lua_typename(S, t));
    return 1;
  };
  luaJitTypes.set(previous, type);
  return type;
}

/**
 * Replaces the global type() with one that says "cdata" for the ffi's objects and leaves
 * everything else to the type() installed before (which may know other cdata-like objects).
 */
export function installLuaJitType(L: LuaState): void {
  lua.lua_getglobal(L, 'type');
  const previous = lua.lua_tocfunction(L, -1) as LuaNative | null;
  lua.lua_pop(L, 1);
  lua.lua_pushcfunction(L, luaJitType(previous));
  lua.lua_setglobal(L, 'type');
}

export const luaJitBaseNatives: Record<string, LuaNative> = { tonumber };

const GC_OPTIONS = ['stop', 'restart', 'collect', 'count', 'step', 'setpause', 'setstepmul', 'isrunning'].map((o) => toLuaString(o));

/**
 * LuaJIT's collectgarbage([opt [, arg]]) (fengari has none: "lua_gc not implemented"). The
 * heap is V8's, so nothing is collected on demand: "count" is the worker's heap in use, in KB,
 * and the settings are remembered per state (its context's `gc`) as LuaJIT reports them back.
 */
export const collectGarbage: LuaNative = (L) => {
  const opt = lauxlib.luaL_checkoption(L, 1, toLuaString('collect'), GC_OPTIONS);
  const gc = stateOf(L).gc;
  switch (opt) {
    case 3: // count
      lua.lua_pushnumber(L, v8().getHeapStatistics().used_heap_size / 1024);
      return 1;
    case 4: // step: whether a cycle ended
      lua.lua_pushboolean(L, false);
      return 1;
    case 5: case 6: { // setpause, setstepmul: the previous value
      const value = Number(lauxlib.luaL_optinteger(L, 2, 0));
      pushNumber(L, opt === 5 ? gc.pause : gc.stepmul);
      if (opt === 5) gc.pause = value; else gc.stepmul = value;
      return 1;
    }
    case 7: // isrunning
      lua.lua_pushboolean(L, gc.running);
      return 1;
    default: // stop, restart, collect
      if (opt === 0) gc.running = false;
      if (opt === 1) gc.running = true;
      lua.lua_pushinteger(L, 0);
      return 1;
  }
};
