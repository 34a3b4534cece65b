// LuaJIT's math library: every number is a double, so there is no math.type, tointeger, ult,
// maxinteger or mininteger, and nothing raises "number has no integer representation".
// Functions keep LuaJIT's results where they differ from Lua 5.3 (floor(-0) is -0, fmod(x, 0)
// is nan, max/min as SSE's maxsd/minsd, atan with one argument, log with an optional base),
// and math.random is LuaJIT's generator, so a script draws the same numbers as under sysbench.
import { lua, lauxlib, setNatives, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import { stateOf } from '../context.js';

/** Pushes `n` as fengari's 32-bit integer when it is one (not -0), else as a float. */
export function pushNumber(L: LuaState, n: number): void {
  if ((n | 0) === n && (n !== 0 || 1 / n > 0)) lua.lua_pushinteger(L, n);
  else lua.lua_pushnumber(L, n);
}

const num = (L: LuaState, i: number): number => lauxlib.luaL_checknumber(L, i);

function unary(f: (x: number) => number): LuaNative {
  return (L) => {
    pushNumber(L, f(num(L, 1)));
    return 1;
  };
}

// float64 <-> raw bits (little-endian halves)
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

/** Scales by 2^e in steps, so neither the factor nor an intermediate overflows early. */
function ldexp(m: number, e: number): number {
  if (!Number.isFinite(m) || m === 0) return m;
  while (e > 1000) { m *= 2 ** 1000; e -= 1000; if (!Number.isFinite(m)) return m; }
  while (e < -1000) { m *= 2 ** -1000; e += 1000; if (m === 0) return m; }
  if (e < -1022) return (m * 2 ** (e + 1022)) * 2 ** -1022; // one rounding, at the end
  return m * 2 ** e;
}

/** C's frexp: m in [0.5, 1) (or 0, inf, nan) and e with x = m * 2^e. */
function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  f64[0] = x;
  let exp = (u32[1] >>> 20) & 0x7ff;
  let bias = 0;
  if (exp === 0) { // subnormal: normalise first
    f64[0] = x * 2 ** 64;
    exp = (u32[1] >>> 20) & 0x7ff;
    bias = 64;
  }
  u32[1] = (u32[1] & 0x800fffff) | (1022 << 20);
  return [f64[0], exp - 1022 - bias];
}

/**
 * LuaJIT's math.random generator (a combined Tausworthe generator over four 64-bit words,
 * "TW223"), kept as 32-bit halves. Each step yields 52 random bits, used as a double in [0, 1).
 */
class LuaJitRandom {
  private readonly hi = new Uint32Array(4);
  private readonly lo = new Uint32Array(4);

  constructor() { this.seed(0); }

  seed(d: number): void {
    // each word: the bits of d*pi + e (chained), with its top k bits forced non-zero
    const minBit = [1, 6, 9, 17]; // 64 - k for k = 63, 58, 55, 47
    for (let i = 0; i < 4; i++) {
      d = d * 3.14159265358979323846 + 2.7182818284590452354;
      f64[0] = d;
      let hi = u32[1], lo = u32[0];
      const b = minBit[i]; // 2^b with b < 32: below it means hi === 0 && lo < 2^b
      if (hi === 0 && lo < 2 ** b) {
        const sum = lo + 2 ** b;
        lo = sum >>> 0;
        hi = sum > 0xffffffff ? 1 : 0;
      }
      this.hi[i] = hi;
      this.lo[i] = lo;
    }
    for (let i = 0; i < 10; i++) this.step();
  }

  /** One generator step; returns the 52 result bits as a double in [0, 1). */
  step(): number {
    let rhi = 0, rlo = 0;
    // word i: z = (((z << q) ^ z) >> (k - s)) ^ ((z & (~0 << (64 - k))) << s)
    const K = [63, 58, 55, 47], Q = [31, 19, 24, 21], S = [18, 28, 7, 8];
    for (let i = 0; i < 4; i++) {
      const zh = this.hi[i], zl = this.lo[i];
      const k = K[i], q = Q[i], s = S[i];
      // a = (z << q) ^ z
      let [ah, al] = shl(zh, zl, q);
      ah ^= zh; al ^= zl;
      // a >>= k - s
      [ah, al] = shr(ah, al, k - s);
      // b = (z & mask of top k bits) << s
      let [mh, ml] = shl(0xffffffff, 0xffffffff, 64 - k);
      mh &= zh; ml &= zl;
      [mh, ml] = shl(mh, ml, s);
      const nh = (ah ^ mh) >>> 0, nl = (al ^ ml) >>> 0;
      this.hi[i] = nh;
      this.lo[i] = nl;
      rhi ^= nh; rlo ^= nl;
    }
    return ((rhi & 0xfffff) * 4294967296 + (rlo >>> 0)) / 4503599627370496;
  }
}

function shl(h: number, l: number, n: number): [number, number] {
  if (n === 0) return [h >>> 0, l >>> 0];
  if (n >= 32) return [(l << (n - 32)) >>> 0, 0];
  return [((h << n) | (l >>> (32 - n))) >>> 0, (l << n) >>> 0];
}

function shr(h: number, l: number, n: number): [number, number] {
  if (n === 0) return [h >>> 0, l >>> 0];
  if (n >= 32) return [0, h >>> (n - 32)];
  return [h >>> n, ((l >>> n) | (h << (32 - n))) >>> 0];
}

/** the state-free functions: one set per worker, shared by every state's math table */
let shared: Record<string, LuaNative> | null = null;

function sharedMathNatives(): Record<string, LuaNative> {
  return (shared ??= {
    abs: unary(Math.abs),
    ceil: unary(Math.ceil),
    floor: unary(Math.floor),
    sqrt: unary(Math.sqrt),
    exp: unary(Math.exp),
    log10: unary(Math.log10),
    sin: unary(Math.sin), cos: unary(Math.cos), tan: unary(Math.tan),
    asin: unary(Math.asin), acos: unary(Math.acos), atan: unary(Math.atan),
    sinh: unary(Math.sinh), cosh: unary(Math.cosh), tanh: unary(Math.tanh),
    deg: unary((x) => x * (180 / Math.PI)),
    rad: unary((x) => x * (Math.PI / 180)),
    log: (L) => {
      const x = num(L, 1);
      if (lua.lua_gettop(L) < 2) pushNumber(L, Math.log(x));
      else pushNumber(L, Math.log2(x) * (1 / Math.log2(num(L, 2))));
      return 1;
    },
    atan2: (L) => { pushNumber(L, Math.atan2(num(L, 1), num(L, 2))); return 1; },
    pow: (L) => { pushNumber(L, Math.pow(num(L, 1), num(L, 2))); return 1; },
    fmod: (L) => { pushNumber(L, num(L, 1) % num(L, 2)); return 1; },
    modf: (L) => {
      // C's modf: both parts keep x's sign (modf(-3) is -3, -0); infinities have a zero fraction
      const x = num(L, 1);
      const whole = Math.trunc(x);
      let frac = Number.isFinite(x) ? x - whole : (x !== x ? x : 0);
      if (frac === 0) frac = x < 0 || 1 / x < 0 ? -0 : 0;
      pushNumber(L, whole);
      pushNumber(L, frac);
      return 2;
    },
    // maxsd/minsd: the later argument wins ties and nan comparisons
    max: (L) => {
      let r = num(L, 1);
      const n = lua.lua_gettop(L);
      for (let i = 2; i <= n; i++) { const v = num(L, i); r = r > v ? r : v; }
      pushNumber(L, r);
      return 1;
    },
    min: (L) => {
      let r = num(L, 1);
      const n = lua.lua_gettop(L);
      for (let i = 2; i <= n; i++) { const v = num(L, i); r = r < v ? r : v; }
      pushNumber(L, r);
      return 1;
    },
    frexp: (L) => {
      const [m, e] = frexp(num(L, 1));
      pushNumber(L, m);
      lua.lua_pushinteger(L, e);
      return 2;
    },
    ldexp: (L) => { pushNumber(L, ldexp(num(L, 1), lauxlib.luaL_checkinteger(L, 2))); return 1; },
  });
}

/** math.random's generator of the calling state: each state has its own, as each LuaJIT state does */
function mathRandomOf(L: LuaState): LuaJitRandom {
  const ctx = stateOf(L);
  return (ctx.mathRandom ??= new LuaJitRandom()) as LuaJitRandom;
}

const randomNatives: Readonly<Record<string, LuaNative>> = {
  random: (L) => {
    const n = lua.lua_gettop(L);
    if (n > 2) return lauxlib.luaL_error(L, toLuaString('wrong number of arguments'));
    let d = mathRandomOf(L).step();
    if (n === 1) d = Math.floor(d * num(L, 1)) + 1;
    else if (n === 2) { const lo = num(L, 1); d = Math.floor(d * (num(L, 2) - lo + 1)) + lo; }
    pushNumber(L, d);
    return 1;
  },
  randomseed: (L) => { mathRandomOf(L).seed(num(L, 1)); return 0; },
};

/** Replaces the state's math table with LuaJIT's. */
export function installLuaJitMath(L: LuaState): void {
  lua.lua_createtable(L, 0, 32);
  setNatives(L, sharedMathNatives());
  setNatives(L, randomNatives);
  lua.lua_pushnumber(L, Math.PI);
  lua.lua_setfield(L, -2, 'pi');
  lua.lua_pushnumber(L, Infinity);
  lua.lua_setfield(L, -2, 'huge');
  lua.lua_pushvalue(L, -1);
  lua.lua_setglobal(L, 'math');
  // require('math') gives the same table
  lua.lua_getglobal(L, 'package');
  lua.lua_getfield(L, -1, 'loaded');
  lua.lua_pushvalue(L, -3);
  lua.lua_setfield(L, -2, 'math');
  lua.lua_pop(L, 3);
}
