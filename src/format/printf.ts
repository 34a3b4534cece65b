/**
 * printf-compatible number formatting, for the reports and every other text sysbench prints.
 *
 * sysbench prints its reports through two different formatters:
 *   - glibc printf (C code: sysbench.c, db_driver.c, the built-in tests);
 *   - LuaJIT's string.format (sysbench.lua: report_csv / report_json /
 *     report_default).
 * Both round the *exact* binary value of the double, but they break exact
 * ties differently (glibc: half to even, LuaJIT: half away from zero) and
 * spell NaN differently (glibc: the default NaN produced by 0.0/0.0 on x86-64
 * has its sign bit set and prints as "-nan"; LuaJIT prints "nan").
 * JavaScript's Number#toFixed breaks ties away from zero, like LuaJIT.
 */

export type FloatDialect = 'c' | 'lua';

export interface FixedOptions {
  /** minimum field width (printf "%<width>.<prec>f") */
  width?: number;
  /** '-' flag: pad on the right instead of the left */
  left?: boolean;
  /** 'c' (glibc, default) or 'lua' (LuaJIT string.format) */
  dialect?: FloatDialect;
}

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = LITTLE_ENDIAN ? 1 : 0;
const LO = LITTLE_ENDIAN ? 0 : 1;

function pad(s: string, width: number | undefined, left: boolean | undefined): string {
  if (width === undefined || s.length >= width) return s;
  return left ? s.padEnd(width, ' ') : s.padStart(width, ' ');
}

/**
 * Digits of |x| rounded to `prec` decimals, ties to even, computed on the
 * exact binary value of x (what glibc's printf does).
 */
function fixedHalfEven(ax: number, prec: number): string {
  F64[0] = ax;
  const hi = U32[HI]!;
  const lo = U32[LO]!;
  const biasedExp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (biasedExp === 0) {
    exp = -1074; // subnormal (or zero)
  } else {
    mant |= 1n << 52n;
    exp = biasedExp - 1075;
  }
  // ax == mant * 2^exp ; we want round(ax * 10^prec)
  const scaled = mant * 10n ** BigInt(prec);
  let q: bigint;
  if (exp >= 0) {
    q = scaled << BigInt(exp);
  } else {
    const shift = BigInt(-exp);
    q = scaled >> shift;
    const rem = scaled - (q << shift);
    const half = 1n << (shift - 1n);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
  }
  let digits = q.toString();
  if (prec === 0) return digits;
  if (digits.length <= prec) digits = digits.padStart(prec + 1, '0');
  return digits.slice(0, digits.length - prec) + '.' + digits.slice(digits.length - prec);
}

/**
 * Digits of |x| rounded to `prec` decimals, ties away from zero, on the exact
 * binary value (LuaJIT's string.format; also Number#toFixed below 1e21).
 */
function fixedHalfAway(ax: number, prec: number): string {
  if (ax < 1e21) return ax.toFixed(prec);
  // Doubles this large are integers: print them exactly.
  const digits = BigInt(ax).toString();
  return prec === 0 ? digits : digits + '.' + '0'.repeat(prec);
}

/** printf("%<width>.<prec>f", x), glibc flavour by default. */
export function fmtFixed(x: number, prec: number, opts: FixedOptions = {}): string {
  const dialect = opts.dialect ?? 'c';
  let s: string;
  if (Number.isNaN(x)) {
    s = dialect === 'c' ? '-nan' : 'nan';
  } else if (x === Infinity) {
    s = 'inf';
  } else if (x === -Infinity) {
    s = '-inf';
  } else {
    const neg = x < 0 || (dialect === 'c' && Object.is(x, -0));
    const ax = Math.abs(x);
    const body = dialect === 'c' ? fixedHalfEven(ax, prec) : fixedHalfAway(ax, prec);
    s = neg ? '-' + body : body;
  }
  return pad(s, opts.width, opts.left);
}

/**
 * printf("%<width>u") / PRIu64 / "%d" for integer counters. Non-integers are
 * truncated toward zero (what a C conversion to an integer type does for the
 * values reports deal with).
 */
export function fmtInt(n: number | bigint, width?: number, left?: boolean): string {
  let s: string;
  if (typeof n === 'bigint') s = n.toString();
  else {
    const t = Math.trunc(n);
    s = Math.abs(t) < 1e21 ? t.toFixed(0) : BigInt(t).toString();
    if (s === '-0') s = '0';
  }
  return pad(s, width, left);
}
