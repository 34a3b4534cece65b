/**
 * sysbench's random number generators (sb_rand.c of sysbench 1.0.20, plus the
 * Zipfian distribution of sysbench 1.1/master), reproduced bit for bit on top
 * of the 32-bit-halves xoroshiro128+ in ./xoroshiro.ts.
 *
 * Conventions:
 *  - every generator takes its bounds as uint32 values (JS numbers in
 *    [0, 2^32)); the C code's unsigned 32-bit arithmetic (e.g. `b - a + 1`
 *    wrapping to 0 for the full range) is emulated with `>>> 0`;
 *  - double arithmetic is done with the same operations in the same order as
 *    the C code, so results are identical (IEEE-754 binary64 both sides);
 *  - a C conversion double -> uint32_t compiles (x86-64) to a 64-bit
 *    truncating conversion keeping the low 32 bits, i.e. JS `x >>> 0`
 *    (ToUint32) for every |x| < 2^63, including negatives;
 *  - pareto / zipfian call pow/log/exp/log1p/expm1 per value. V8's Math
 *    functions differ from glibc's libm by one ulp for a few percent of
 *    inputs; that changes a generated integer only when the scaled value
 *    lies within an ulp of an integer boundary (0 mismatches in 10^7 draws
 *    compared with a glibc build). The Pareto exponent, computed once, uses a
 *    correctly rounded log (exact-log.ts) to match glibc.
 */

import { Xoroshiro128Plus } from './xoroshiro.js';
import { exactLog } from './exact-log.js';

export type RandType = 'uniform' | 'gaussian' | 'special' | 'pareto' | 'zipfian';

export interface RandConfig {
  /** --rand-type */
  type: RandType;
  /** --rand-spec-iter (unsigned int in C) */
  specIter: number;
  /** --rand-spec-pct (unsigned int in C) */
  specPct: number;
  /** --rand-spec-res (unsigned int in C) */
  specRes: number;
  /** --rand-pareto-h */
  paretoH: number;
  /** --rand-zipfian-exp (sysbench 1.1 option; must be >= 0) */
  zipfianExp: number;
}

/** sysbench 1.0.20 defaults (zipfianExp: 1.1's default). */
export const DEFAULT_RAND_CONFIG: Readonly<RandConfig> = Object.freeze({
  type: 'special',
  specIter: 12,
  specPct: 1,
  specRes: 75,
  paretoH: 0.2,
  zipfianExp: 0.8,
});

export const RAND_TYPES: readonly RandType[] = ['uniform', 'gaussian', 'special', 'pareto', 'zipfian'];

const TWO_M32 = 1 / 4294967296; // 2^-32
const TWO_M52 = TWO_M32 / 1048576; // 2^-52

const T_UNIFORM = 0;
const T_GAUSSIAN = 1;
const T_SPECIAL = 2;
const T_PARETO = 3;
const T_ZIPFIAN = 4;

function typeCode(t: RandType): number {
  switch (t) {
    case 'uniform': return T_UNIFORM;
    case 'gaussian': return T_GAUSSIAN;
    case 'special': return T_SPECIAL;
    case 'pareto': return T_PARETO;
    case 'zipfian': return T_ZIPFIAN;
    default: throw new Error(`Invalid random numbers distribution: ${String(t)}.`);
  }
}

// ---------------------------------------------------------------------------
// Zipfian helpers (rejection-inversion sampling, Hörmann & Derflinger 1996,
// in the formulation of Apache Commons RNG used by sysbench master).
// ---------------------------------------------------------------------------

/** log(1 + x) / x, with a short Taylor polynomial near 0. */
function logRatio(x: number): number {
  if (Math.abs(x) > 1e-8) return Math.log1p(x) / x;
  return 1 - x * (0.5 - x * (0.33333333333333333 - 0.25 * x));
}

/** (exp(x) - 1) / x, with a short Taylor polynomial near 0. */
function expRatio(x: number): number {
  if (Math.abs(x) > 1e-8) return Math.expm1(x) / x;
  return 1 + x * 0.5 * (1 + x * 0.33333333333333333 * (1 + 0.25 * x));
}

/** H(x) = (x^(1-e) - 1) / (1-e)  (log x when e == 1). */
function zipfH(x: number, e: number): number {
  const lx = Math.log(x);
  return expRatio((1 - e) * lx) * lx;
}

/** h(x) = x^-e, the derivative of H. */
function zipfHat(x: number, e: number): number {
  return Math.exp(-e * Math.log(x));
}

/** Inverse of H. */
function zipfHInv(x: number, e: number): number {
  let t = x * (1 - e);
  if (t < -1) t = -1;
  return Math.exp(logRatio(t) * x);
}

// ---------------------------------------------------------------------------
// Unique sequence generator (a permutation of the uint32 space built from
// quadratic residues modulo the prime 2^32 - 5).
// ---------------------------------------------------------------------------

const UNIQ_PRIME = 4294967291;
const UNIQ_HALF = 2147483645; // floor(prime / 2)

/** a mod p for an integer 0 <= a < 2^50 (exact; cheaper than the `%` on doubles). */
function modP(a: number): number {
  // the quotient estimate can be off by one; every product/difference is exact
  let r = a - Math.floor(a / UNIQ_PRIME) * UNIQ_PRIME;
  if (r < 0) r += UNIQ_PRIME;
  else if (r >= UNIQ_PRIME) r -= UNIQ_PRIME;
  return r;
}

/** x*x mod (2^32 - 5) for a uint32 x, exactly, with doubles (< 2^49). */
function sqMod(x: number): number {
  const hi16 = x >>> 16;
  const lo16 = x & 0xffff;
  return modP(modP(x * hi16) * 65536 + x * lo16);
}

/** The permutation step; x is a uint32 number. */
export function uniquePermute(x: number): number {
  if (x >= UNIQ_PRIME) return x;
  const r = sqMod(x);
  return x <= UNIQ_HALF ? r : UNIQ_PRIME - r;
}

/**
 * Derive the unique generator's (start index, offset) from the two random()
 * values sysbench feeds it (first argument = `indexSeed`, second = `offsetSeed`,
 * in the order of the C function's parameters).
 */
export function uniqueSeedState(indexSeed: number, offsetSeed: number): { index: number; offset: number } {
  return {
    index: uniquePermute((uniquePermute(indexSeed >>> 0) + 0x682f0161) >>> 0),
    offset: uniquePermute((uniquePermute(offsetSeed >>> 0) + 0x46790905) >>> 0),
  };
}

/**
 * Shared state of the unique generator. `cell[slot]` holds the (uint32 bit
 * pattern of the) next index; it must live on a SharedArrayBuffer when several
 * worker_threads draw from it, since every draw is an Atomics.add.
 * `offset` is constant after seeding and can be copied to every worker.
 */
export interface UniqueState {
  cell: Int32Array;
  slot: number;
  offset: number;
}

/** Allocate a SharedArrayBuffer-backed unique state from the seed pair. */
export function createUniqueState(indexSeed: number, offsetSeed: number): UniqueState {
  const s = uniqueSeedState(indexSeed, offsetSeed);
  const cell = new Int32Array(new SharedArrayBuffer(4));
  cell[0] = s.index | 0;
  return { cell, slot: 0, offset: s.offset };
}

// ---------------------------------------------------------------------------

// log(h) / log(1 - h), computed once per value of h: every thread's generator needs it, and the
// exact logarithm takes BigInt arithmetic (0.1 ms a thread at start-up, 100 threads: 10 ms)
let paretoFor: { h: number; power: number } | null = null;
function paretoPower(h: number): number {
  if (paretoFor === null || !Object.is(paretoFor.h, h)) {
    // glibc's log() is (nearly always) correctly rounded, V8's is not
    paretoFor = { h, power: exactLog(h) / exactLog(1.0 - h) };
  }
  return paretoFor.power;
}

/** Per-thread random generator (the C code's thread-local state). */
export class SbRng {
  readonly x: Xoroshiro128Plus;
  private readonly uq: UniqueState;

  private readonly tcode: number;
  private readonly iter: number;
  private readonly iterMult: number;
  private readonly pctMult: number;
  private readonly pct2Mult: number;
  private readonly resMult: number;
  private readonly paretoPower: number;
  private readonly zExp: number;
  private readonly zS: number;
  private readonly zHX1: number;
  private zLastN = -1;
  private zLastHN = 0;

  /** Bits of the last uniformUint64() value (uint32 numbers). */
  u64hi = 0;
  u64lo = 0;

  /**
   * @param state  xoroshiro seed words [s0 hi, s0 lo, s1 hi, s1 lo] (as
   *               produced by planSeeds) or an existing generator to share.
   * @param config distribution options (see DEFAULT_RAND_CONFIG)
   * @param unique shared unique-sequence state (see createUniqueState)
   */
  constructor(
    state: readonly number[] | Xoroshiro128Plus,
    config: Readonly<RandConfig> = DEFAULT_RAND_CONFIG,
    unique?: UniqueState,
  ) {
    this.x = state instanceof Xoroshiro128Plus
      ? state
      : new Xoroshiro128Plus(state[0] ?? 0, state[1] ?? 0, state[2] ?? 0, state[3] ?? 0);
    this.uq = unique ?? createUniqueState(0, 0);

    this.tcode = typeCode(config.type);
    // unsigned int options: negative values wrap like in C
    this.iter = config.specIter >>> 0;
    this.iterMult = 1.0 / this.iter;
    const pct = config.specPct >>> 0;
    this.pctMult = pct / 100.0;
    this.pct2Mult = pct / 200.0;
    const res = config.specRes >>> 0;
    this.resMult = 100.0 / (100.0 - res);
    this.paretoPower = paretoPower(config.paretoH);
    const e = config.zipfianExp;
    if (!(e >= 0)) throw new Error('--rand-zipfian-exp must be >= 0');
    this.zExp = e;
    this.zS = 2 - zipfHInv(zipfH(2.5, e) - zipfHat(2, e), e);
    this.zHX1 = zipfH(1.5, e) - 1;
  }

  /** Uniform double in [0, 1) (top 52 bits of the next 64-bit output). */
  uniformDouble(): number {
    return this.x.nextDouble();
  }

  /**
   * Next raw 64-bit output. The exact bits are left in `u64hi` / `u64lo`
   * (uint32 each); the return value is hi * 2^32 + lo rounded to the nearest
   * double, i.e. EXACT only below 2^53 (about 1/2048 of all outputs), and
   * otherwise off by up to 1024. Use u64hi/u64lo when exactness matters.
   */
  uniformUint64(): number {
    const x = this.x;
    x.next();
    this.u64hi = x.hi;
    this.u64lo = x.lo;
    return x.hi * 4294967296 + x.lo;
  }

  /** Low 32 bits of the next 64-bit output (exact; legacy sb_rnd()). */
  uniformUint64Low32(): number {
    const x = this.x;
    x.next();
    this.u64hi = x.hi;
    this.u64lo = x.lo;
    return x.lo;
  }

  /**
   * Advance one step and return the slot sysbench's sb_histogram_update()
   * picks (output mod 128). NOTE: sysbench calls it, on the calling thread's
   * generator, once per event when --percentile > 0 (the default, 95) in
   * sb_event_stop(), and on every sysbench.histogram h:update(); the event
   * loop must call this after each event to stay in step with sysbench.
   */
  histogramSlot(): number {
    const x = this.x;
    x.next();
    return x.lo & 127;
  }

  /** uniform in [a, b] */
  uniform(a: number, b: number): number {
    return (a + this.x.nextDouble() * ((b - a + 1) >>> 0)) >>> 0;
  }

  /** gaussian-ish: mean of --rand-spec-iter uniforms */
  gaussian(a: number, b: number): number {
    const t = (b - a + 1) >>> 0;
    const n = this.iter;
    const x = this.x;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += x.nextDouble() * t;
    return (a + ((sum * this.iterMult) >>> 0)) >>> 0;
  }

  /** sysbench's 'special' distribution */
  special(a: number, b: number): number {
    const t = (b - a) >>> 0;
    const x = this.x;
    const rangeSize = t * this.resMult;
    const rnd = x.nextDouble();
    let res = rnd * rangeSize;
    if (res < t) {
      let sum = 0.0;
      const n = this.iter;
      for (let i = 0; i < n; i++) sum += x.nextDouble();
      return (a + sum * t * this.iterMult) >>> 0;
    }
    const d = t * this.pctMult;
    res = rnd * (d + 1);
    res += t / 2 - t * this.pct2Mult;
    return (a + (res >>> 0)) >>> 0;
  }

  /** Pareto distribution with --rand-pareto-h */
  pareto(a: number, b: number): number {
    const t = (b - a + 1) >>> 0;
    return (a + ((t * Math.pow(this.x.nextDouble(), this.paretoPower)) >>> 0)) >>> 0;
  }

  /** Zipfian distribution (sysbench 1.1) with --rand-zipfian-exp */
  zipfian(a: number, b: number): number {
    const n = (b - a + 1) >>> 0;
    return (a + this.zipfianInt(n) - 1) >>> 0;
  }

  /** A value in [1, n] (n is uint32; n = 0 behaves as in C, see comment). */
  private zipfianInt(n: number): number {
    const e = this.zExp;
    const s = this.zS;
    const hX1 = this.zHX1;
    let hN: number;
    if (n === this.zLastN) {
      hN = this.zLastHN;
    } else {
      hN = zipfH(n + 0.5, e);
      this.zLastN = n;
      this.zLastHN = hN;
    }
    const gen = this.x;
    for (;;) {
      const u = hN + gen.nextDouble() * (hX1 - hN);
      const x = zipfHInv(u, e);
      let k = (x + 0.5) >>> 0;
      if (k < 1) k = 1;
      else if (k > n) k = n; // as in C: with n == 0, k becomes 0
      if (k - x <= s || u >= zipfH(k + 0.5, e) - zipfHat(k, e)) return k;
    }
  }

  /** Distribution selected by --rand-type */
  default(a: number, b: number): number {
    switch (this.tcode) {
      case T_UNIFORM: return this.uniform(a, b);
      case T_GAUSSIAN: return this.gaussian(a, b);
      case T_SPECIAL: return this.special(a, b);
      case T_PARETO: return this.pareto(a, b);
      default: return this.zipfian(a, b);
    }
  }

  /**
   * Next value of the process-wide unique sequence (an atomic fetch-and-add
   * on the shared index, then two permutation rounds).
   */
  unique(): number {
    const uq = this.uq;
    const index = Atomics.add(uq.cell, uq.slot, 1) >>> 0;
    return uniquePermute((((uniquePermute(index) + uq.offset) >>> 0) ^ 0x5bf03635) >>> 0);
  }

  /**
   * Fill `out[0 .. len)` from the template `fmt[0 .. len)`: '#' -> random
   * digit, '@' -> random lowercase letter, other bytes copied. Like the C
   * code, processing stops at the first NUL byte of the template; the rest
   * of `out[0 .. len)` is zero-filled (sysbench's buffer is zero-initialized).
   */
  stringInto(fmt: Uint8Array, len: number, out: Uint8Array): void {
    // xoroshiro128+ inlined on local copies of the state (hot path: ~100+
    // draws per call for oltp's c/pad columns); same steps as Xoroshiro128Plus.
    const g = this.x;
    let s0h = g.s0h, s0l = g.s0l, s1h = g.s1h, s1l = g.s1l;
    let i = 0;
    for (; i < len; i++) {
      const c = fmt[i]!;
      if (c === 0) break;
      if (c !== 35 /* '#' */ && c !== 64 /* '@' */) {
        out[i] = c;
        continue;
      }
      const lo = (s0l + s1l) | 0;
      const hi = (s0h + s1h + (((s0l & s1l) | ((s0l | s1l) & ~lo)) >>> 31)) | 0;
      const bh = s1h ^ s0h;
      const bl = s1l ^ s0l;
      const nh = ((s0l << 23) | (s0h >>> 9)) ^ bh ^ ((bh << 14) | (bl >>> 18));
      s0l = ((s0h << 23) | (s0l >>> 9)) ^ bl ^ (bl << 14);
      s0h = nh;
      s1h = (bl << 4) | (bh >>> 28);
      s1l = (bh << 4) | (bl >>> 28);
      const d = (hi >>> 0) * TWO_M32 + (lo >>> 12) * TWO_M52;
      // sb_rand_uniform('0', '9') / sb_rand_uniform('a', 'z')
      out[i] = c === 35 ? (48 + d * 10) >>> 0 : (97 + d * 26) >>> 0;
    }
    g.s0h = s0h; g.s0l = s0l; g.s1h = s1h; g.s1l = s1l;
    for (; i < len; i++) out[i] = 0;
  }

  /** sysbench.rand.string(): returns a new array of the template's length. */
  string(fmt: Uint8Array): Uint8Array {
    const out = new Uint8Array(fmt.length);
    this.stringInto(fmt, fmt.length, out);
    return out;
  }
}
