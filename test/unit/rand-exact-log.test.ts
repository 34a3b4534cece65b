// Correctly rounded log used for setup constants (Pareto exponent).
// Expected values: glibc's log() (python3 -c "import math; print(repr(math.log(x)))" on Debian 12).
import { describe, expect, it } from 'vitest';
import { exactLog } from '../../src/rand/exact-log.js';

const GLIBC: [number, number][] = [
  [0.37, -0.9942522733438669], // V8's Math.log gives -0.994252273343867
  [0.63, -0.4620354595965587],
  [0.2, -1.6094379124341003],
  [0.8, -0.2231435513142097],
  [1e-300, -690.7755278982137],
  [123456.789, 11.723646487185881],
  [2.5, 0.9162907318741551],
];

describe('exactLog', () => {
  it('matches glibc log()', () => {
    for (const [x, y] of GLIBC) expect(exactLog(x)).toBe(y);
  });

  it('special values', () => {
    expect(exactLog(1)).toBe(0);
    expect(exactLog(0)).toBe(-Infinity);
    expect(exactLog(Infinity)).toBe(Infinity);
    expect(exactLog(-1)).toBeNaN();
    expect(exactLog(NaN)).toBeNaN();
    expect(exactLog(5e-324)).toBe(Math.log(5e-324));
  });

  it('is within one ulp of Math.log', () => {
    let x = 0.001;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1.37 + 0.013) % 50 + 1e-9;
      const a = exactLog(x);
      const b = Math.log(x);
      expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.abs(b) * 2.3e-16);
    }
  });
});
