// Text-to-value conversions with the C library semantics sysbench relies on (strtol, strtod,
// its own size parser, strtok-style list splitting), plus number formatting helpers.

const INT_MAX = 2147483647n;
const INT_MIN = -2147483648n;
const LONG_MAX = 9223372036854775807n;
const LONG_MIN = -9223372036854775808n;
const ULLONG_MOD_BITS = 64;

/** isspace() in the C locale. */
export function isCSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\v' || ch === '\f' || ch === '\r';
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/**
 * strtol(s, &end, 10) on a 64-bit long: the value (clamped to LONG range on overflow) and
 * the index where parsing stopped (0 when no digits were found).
 */
export function strtol10(s: string): { value: bigint; end: number } {
  let i = 0;
  while (isCSpace(s[i])) i++;
  let neg = false;
  if (s[i] === '+' || s[i] === '-') {
    neg = s[i] === '-';
    i++;
  }
  const start = i;
  while (isDigit(s[i])) i++;
  if (i === start) return { value: 0n, end: 0 };
  let v = BigInt(s.slice(start, i));
  if (neg) v = -v;
  if (v > LONG_MAX) v = LONG_MAX;
  if (v < LONG_MIN) v = LONG_MIN;
  return { value: v, end: i };
}

/**
 * sysbench's int conversion: the whole text must be a base-10 integer within int range
 * (leading whitespace and a sign are fine, as strtol allows). Returns null when invalid.
 * An empty text is 0 (strtol stops at once and the end is the terminator).
 */
export function parseSbInt(s: string): number | null {
  const { value, end } = strtol10(s);
  if (end !== s.length || value > INT_MAX || value < INT_MIN) return null;
  return Number(value);
}

/**
 * strtod(s, NULL): the longest valid floating-point prefix (decimal, hex, inf, nan), 0 if none.
 */
export function strtodPrefix(s: string): number {
  let i = 0;
  while (isCSpace(s[i])) i++;
  let sign = 1;
  if (s[i] === '+' || s[i] === '-') {
    if (s[i] === '-') sign = -1;
    i++;
  }
  const rest = s.slice(i);
  const lower = rest.toLowerCase();
  if (lower.startsWith('inf')) return sign * Infinity;
  if (lower.startsWith('nan')) return NaN;
  if (lower.startsWith('0x')) {
    const m = /^0x([0-9a-f]*)(?:\.([0-9a-f]*))?/i.exec(rest);
    if (m && (m[1].length > 0 || (m[2] ?? '').length > 0)) {
      const intPart = m[1];
      const frac = m[2] ?? '';
      let mant = 0n;
      for (const c of intPart + frac) mant = mant * 16n + BigInt(parseInt(c, 16));
      let exp = -4 * frac.length;
      const after = rest.slice(m[0].length);
      const e = /^p([+-]?\d+)/i.exec(after);
      if (e) exp += parseInt(e[1], 10);
      return sign * Number(mant) * Math.pow(2, exp);
    }
    return sign * 0; // "0x" without hex digits: only the "0" is parsed
  }
  const m = /^(\d*)(\.\d*)?/.exec(rest);
  if (!m) return sign * 0;
  const digits = m[1] + (m[2] ?? '').slice(1);
  if (digits.length === 0) return sign * 0;
  let text = m[0];
  const e = /^[eE][+-]?\d+/.exec(rest.slice(text.length));
  if (e) text += e[0];
  if (text.startsWith('.')) text = '0' + text;
  if (text.endsWith('.')) text = text + '0';
  return sign * Number(text);
}

/** The size suffixes sysbench understands, in order (kilo, mega, giga, tera). */
const SIZE_MODS = 'KMGT';

/**
 * sysbench's size parser: leading decimal digits, then an optional K/M/G/T suffix (any
 * case, anything after it ignored). An unknown suffix gives 0; no leading digit gives 0.
 * Arithmetic is unsigned 64-bit, wrapping like the C code.
 */
export function parseSbSize(s: string): bigint {
  let res = 0n;
  let sawDigit = false;
  let mult: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (!isDigit(c)) {
      if (sawDigit) mult = c;
      break;
    }
    sawDigit = true;
    res = BigInt.asUintN(ULLONG_MOD_BITS, res * 10n + BigInt(c.charCodeAt(0) - 48));
  }
  if (mult !== null) {
    const n = SIZE_MODS.indexOf(mult.toUpperCase());
    if (n >= 0 && mult.length === 1) {
      for (let k = 0; k <= n; k++) res = BigInt.asUintN(ULLONG_MOD_BITS, res * 1024n);
    } else {
      res = 0n;
    }
  }
  return res;
}

/** How a bool option reads a value: true (on), false (off) or null (rejected). */
export function parseSbBool(value: string | null): boolean | null {
  if (value === null || value === 'on' || value === 'true' || value === '1') return true;
  if (value === 'off' || value === 'false' || value === '0') return false;
  return null;
}

/** strtok(value, ","): the non-empty pieces between commas. */
export function splitSbList(value: string): string[] {
  return value.split(',').filter((p) => p.length > 0);
}

/**
 * Formats a double as C's printf("%.<precision>g").
 */
export function formatG(value: number, precision: number): string {
  if (Number.isNaN(value)) return value < 0 ? '-nan' : 'nan';
  if (!Number.isFinite(value)) return value < 0 ? '-inf' : 'inf';
  const p = precision === 0 ? 1 : precision;
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  // the exponent after rounding to p significant digits decides between the two styles
  const expStr = Math.abs(value).toExponential(p - 1);
  const x = parseInt(expStr.slice(expStr.indexOf('e') + 1), 10);
  let out: string;
  if (x < -4 || x >= p) {
    let [mant, e] = expStr.split('e');
    if (mant.includes('.')) mant = mant.replace(/0+$/, '').replace(/\.$/, '');
    const en = parseInt(e, 10);
    const ea = Math.abs(en);
    out = `${mant}e${en < 0 ? '-' : '+'}${ea < 10 ? '0' + ea : String(ea)}`;
  } else {
    out = Math.abs(value).toFixed(Math.max(0, p - 1 - x));
    if (out.includes('.')) out = out.replace(/0+$/, '').replace(/\.$/, '');
  }
  return (value < 0 ? '-' : '') + out;
}

/**
 * LuaJIT's tostring() of a number ("%.14g"), which is how a script's numeric option
 * defaults become text (e.g. 10000 -> "10000", 0.2 -> "0.2", 1e20 -> "1e+20").
 */
export function luajitNumberToString(n: number): string {
  return formatG(n, 14);
}
