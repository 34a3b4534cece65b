// LuaJIT's `bit` module: 32-bit operations on numbers.
import { lua, lauxlib, toLuaString, type LuaNative } from '../fengari.js';

const f64 = new Float64Array(1);
const lo32 = new Int32Array(f64.buffer); // [0]: the low word (little-endian)

/**
 * LuaJIT's bit.tobit: the low 32 bits of x + 2^52 + 2^51, so fractions round to nearest even
 * and values past 2^53 lose their low bits as that sum does.
 */
export function tobit(x: number): number {
  f64[0] = x + 6755399441055744;
  return lo32[0];
}

function arg(L: any, i: number): number {
  return tobit(lauxlib.luaL_checknumber(L, i));
}

function fold(op: (a: number, b: number) => number): LuaNative {
  return (L) => {
    const n = lua.lua_gettop(L);
    let acc = arg(L, 1);
    for (let i = 2; i <= n; i++) acc = op(acc, arg(L, i));
    lua.lua_pushinteger(L, acc | 0);
    return 1;
  };
}

export const bitNatives: Record<string, LuaNative> = {
  tobit: (L) => { lua.lua_pushinteger(L, arg(L, 1)); return 1; },
  bnot: (L) => { lua.lua_pushinteger(L, ~arg(L, 1)); return 1; },
  band: fold((a, b) => a & b),
  bor: fold((a, b) => a | b),
  bxor: fold((a, b) => a ^ b),
  lshift: (L) => { lua.lua_pushinteger(L, arg(L, 1) << (arg(L, 2) & 31)); return 1; },
  rshift: (L) => { lua.lua_pushinteger(L, (arg(L, 1) >>> (arg(L, 2) & 31)) | 0); return 1; },
  arshift: (L) => { lua.lua_pushinteger(L, arg(L, 1) >> (arg(L, 2) & 31)); return 1; },
  rol: (L) => { const x = arg(L, 1), n = arg(L, 2) & 31; lua.lua_pushinteger(L, (x << n) | (x >>> (32 - n))); return 1; },
  ror: (L) => { const x = arg(L, 1), n = arg(L, 2) & 31; lua.lua_pushinteger(L, (x >>> n) | (x << (32 - n))); return 1; },
  bswap: (L) => {
    const x = arg(L, 1);
    lua.lua_pushinteger(L, ((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24));
    return 1;
  },
  tohex: (L) => {
    const x = arg(L, 1);
    let n = lua.lua_isnoneornil(L, 2) ? 8 : arg(L, 2);
    const upper = n < 0;
    if (upper) n = -n;
    // LuaJIT 2.1: up to 16 digits of the value zero-extended to 64 bits
    let s = (x >>> 0).toString(16).padStart(16, '0').slice(16 - Math.min(n, 16));
    if (upper) s = s.toUpperCase();
    lua.lua_pushstring(L, toLuaString(s));
    return 1;
  },
};
