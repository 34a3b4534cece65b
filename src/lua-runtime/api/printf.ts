// C printf's number conversions as LuaJIT's string.format does them: integer conversions on
// the double converted to a 64-bit integer (out of range and nan give -2^63, as on x86-64),
// float conversions rounding exact decimal ties away from zero, and LuaJIT's "nan"/"inf".
// Pure functions: a spec and a number in, the ASCII text out.

export interface FormatSpec {
  /** conversion character code (d i u c x X o e E f F g G a A s q p) */
  conv: number;
  left: boolean;
  plus: boolean;
  space: boolean;
  alt: boolean;
  zero: boolean;
  /** 0 when absent */
  width: number;
  /** -1 when absent */
  prec: number;
}

const TWO63 = 9223372036854775808;
const TWO64 = 18446744073709551616;
const UINT64_RANGE = 2n ** 64n;
const SAFE = 9007199254740992; // 2^53: below it a double holds any integer exactly
const INT64_MIN = -(2n ** 63n);

const UPPER = new Set([88, 69, 70, 71, 65]); // X E F G A

function pad(spec: FormatSpec, sign: string, prefix: string, body: string, zeroAllowed: boolean): string {
  const len = sign.length + prefix.length + body.length;
  if (len >= spec.width) return sign + prefix + body;
  const fill = spec.width - len;
  if (spec.left) return sign + prefix + body + ' '.repeat(fill);
  if (spec.zero && zeroAllowed) return sign + prefix + '0'.repeat(fill) + body;
  return ' '.repeat(fill) + sign + prefix + body;
}

/** x86-64's double -> int64 conversion (cvttsd2si): truncation, -2^63 when out of range. */
function toInt64(n: number | bigint): number | bigint {
  if (typeof n === 'bigint') return BigInt.asIntN(64, n);
  if (!(n >= -TWO63 && n < TWO63)) return INT64_MIN; // also nan
  const t = Math.trunc(n);
  return t > -SAFE && t < SAFE ? t : BigInt(t);
}

/** LuaJIT's double -> uint64 for %u %x %X %o: values from 2^63 wrap through int64. */
function toUint64(n: number | bigint): number | bigint {
  if (typeof n === 'bigint') return BigInt.asUintN(64, n);
  const k = n >= TWO63 ? toInt64(n - TWO64) : toInt64(n);
  if (typeof k === 'number') return k >= 0 ? k : BigInt(k) + UINT64_RANGE;
  return k >= 0n ? k : k + UINT64_RANGE;
}

/** %d %i %u %x %X %o of a number. */
export function formatInteger(spec: FormatSpec, n: number | bigint): string {
  const c = spec.conv;
  let sign = '';
  let digits: string;
  let prefix = '';
  if (c === 100 || c === 105) { // d i
    const v = toInt64(n);
    const neg = v < 0;
    digits = (neg ? -v : v).toString();
    sign = neg ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
  } else {
    const v = toUint64(n);
    const base = c === 111 ? 8 : c === 117 ? 10 : 16;
    digits = v.toString(base);
    if (c === 88) digits = digits.toUpperCase();
    if (spec.alt && base === 16 && digits !== '0') prefix = c === 88 ? '0X' : '0x';
  }
  if (spec.prec >= 0) {
    if (spec.prec === 0 && digits === '0') digits = '';
    else if (digits.length < spec.prec) digits = '0'.repeat(spec.prec - digits.length) + digits;
  }
  if (c === 111 && spec.alt && digits[0] !== '0') digits = '0' + digits;
  return pad(spec, sign, prefix, digits, spec.prec < 0);
}

/** %c: the low byte of the 32-bit conversion; returns the byte and the padding around it. */
export function charPadding(spec: FormatSpec): { before: number; after: number } {
  const fill = spec.width > 1 ? spec.width - 1 : 0;
  return spec.left ? { before: 0, after: fill } : { before: fill, after: 0 };
}

function exponentText(e: number): string {
  const a = Math.abs(e);
  return (e < 0 ? '-' : '+') + (a < 10 ? '0' : '') + a;
}

/** "d.ddd" and the decimal exponent of a >= 0 at `prec` fraction digits (JS rounds ties up). */
function exponential(a: number, prec: number): [string, number] {
  const s = a.toExponential(Math.min(prec, 100));
  const at = s.indexOf('e');
  return [s.slice(0, at), Number(s.slice(at + 1))];
}

function fixed(a: number, prec: number): string {
  if (a < 1e21) return a.toFixed(Math.min(prec, 100));
  return BigInt(a).toString() + (prec > 0 ? '.' + '0'.repeat(prec) : '');
}

function stripZeros(s: string): string {
  if (s.indexOf('.') < 0) return s;
  s = s.replace(/0+$/, '');
  return s.endsWith('.') ? s.slice(0, -1) : s;
}

function hexFloat(a: number, prec: number, upper: boolean): [string, string] {
  if (a === 0) return [prec > 0 ? '0.' + '0'.repeat(prec) : '0', 'p+0'];
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, a);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  let exp = (hi >>> 20) & 0x7ff;
  let mant = BigInt(hi & 0xfffff) * 4294967296n + BigInt(lo);
  let lead = 1n;
  if (exp === 0) { lead = 0n; exp = 1; }
  let digits = 13;
  if (prec >= 0 && prec < 13) { // round to `prec` hex digits, ties away from zero
    const drop = BigInt(4 * (13 - prec));
    const full = (lead << 52n) | mant;
    const rounded = (full + (1n << (drop - 1n))) >> drop;
    lead = rounded >> BigInt(4 * prec);
    mant = rounded & ((1n << BigInt(4 * prec)) - 1n);
    digits = prec;
  }
  let frac = digits > 0 ? mant.toString(16).padStart(digits, '0') : '';
  if (prec < 0) frac = frac.replace(/0+$/, '');
  else if (prec > 13) frac += '0'.repeat(prec - 13);
  let body = lead.toString(16) + (frac ? '.' + frac : '');
  if (upper) body = body.toUpperCase();
  const e = exp - 1023;
  return [body, (upper ? 'P' : 'p') + (e < 0 ? '-' : '+') + Math.abs(e)];
}

/** %e %E %f %F %g %G %a %A of a number. */
export function formatFloat(spec: FormatSpec, x: number): string {
  const c = spec.conv;
  const upper = UPPER.has(c);
  if (!Number.isFinite(x)) {
    // LuaJIT: nan never has a sign (a space with ' '), inf has '-', '+' or ' '; no zero padding
    const nan = x !== x;
    const sign = nan ? (spec.space ? ' ' : '') : x < 0 ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
    const word = nan ? 'nan' : 'inf';
    return pad(spec, sign, '', upper ? word.toUpperCase() : word, false);
  }
  const neg = x < 0 || (x === 0 && 1 / x < 0);
  const a = Math.abs(x);
  const sign = neg ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
  const lower = c | 0x20;
  let body: string;
  let prefix = '';
  if (lower === 102) { // f
    const prec = spec.prec < 0 ? 6 : spec.prec;
    body = fixed(a, prec);
    if (spec.alt && prec === 0) body += '.';
  } else if (lower === 101) { // e
    const prec = spec.prec < 0 ? 6 : spec.prec;
    const [m, e] = exponential(a, prec);
    body = m + (spec.alt && prec === 0 ? '.' : '') + 'e' + exponentText(e);
  } else if (lower === 103) { // g
    const p = spec.prec < 0 ? 6 : spec.prec === 0 ? 1 : spec.prec;
    const [m, e] = exponential(a, p - 1);
    if (e < p && e >= -4) {
      body = fixed(a, p - 1 - e);
      if (!spec.alt) body = stripZeros(body);
      else if (body.indexOf('.') < 0) body += '.';
    } else {
      body = (spec.alt ? (m.indexOf('.') < 0 ? m + '.' : m) : stripZeros(m)) + 'e' + exponentText(e);
    }
  } else { // a
    const [m, e] = hexFloat(a, spec.prec, upper);
    prefix = upper ? '0X' : '0x';
    body = m + e;
  }
  if (upper) body = body.toUpperCase();
  return pad(spec, sign, prefix, body, true);
}
