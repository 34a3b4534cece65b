// LuaJIT's `bit` module: 32-bit operations on numbers.
import { lua, lauxlib, toLuaString, type LuaNative } from '../fengari.js';

function arg(L: any, i: number): number {
  // LuaJIT normalises any number to int32 (mod 2^32)
  const n = lauxlib.luaL_checknumber(L, i);
  return n | 0; // ToInt32: modulo 2^32, as LuaJIT's bit.tobit for integral values
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
    let x = arg(L, 1);
    let n = lua.lua_isnoneornil(L, 2) ? 8 : arg(L, 2);
    const upper = n < 0;
    if (upper) n = -n;
    let s = (x >>> 0).toString(16).padStart(8, '0').slice(8 - Math.min(n, 8));
    if (upper) s = s.toUpperCase();
    lua.lua_pushstring(L, toLuaString(s));
    return 1;
  },
};
