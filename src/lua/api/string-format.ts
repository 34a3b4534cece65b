// string.format with LuaJIT's number semantics on top of fengari's (Lua 5.3) implementation:
// integer conversions (%d %i %u %c %x %X %o) accept floats and truncate them, values beyond
// fengari's 32-bit integers still print, and float conversions print infinities and NaN as
// LuaJIT does (inf, -inf, nan). Runs as a native, so the common case costs one scan of a
// cached format description.
import { lua, lauxlib, type LuaState, type LuaNative } from '../fengari.js';

interface Conversion {
  /** Lua argument index of the value */
  arg: number;
  /** byte offsets of the whole "%...X" spec in the format */
  start: number;
  end: number;
  /** a float conversion (e E f F g G a A); else an integer one */
  float: boolean;
}

const INT_CONV = new Set([100, 105, 117, 99, 120, 88, 111]); // d i u c x X o
const FLOAT_CONV = new Set([101, 69, 102, 70, 103, 71, 97, 65]); // e E f F g G a A
const FLAGS = new Set([45, 43, 32, 35, 48]); // - + space # 0

function describe(fmt: Uint8Array): Conversion[] {
  const out: Conversion[] = [];
  let arg = 1;
  for (let i = 0; i < fmt.length; i++) {
    if (fmt[i] !== 37) continue; // '%'
    const start = i++;
    if (fmt[i] === 37) continue; // "%%"
    while (i < fmt.length && FLAGS.has(fmt[i])) i++;
    while (i < fmt.length && fmt[i] >= 48 && fmt[i] <= 57) i++;
    if (fmt[i] === 46) { i++; while (i < fmt.length && fmt[i] >= 48 && fmt[i] <= 57) i++; }
    arg++;
    if (INT_CONV.has(fmt[i]) || FLOAT_CONV.has(fmt[i])) out.push({ arg, start, end: i + 1, float: FLOAT_CONV.has(fmt[i]) });
  }
  return out;
}

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

export function wrapStringFormat(raw: LuaNative): LuaNative {
  const cache = new WeakMap<Uint8Array, Conversion[]>();
  return (L: LuaState) => {
    if (lua.lua_type(L, 1) !== lua.LUA_TSTRING) return raw(L);
    const fmt: Uint8Array = lua.lua_tolstring(L, 1);
    let convs = cache.get(fmt);
    if (convs === undefined) {
      convs = describe(fmt);
      cache.set(fmt, convs);
    }
    let asText: Conversion[] | null = null;
    for (const c of convs) {
      const t = lua.lua_type(L, c.arg);
      if (t !== lua.LUA_TNUMBER && t !== lua.LUA_TSTRING) continue;
      if (lua.lua_isinteger(L, c.arg)) continue;
      const n: number | false = lua.lua_tonumberx(L, c.arg);
      if (n === false) continue; // let the original raise its error
      if (c.float) {
        if (!Number.isFinite(n)) (asText ??= []).push(c);
      } else if (Number.isFinite(n)) {
        const v = Math.trunc(n);
        if (v >= INT32_MIN && v <= INT32_MAX) {
          lua.lua_pushinteger(L, v);
          lua.lua_replace(L, c.arg);
        } else {
          (asText ??= []).push(c);
        }
      }
    }
    if (asText !== null) printAsText(L, fmt, asText);
    return raw(L);
  };
}

/**
 * Conversions fengari cannot print as LuaJIT does (integers past 32 bits, float infinities and
 * NaN): their text goes through %s, with the spec's flags and width.
 */
function printAsText(L: LuaState, fmt: Uint8Array, convs: Conversion[]): void {
  const parts: number[] = [];
  let pos = 0;
  for (const conv of convs) {
    for (; pos < conv.start; pos++) parts.push(fmt[pos]);
    const spec = Buffer.from(fmt.subarray(conv.start, conv.end)).toString('latin1');
    const m = /^%([-+ #0]*)(\d*)(?:\.\d*)?(.)$/.exec(spec);
    const flags = (m?.[1] ?? '').replace(/0/g, '');
    const width = m?.[2] ?? '';
    const n = lua.lua_tonumberx(L, conv.arg) as number;
    let value = conv.float ? (Number.isNaN(n) ? 'nan' : n < 0 ? '-inf' : 'inf') : BigInt(Math.trunc(n)).toString();
    if (!value.startsWith('-')) {
      if (flags.includes('+')) value = '+' + value;
      else if (conv.float && flags.includes(' ')) value = ' ' + value;
    }
    if (conv.float && m?.[3] === m?.[3]?.toUpperCase()) value = value.toUpperCase();
    for (const ch of `%${flags.replace(/[+ #]/g, '')}${width}s`) parts.push(ch.charCodeAt(0));
    pos = conv.end;
    lua.lua_pushstring(L, Buffer.from(value));
    lua.lua_replace(L, conv.arg);
  }
  for (; pos < fmt.length; pos++) parts.push(fmt[pos]);
  lua.lua_pushstring(L, new Uint8Array(parts));
  lua.lua_replace(L, 1);
}

/** Replaces string.format in state L with the LuaJIT-compatible wrapper. */
export function installStringFormat(L: LuaState): void {
  lua.lua_getglobal(L, Buffer.from('string'));
  lua.lua_getfield(L, -1, Buffer.from('format'));
  const raw = lua.lua_tocfunction(L, -1) as LuaNative;
  lua.lua_pop(L, 1);
  lua.lua_pushcfunction(L, wrapStringFormat(raw));
  lua.lua_setfield(L, -2, Buffer.from('format'));
  lua.lua_pop(L, 1);
  void lauxlib;
}
