/**
 * Correctly rounded natural logarithm, for one-off setup constants only
 * (it uses BigInt and costs microseconds: never call it per random number).
 *
 * Why: V8's Math.log is an fdlibm port that is off by one ulp for a few
 * percent of inputs (e.g. Math.log(0.37)), while glibc's log() -- what
 * sysbench uses -- is correctly rounded in practice. sysbench derives
 * constants such as the Pareto exponent log(h) / log(1 - h) from it once.
 *
 * Method: x = m * 2^e with m in [sqrt(1/2), sqrt(2)); ln(m) = 2 atanh(z),
 * z = (m - 1) / (m + 1), summed in 200-bit fixed point; the result is
 * e * ln(2) + ln(m), rounded once to the nearest double (Number(BigInt) is
 * correctly rounded and the final scaling by a power of two is exact).
 */

const P = 200n;
const ONE = 1n << P;

/** 2 * atanh(num / den) in P-bit fixed point, for |num / den| <= 1/3. */
function twoAtanh(num: bigint, den: bigint): bigint {
  if (num < 0n) return -twoAtanh(-num, den); // keep terms >= 0 so they reach 0
  const z = (num << P) / den;
  const z2 = (z * z) >> P;
  let term = z;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += term / k;
    term = (term * z2) >> P;
  }
  return 2n * sum;
}

let ln2Fixed: bigint | undefined;

export function exactLog(x: number): number {
  if (!(x > 0) || x === Infinity) return Math.log(x); // NaN, <= 0, +inf
  if (x === 1) return 0;
  let e = Math.floor(Math.log2(x));
  let m = x / Math.pow(2, e);
  // fix up any off-by-one from log2 rounding, then centre m around 1
  while (m >= 2) { m /= 2; e++; }
  while (m < 1) { m *= 2; e--; }
  if (m > Math.SQRT2) { m /= 2; e++; }
  // m has at most 53 significant bits and m >= 2^-1, so m * 2^53 is an integer
  const S = 1n << 53n;
  const M = BigInt(m * 9007199254740992);
  ln2Fixed ??= twoAtanh(1n, 3n);
  const fixed = BigInt(e) * ln2Fixed + twoAtanh(M - S, M + S);
  return Number(fixed) / Number(ONE);
}
