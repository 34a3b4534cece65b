// Natives behind sysbench.rand.* and the 1.0 compatibility globals (sb_rand, sb_rnd, ...).
//
// In sysbench 1.0.20 these are LuaJIT FFI calls into C functions taking
// `uint32_t` arguments, so the argument conversion reproduces LuaJIT's
// number -> uint32_t conversion: truncate toward zero, keep the low 32 bits
// (so -1 -> 4294967295, 2^32 + 5 -> 5); NaN, +-inf and |x| >= 2^63 give 0;
// booleans give 1/0; anything else raises "cannot convert". Results are
// uint32 values (pushed as Lua integers when they fit fengari's 32-bit
// integers, as floats otherwise).
//
// Known divergence: when the C function's result does not fit in uint32
// (e.g. uniform(10, 1), whose range wraps), LuaJIT-JIT-compiled callers see
// the untruncated 64-bit register value while interpreted callers see the
// uint32; we always return the uint32 (the C function's declared result).
import { argValue, lua, lauxlib, newLuaBytes, pushOwnedBytes, toJsString, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import type { SbRng } from '../../rand/sb-rand.js';
import { setStateContext, stateOf, type StateContext } from '../context.js';

const TWO63 = 9223372036854775808;
const TYPE_NAMES = ['nil', 'boolean', 'userdata', 'number', 'string', 'table', 'function', 'userdata', 'thread'];

function typeName(t: number): string {
  return TYPE_NAMES[t] ?? 'no value';
}

function raise(L: LuaState, msg: string): never {
  lua.lua_pushstring(L, toLuaString(msg));
  lua.lua_error(L);
  throw new Error(msg); // not reached: lua_error throws
}

const CIST_LUA = 1 << 1;
const OP_TAILCALL = 37;

/** Whether the Lua function that called this native did so with `return f(...)` (fengari's frames). */
function calledByTailCall(ar: { i_ci?: { previous?: { callstatus: number; l_savedpc: number; func: { value: { p: { code: { opcode: number }[] } } } } } }): boolean {
  const caller = ar.i_ci?.previous;
  if (!caller || !(caller.callstatus & CIST_LUA)) return false;
  return caller.func.value.p.code[caller.l_savedpc - 1]?.opcode === OP_TAILCALL;
}

/**
 * LuaJIT's "file:line: bad argument #1 to 'uniform' (...)": the caller's position and the name
 * it called the function by; a tail call (`return f(...)`) leaves neither ("to '?'").
 */
function argError(L: LuaState, i: number, extra: string): never {
  const ar = new lua.lua_Debug();
  let where = '';
  let name = '?';
  if (lua.lua_getstack(L, 0, ar)) {
    lua.lua_getinfo(L, toLuaString('n'), ar);
    if (!calledByTailCall(ar)) {
      if (ar.name) name = toJsString(ar.name);
      lauxlib.luaL_where(L, 1);
      where = toJsString(lua.lua_tostring(L, -1));
      lua.lua_pop(L, 1);
    }
  }
  return raise(L, `${where}bad argument #${i} to '${name}' (${extra})`);
}

/** LuaJIT FFI conversion of argument `i` to uint32_t. */
function argU32(L: LuaState, i: number): number {
  // a number, the common case, read straight from the stack
  const o = argValue(L, i);
  if (o !== undefined && (o.type & 0x0f) === lua.LUA_TNUMBER) {
    const n: number = o.value;
    return n > -TWO63 && n < TWO63 ? n >>> 0 : 0;
  }
  const t = lua.lua_type(L, i);
  if (t === lua.LUA_TNUMBER) {
    const n: number = lua.lua_tonumber(L, i);
    // x86-64 cvttsd2si semantics: out of int64 range (and NaN) -> 0 low bits
    return n > -TWO63 && n < TWO63 ? n >>> 0 : 0;
  }
  if (t === lua.LUA_TBOOLEAN) return lua.lua_toboolean(L, i) ? 1 : 0;
  return argError(L, i, `cannot convert '${t === lua.LUA_TNONE ? 'nil' : typeName(t)}' to 'unsigned int'`);
}

function pushU32(L: LuaState, v: number): void {
  if (v <= 0x7fffffff) lua.lua_pushinteger(L, v);
  else lua.lua_pushnumber(L, v);
}

/** The calling thread's generator. */
const rngOf = (L: LuaState): SbRng => stateOf(L).rng;

const randString: LuaNative = (L) => {
  const t = lua.lua_type(L, 1);
  if (t !== lua.LUA_TSTRING) {
    // sysbench.rand.string() starts with `#fmt` in Lua
    raise(L, `[string "sysbench.rand.lua"]:66: attempt to get length of local 'fmt' (a ${t === lua.LUA_TNONE ? 'nil' : typeName(t)} value)`);
  }
  const fmt: Uint8Array = lua.lua_tostring(L, 1);
  const n = fmt.length;
  const out = newLuaBytes(n);
  rngOf(L).stringInto(fmt, n, out);
  pushOwnedBytes(L, out); // the new string owns the array: no copy
  return 1;
};

/**
 * Natives of the `sysbench.rand` table: uniform, default, gaussian, special, pareto, zipfian,
 * unique, string, uniform_uint64, uniform_double, each drawing from the calling thread's
 * generator.
 *
 * uniform_uint64 cannot return LuaJIT's uint64_t cdata: it returns the value
 * as a Lua number, exact below 2^53 and otherwise rounded to the nearest
 * double (the low bits are lost). sb_rnd() (compat) keeps the exact low 32 bits.
 */
// one function per distribution (no shared dispatch: keeps each call site monomorphic)
export const randNatives: Readonly<Record<string, LuaNative>> = {
  uniform: (L) => {
    const a = argU32(L, 1);
    pushU32(L, rngOf(L).uniform(a, argU32(L, 2)));
    return 1;
  },
  default: (L) => {
    const a = argU32(L, 1);
    pushU32(L, rngOf(L).default(a, argU32(L, 2)));
    return 1;
  },
  gaussian: (L) => {
    const a = argU32(L, 1);
    pushU32(L, rngOf(L).gaussian(a, argU32(L, 2)));
    return 1;
  },
  special: (L) => {
    const a = argU32(L, 1);
    pushU32(L, rngOf(L).special(a, argU32(L, 2)));
    return 1;
  },
  pareto: (L) => {
    const a = argU32(L, 1);
    pushU32(L, rngOf(L).pareto(a, argU32(L, 2)));
    return 1;
  },
  zipfian: (L) => {
    const a = argU32(L, 1);
    pushU32(L, rngOf(L).zipfian(a, argU32(L, 2)));
    return 1;
  },
  unique: (L) => {
    pushU32(L, rngOf(L).unique());
    return 1;
  },
  string: randString,
  uniform_uint64: (L) => {
    const v = rngOf(L).uniformUint64();
    if (v <= 0x7fffffff) lua.lua_pushinteger(L, v);
    else lua.lua_pushnumber(L, v);
    return 1;
  },
  uniform_double: (L) => {
    lua.lua_pushnumber(L, rngOf(L).uniformDouble());
    return 1;
  },
};

/** Lua value at `i` for sb_rand_uniq's bounds: nil -> default, number as is, else a compare error. */
function uniqBound(L: LuaState, i: number, dflt: number): number {
  const t = lua.lua_type(L, i);
  if (t === lua.LUA_TNIL || t === lua.LUA_TNONE) return dflt;
  if (t === lua.LUA_TNUMBER) return lua.lua_tonumber(L, i);
  return raise(L, `attempt to compare number with ${typeName(t)}`);
}

/**
 * The rand-related globals of sysbench 1.0.20's sysbench.compat.lua:
 * sb_rand (= default), sb_rand_str (= string), sb_rand_uniform,
 * sb_rand_gaussian, sb_rand_special, sb_rnd, sb_rand_uniq.
 */
export const randCompatNatives: Readonly<Record<string, LuaNative>> = {
  sb_rand: randNatives.default!,
  sb_rand_str: randNatives.string!,
  sb_rand_uniform: randNatives.uniform!,
  sb_rand_gaussian: randNatives.gaussian!,
  sb_rand_special: randNatives.special!,
  // low 32 bits of uniform_uint64(), as a number
  sb_rnd: (L) => {
    pushU32(L, rngOf(L).uniformUint64Low32());
    return 1;
  },
  // draw unique() values until one falls in [a, b] (defaults 0, 2^32 - 1);
  // like sysbench, an empty range loops forever
  sb_rand_uniq: (L) => {
    const a = uniqBound(L, 1, 0);
    const b = uniqBound(L, 2, 4294967295);
    const rng = rngOf(L);
    let res: number;
    do {
      res = rng.unique();
    } while (!(res >= a && res <= b));
    pushU32(L, res);
    return 1;
  },
};

/**
 * Makes `rng` the generator of the natives above in a bare state `L` (one without the
 * sysbench API, as the rand tests and benchmark build): the only part of a state's context
 * they read.
 */
export function useGenerator(L: LuaState, rng: SbRng): void {
  setStateContext(L, { rng } as StateContext);
}

/** The thread's generator as other parts of the Lua API draw from it (plain functions). */
export interface ThreadRandom {
  /** sysbench.rand.string() of a template: '#' → digit, '@' → letter, other bytes copied */
  string(template: Uint8Array): Uint8Array;
  /** the low 32 bits of the next uniform_uint64(): what sysbench's drivers draw (pgsql statement names) */
  low32(): number;
  /** draws the random value sysbench's histogram update consumes */
  histogramSlot(): void;
  /** the next uniform_uint64() with all 64 bits (ffi's sb_rand_uniform_uint64) */
  uniform64(): bigint;
}

/** One thread's generator, and how other parts of the API draw from it. */
export interface RandApi {
  rng: SbRng;
  thread: ThreadRandom;
}

export function makeRandApi(rng: SbRng): RandApi {
  return {
    rng,
    thread: {
      string: (template) => rng.string(template),
      low32: () => rng.uniformUint64Low32(),
      histogramSlot: () => { rng.histogramSlot(); },
      uniform64: () => {
        rng.uniformUint64();
        return (BigInt(rng.u64hi) << 32n) | BigInt(rng.u64lo);
      },
    },
  };
}
