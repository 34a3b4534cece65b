// Zipfian distribution (sysbench 1.1/master; 1.0.20 has no zipfian, so there
// is no reference binary). Expected values come from a standalone C program
// (gcc + glibc libm) implementing master's sb_rand_zipfian() (rejection-
// inversion sampling, Apache Commons RNG formulation) on the same
// xoroshiro128+ stream:  ./zipf <s0> <s1> 1 <exp> <a> <b> 12
// with s[0] = 123456789 << 32 | 987654321, s[1] = 555555555 << 32 | 1111111111.
// It printed the precomputed constants (s, hIntegralX1) then 12 values.
import { describe, expect, it } from 'vitest';
import { SbRng, DEFAULT_RAND_CONFIG } from '../../src/rand/sb-rand.js';

const WORDS = [123456789, 987654321, 555555555, 1111111111];

const CASES: { exp: number; a: number; b: number; values: number[] }[] = [
  { exp: 0.8, a: 1, b: 1000000, values: [445608, 134931, 276941, 320952, 76002, 97630, 577118, 37, 434111, 131842, 986315, 1004] },
  { exp: 1.0, a: 1, b: 1000000, values: [102473, 6489, 31546, 44919, 2141, 3419, 204138, 2, 95765, 6190, 958866, 11] },
  { exp: 0, a: 1, b: 1000, values: [842, 651, 761, 785, 574, 606, 890, 79, 838, 648, 998, 208] },
  { exp: 2.5, a: 1, b: 100000, values: [2, 1, 2, 2, 1, 1, 3, 1, 2, 1, 30, 1] },
  { exp: 0.8, a: 1000, b: 1009, values: [1006, 1003, 1005, 1005, 1003, 1003, 1007, 1000, 1006, 1003, 1009, 1000] },
  {
    exp: 0.99, a: 0, b: 4294967294,
    values: [162720971, 2659924, 28683152, 48431467, 484963, 998441, 443011827, 3, 147393858, 2475280, 4047313967, 95],
  },
];

describe('zipfian', () => {
  for (const c of CASES) {
    it(`--rand-zipfian-exp=${c.exp} [${c.a}, ${c.b}]`, () => {
      const r = new SbRng(WORDS, { ...DEFAULT_RAND_CONFIG, zipfianExp: c.exp });
      expect(c.values.map(() => r.zipfian(c.a, c.b))).toEqual(c.values);
    });
  }

  it('default() follows --rand-type=zipfian', () => {
    const cfg = { ...DEFAULT_RAND_CONFIG, type: 'zipfian' as const };
    const r = new SbRng(WORDS, cfg);
    expect(CASES[0]!.values.map(() => r.default(1, 1000000))).toEqual(CASES[0]!.values);
  });

  it('rejects a negative exponent like sysbench', () => {
    expect(() => new SbRng(WORDS, { ...DEFAULT_RAND_CONFIG, zipfianExp: -0.1 })).toThrow(/rand-zipfian-exp/);
  });

  it('is skewed towards small values', () => {
    const r = new SbRng(WORDS, DEFAULT_RAND_CONFIG);
    let ones = 0;
    let high = 0;
    let outside = 0;
    for (let i = 0; i < 20000; i++) {
      const v = r.zipfian(1, 100);
      if (!(v >= 1 && v <= 100)) outside++;
      if (v === 1) ones++;
      if (v > 50) high++;
    }
    expect(outside).toBe(0);
    expect(ones).toBeGreaterThan(high / 10);
  });
});
