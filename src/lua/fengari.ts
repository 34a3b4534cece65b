// Single import point for fengari, so its configuration is always applied first.
import './fengari-env.js';
import fengari from 'fengari';
// internals, imported after the package so that its modules are initialised in its own order
import lfunc from 'fengari/src/lfunc.js';
import ldo from 'fengari/src/ldo.js';
import ltable from 'fengari/src/ltable.js';
import lobject from 'fengari/src/lobject.js';
import lstring from 'fengari/src/lstring.js';

export const lua = fengari.lua;
export const lauxlib = fengari.lauxlib;
export const lualib = fengari.lualib;
export const toLuaString = fengari.to_luastring;
export const toJsString = fengari.to_jsstring;
export type LuaState = any;
export type LuaNative = (L: LuaState) => number;

/** fengari's function, call and table internals (for closures over shared prototypes) */
export const internals = { lfunc, ldo, ltable };

/** Pushes `bytes` as a Lua string that takes ownership of the array (no copy, unlike
 *  lua_pushlstring): the caller must not touch the array afterwards. */
export function pushOwnedBytes(L: LuaState, bytes: Uint8Array): void {
  if (bytes.length === 0) {
    lua.lua_pushlstring(L, bytes, 0);
    return;
  }
  lobject.pushsvalue2s(L, lstring.luaS_bless(L, bytes));
}
