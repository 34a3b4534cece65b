// Single import point for fengari, so its configuration is always applied first.
import './fengari-env.js';
import fengari from 'fengari';
// internals, imported after the package so that its modules are initialised in its own order
import lfunc from 'fengari/src/lfunc.js';
import ldo from 'fengari/src/ldo.js';
import ltable from 'fengari/src/ltable.js';

export const lua = fengari.lua;
export const lauxlib = fengari.lauxlib;
export const lualib = fengari.lualib;
export const toLuaString = fengari.to_luastring;
export const toJsString = fengari.to_jsstring;
export type LuaState = any;
export type LuaNative = (L: LuaState) => number;

/** fengari's function, call and table internals (for closures over shared prototypes) */
export const internals = { lfunc, ldo, ltable };
