// Lua strings are byte arrays in fengari. These conversions sit on hot paths, so ASCII
// (by far the common case in SQL) takes a fast route.
import { lua, lauxlib, type LuaState } from './fengari.js';
import { decodeBytes, encodeText } from '../format/bytes.js';

/** The bytes of argument `i` (a string, or a number converted as Lua does); raises if neither. */
export function luaBytes(L: LuaState, i: number): Uint8Array {
  return lauxlib.luaL_checklstring(L, i);
}

export function bytesToString(b: Uint8Array): string {
  const n = b.length;
  if (n <= 1024) {
    let i = 0;
    while (i < n && b[i] < 128) i++;
    if (i === n) return String.fromCharCode.apply(null, b as unknown as number[]);
  }
  // not valid UTF-8: the other bytes survive as escapes (format/bytes.ts)
  return decodeBytes(b);
}

export function stringToBytes(s: string): Uint8Array {
  const n = s.length;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return new Uint8Array(encodeText(s));
    out[i] = c;
  }
  return out;
}

export function pushJsString(L: LuaState, s: string): void {
  lua.lua_pushstring(L, stringToBytes(s));
}
