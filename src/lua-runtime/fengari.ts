// Single import point for fengari, so its configuration is always applied first.
import './fengari-env.js';
import fengari from 'fengari';
// internals, imported after the package so that its modules are initialised in its own order
import lfunc from 'fengari/src/lfunc.js';
import ldo from 'fengari/src/ldo.js';
import ltable from 'fengari/src/ltable.js';
import lobject from 'fengari/src/lobject.js';
import lstring from 'fengari/src/lstring.js';
import defs from 'fengari/src/defs.js';

export const lua = fengari.lua;
export const lauxlib = fengari.lauxlib;
export const lualib = fengari.lualib;
export const toLuaString = fengari.to_luastring;
export const toJsString = fengari.to_jsstring;
export type LuaState = any;
export type LuaNative = (L: LuaState) => number;

/** fengari's function, call, table, object and string internals (closures over shared prototypes, state templates) */
export const internals = { lfunc, ldo, ltable, lobject, lstring };

/**
 * Argument `i` (> 0) of the running native read straight from the stack, or undefined when it
 * was not passed: what lua_type / lua_to* look at, without their index checks on every call
 * (for the natives every query calls). Its `type` masked with 0x0f is the basic LUA_T* type.
 */
export function argValue(L: LuaState, i: number): { type: number; value: any } | undefined {
  const at = L.ci.funcOff + i;
  return at < L.top ? L.stack[at] : undefined;
}

/**
 * Sets each native of `natives` as a field of the table on top of the stack: luaL_setfuncs,
 * which fills a table without a metatable directly, not through the stack (packages/fengari).
 */
export function setNatives(L: LuaState, natives: Record<string, LuaNative>): void {
  lauxlib.luaL_setfuncs(L, natives, 0);
}

type TableEntry = { value: { value: unknown; setfrom(v: unknown): void } | undefined };

/**
 * Global `name` of a state, read as lua_getglobal reads it but without the lookups while the
 * globals table keeps the key: its table entry stays the key's own until the key is removed,
 * which clears the entry's value, and an assignment writes into the entry (the invariant the
 * VM's inline caches rely on, packages/fengari/src: ltable.js, lvm.js). The globals table is checked
 * the same way, through the registry's entry for it (a Map lookup per event cost ~0.3 us at
 * 64 threads, where each state's registry is elsewhere in memory). For a global read per event.
 */
export class GlobalSlot {
  /** the state's shared part, the globals table and the two entries, as of the last lookup */
  private g: unknown = null;
  private table: unknown = null;
  private globals: TableEntry | undefined;
  private entry: TableEntry | undefined;

  constructor(private readonly name: string) {}

  /** Pushes the global's value onto `L`'s stack. */
  push(L: LuaState): void {
    const e = this.entry;
    const globals = this.globals;
    if (e !== undefined && e.value !== undefined && globals !== undefined && globals.value !== undefined &&
        globals.value.value === this.table && L.l_G === this.g) {
      ldo.luaD_inctop(L);
      L.stack[L.top - 1].setfrom(e.value);
      return;
    }
    lua.lua_getglobal(L, this.name);
    // a raw hit from now on, or a miss (absent: lua_getglobal each time, metamethods included)
    this.g = L.l_G;
    const registry = L.l_G.l_registry.value as { strong: Map<unknown, TableEntry> };
    this.globals = registry.strong.get(lua.LUA_RIDX_GLOBALS);
    this.table = ltable.luaH_getint(registry, lua.LUA_RIDX_GLOBALS).value;
    this.entry = (this.table as { strong: Map<unknown, TableEntry> }).strong.get(lstring.luaS_hashlongstr(lstring.luaS_newjskey(L, this.name)));
  }
}

// Lua strings made by our natives (string.format, sysbench.rand.string) are carved out of
// shared slabs: V8 keeps typed arrays over 64 bytes off its heap, and allocating (then
// finalizing) one backing store per string costs more than the string's work. A slab stays
// alive while any string cut from it does, as Node's Buffer pool does.
const SLAB_SIZE = 16 * 1024;
const SLAB_MAX_PIECE = 1024;
let slab = new ArrayBuffer(SLAB_SIZE);
let slabUsed = 0;

/** A new byte array of length n for a Lua string (a view on a shared slab when small). */
export function newLuaBytes(n: number): Uint8Array {
  if (n > SLAB_MAX_PIECE) return new Uint8Array(n);
  if (slabUsed + n > SLAB_SIZE) {
    slab = new ArrayBuffer(SLAB_SIZE);
    slabUsed = 0;
  }
  const out = new Uint8Array(slab, slabUsed, n);
  slabUsed += n;
  return out;
}

/** Pushes `bytes` as a Lua string that takes ownership of the array (no copy, unlike
 *  lua_pushlstring): the caller must not touch the array afterwards. */
export function pushOwnedBytes(L: LuaState, bytes: Uint8Array): void {
  if (bytes.length === 0) {
    lua.lua_pushlstring(L, bytes, 0);
    return;
  }
  lobject.pushsvalue2s(L, lstring.luaS_bless(L, bytes));
}

/** Value types of fengari's TValues (variant tags: integer and float numbers apart). */
export const valueType = {
  nil: defs.constant_types.LUA_TNIL as number,
  boolean: defs.constant_types.LUA_TBOOLEAN as number,
  integer: defs.constant_types.LUA_TNUMINT as number,
  float: defs.constant_types.LUA_TNUMFLT as number,
  string: defs.constant_types.LUA_TLNGSTR as number,
};

/** A string key interned as lua_setfield interns it, for setFreshField(). */
export function internedKey(name: string): SharedLuaString {
  return lstring.luaS_newjskey(null, name);
}

/** Pushes a value of fengari type `type` (a valueType; a string is a SharedLuaString). */
export function pushTyped(L: LuaState, type: number, value: unknown): void {
  L.stack[L.top++] = new lobject.TValue(type, value);
}

/**
 * t[key] = value for the table on top of the stack, which the caller has just created (no
 * metatable, so this is what lua_setfield would do): straight into the table, without the
 * stack. `value` is not nil; a string is a SharedLuaString.
 */
export function setFreshField(L: LuaState, key: SharedLuaString, type: number, value: unknown): void {
  const t = L.stack[L.top - 1].value;
  ltable.luaH_setstrfield(t, key, type, value);
  ltable.invalidateTMcache(t);
}

/** An immutable Lua string several states can share (fengari strings compare by content). */
export type SharedLuaString = unknown;

/** Makes a string for pushShared(); `bytes` is owned by it from then on. */
export function sharedLuaString(bytes: Uint8Array): SharedLuaString {
  return lstring.luaS_bless(null, bytes);
}

/** Pushes a string made by sharedLuaString(): no copy, no new string object. */
export function pushShared(L: LuaState, s: SharedLuaString): void {
  lobject.pushsvalue2s(L, s);
}
