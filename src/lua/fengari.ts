// Single import point for fengari, so its configuration is always applied first.
import './fengari-env.js';
import fengari from 'fengari';

export const lua = fengari.lua;
export const lauxlib = fengari.lauxlib;
export const lualib = fengari.lualib;
export const toLuaString = fengari.to_luastring;
export const toJsString = fengari.to_jsstring;
export type LuaState = any;
export type LuaNative = (L: LuaState) => number;
