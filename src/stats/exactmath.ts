/**
 * Correctly rounded natural log / exp for IEEE doubles, used at load time to
 * reproduce the histogram geometry that sysbench gets from the C library.
 *
 * Why: sysbench computes bucket indexes with glibc's log() and bucket values
 * with glibc's exp(). V8's Math.log / Math.exp are last-bit different from
 * glibc on a sizeable fraction of inputs, which moves hundreds of the 1023
 * bucket boundaries of the latency histogram by a few ULPs and changes bucket
 * values in the last bit. glibc's log/exp are correctly rounded for the
 * inputs we care about (the test suite checks every boundary and value of the
 * latency histogram against the real binary), so we decide roundings with an
 * exact comparison: ln(x) is evaluated in BigInt fixed point with far more
 * precision than a double has, and compared with exact dyadic midpoints.
 *
 * Nothing here is on a hot path: it runs once per histogram geometry.
 */

/** fractional bits of the fixed-point arithmetic */
const PREC = 160;
const ONE = 1n << BigInt(PREC);
/** generous bound on the accumulated error of lnFixed, in units of 2^-PREC */
const ERR = 1n << 16n;

/** table granularity for argument reduction: ln(1 + k/256), k = 0..255 */
const TABLE_BITS = 8;

const F64 = new Float64Array(1);
const I64 = new BigInt64Array(F64.buffer);
const U32 = new Uint32Array(F64.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

/** An exact dyadic rational mant * 2^exp (mant may be negative). */
export interface Dyadic {
  mant: bigint;
  exp: number;
}

/** Exact decomposition of a finite double. */
export function toDyadic(x: number): Dyadic {
  if (!Number.isFinite(x)) throw new RangeError('toDyadic: not finite');
  if (x === 0) return { mant: 0n, exp: 0 };
  F64[0] = x;
  const bits = I64[0]!;
  const neg = bits < 0n;
  const b = neg ? bits & 0x7fffffffffffffffn : bits;
  const biased = Number(b >> 52n);
  let mant = b & 0xfffffffffffffn;
  let exp: number;
  if (biased === 0) exp = -1074;
  else {
    mant |= 1n << 52n;
    exp = biased - 1075;
  }
  return { mant: neg ? -mant : mant, exp };
}

/** Next double toward +Infinity. */
export function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  F64[0] = x;
  // step the 64-bit pattern: up in magnitude for positives, down for negatives
  if (x > 0) {
    if (U32[LO] === 0xffffffff) {
      U32[LO] = 0;
      U32[HI] = U32[HI]! + 1;
    } else U32[LO] = U32[LO]! + 1;
  } else if (U32[LO] === 0) {
    U32[LO] = 0xffffffff;
    U32[HI] = U32[HI]! - 1;
  } else U32[LO] = U32[LO]! - 1;
  return F64[0]!;
}

/** Next double toward -Infinity. */
export function nextDown(x: number): number {
  return -nextUp(-x);
}

/** Exact midpoint of two doubles. */
export function midpoint(a: number, b: number): Dyadic {
  const da = toDyadic(a);
  const db = toDyadic(b);
  const e = Math.min(da.exp, db.exp);
  const mant = (da.mant << BigInt(da.exp - e)) + (db.mant << BigInt(db.exp - e));
  return { mant, exp: e - 1 };
}

/** number of bits of a positive bigint */
function bitLength(n: bigint): number {
  let b = Math.max(1, Math.ceil(Math.log2(Number(n))));
  while (n >> BigInt(b) !== 0n) b++;
  while (b > 1 && n >> BigInt(b - 1) === 0n) b--;
  return b;
}

/** atanh(z) for a fixed-point |z| < 1 (converges fast for small z). */
function atanhFixed(z: bigint): bigint {
  const z2 = (z * z) >> BigInt(PREC);
  let sum = z;
  let pow = z;
  for (let k = 3n; ; k += 2n) {
    pow = (pow * z2) >> BigInt(PREC);
    if (pow === 0n) break;
    sum += pow / k;
  }
  return sum;
}

/** fixed-point num/den for small positive integers */
function ratioFixed(num: bigint, den: bigint): bigint {
  return (num << BigInt(PREC)) / den;
}

// ln 2 and ln(1 + k/2^TABLE_BITS), computed on first use
let LN2 = 0n;
let LN_TABLE: bigint[] | null = null;

function lnTable(): bigint[] {
  if (LN_TABLE === null) {
    // ln 2 = 2 atanh(1/3); ln(1 + k/n) = 2 atanh(k / (2n + k))
    LN2 = 2n * atanhFixed(ratioFixed(1n, 3n));
    const n = 1n << BigInt(TABLE_BITS);
    const t: bigint[] = [];
    for (let k = 0n; k < n; k++) t.push(2n * atanhFixed(ratioFixed(k, 2n * n + k)));
    LN_TABLE = t;
  }
  return LN_TABLE;
}

/** ln(mant * 2^exp) in fixed point (error well below ERR units), mant > 0. */
function lnFixed(d: Dyadic): bigint {
  const table = lnTable();
  const { mant, exp } = d;
  if (mant <= 0n) throw new RangeError('lnFixed: non-positive argument');
  const bl = bitLength(mant);
  // x = m * 2^E with m = mant / 2^(bl-1) in [1, 2)
  const E = exp + bl - 1;
  const shift = PREC - (bl - 1);
  const m = shift >= 0 ? mant << BigInt(shift) : mant >> BigInt(-shift);
  const k = Number((m - ONE) >> BigInt(PREC - TABLE_BITS));
  const c = ONE + (BigInt(k) << BigInt(PREC - TABLE_BITS)); // 1 + k/2^TABLE_BITS
  const r = (m << BigInt(PREC)) / c; // m / c in [1, 1 + 1/64)
  const z = ((r - ONE) << BigInt(PREC)) / (r + ONE);
  return BigInt(E) * LN2 + table[k]! + 2n * atanhFixed(z);
}

function dyadicFixed(t: Dyadic): bigint {
  const s = t.exp + PREC;
  return s >= 0 ? t.mant << BigInt(s) : t.mant >> BigInt(-s);
}

/**
 * Sign of ln(x) - t for a positive dyadic x and a dyadic t.
 * Throws if the two are too close to decide (never seen for doubles).
 */
export function compareLn(x: Dyadic, t: Dyadic): -1 | 0 | 1 {
  if (x.mant === 1n << BigInt(bitLength(x.mant) - 1) && x.exp + bitLength(x.mant) - 1 === 0) {
    // x == 1: ln(x) == 0 exactly
    return t.mant === 0n ? 0 : t.mant > 0n ? -1 : 1;
  }
  const diff = lnFixed(x) - dyadicFixed(t);
  if (diff > ERR) return 1;
  if (diff < -ERR) return -1;
  throw new RangeError('compareLn: undecidable at working precision');
}

/** Correctly rounded (to nearest) natural logarithm of a positive finite double. */
export function crLog(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return Math.log(x);
  if (x === 1) return 0;
  const dx = toDyadic(x);
  let c = Math.log(x);
  // ln(x) must lie between the midpoints around c
  for (;;) {
    const lo = midpoint(nextDown(c), c);
    if (compareLn(dx, lo) < 0) {
      c = nextDown(c);
      continue;
    }
    const hi = midpoint(c, nextUp(c));
    if (compareLn(dx, hi) > 0) {
      c = nextUp(c);
      continue;
    }
    return c;
  }
}

/** Correctly rounded (to nearest) exponential of a finite double. */
export function crExp(y: number): number {
  if (!Number.isFinite(y)) return Math.exp(y);
  if (y === 0) return 1;
  let c = Math.exp(y);
  if (c === 0 || c === Infinity || c < 2.2250738585072014e-308) return c; // out of the normal range: not needed
  const dy = toDyadic(y);
  // e^y between the midpoints around c  <=>  ln(mid_lo) < y < ln(mid_hi)
  for (;;) {
    const lo = midpoint(nextDown(c), c);
    if (compareLn(lo, dy) > 0) {
      c = nextDown(c);
      continue;
    }
    const hi = midpoint(c, nextUp(c));
    if (compareLn(hi, dy) < 0) {
      c = nextUp(c);
      continue;
    }
    return c;
  }
}

/**
 * Smallest positive double v whose correctly rounded ln is >= y, i.e. the
 * smallest v with ln(v) above the midpoint between y and the double below.
 */
export function minArgLogAtLeast(y: number): number {
  const mid = midpoint(nextDown(y), y);
  let v = Math.exp(y);
  if (!(v > 0)) v = Number.MIN_VALUE;
  if (v === Infinity) v = Number.MAX_VALUE;
  while (v > Number.MIN_VALUE && compareLn(toDyadic(nextDown(v)), mid) > 0) v = nextDown(v);
  while (compareLn(toDyadic(v), mid) <= 0) v = nextUp(v);
  return v;
}
