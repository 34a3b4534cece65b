// Bucket geometry of the latency histogram: constants, boundaries and the
// index of special values, derived from sysbench's algorithm
// (index = floor((log(v) - log(1e-3)) * 1023 / (log(1e5) - log(1e-3)) + 0.5),
// clamped to 0..1023; values exp(i / mult + deduct)).
import { describe, expect, it } from 'vitest';
import {
  HIST_MAX_MS,
  HIST_MIN_MS,
  HIST_SIZE,
  LATENCY_SCALE,
  bucketIndex,
  bucketValue,
} from '../../src/stats/histogram.js';
import { crLog, nextDown, nextUp } from '../../src/stats/exactmath.js';

function bits(x: number): string {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  return dv.getBigUint64(0).toString(16).padStart(16, '0');
}

describe('latency histogram geometry', () => {
  it('uses sysbench constants', () => {
    expect(HIST_SIZE).toBe(1024);
    expect(HIST_MIN_MS).toBe(0.001);
    expect(HIST_MAX_MS).toBe(100000);
    // bit patterns read from a live sb_histogram_t of sysbench 1.0.20
    expect(bits(LATENCY_SCALE.deduct)).toBe('c01ba18a998fffa0');
    expect(bits(LATENCY_SCALE.mult)).toBe('404bc48836619b54');
  });

  it('maps known values to the buckets sysbench uses', () => {
    // reported by sysbench itself for the same values (see the reference test)
    expect(bucketIndex(0.001)).toBe(0);
    expect(bucketIndex(0.5)).toBe(345);
    expect(bucketIndex(1)).toBe(384);
    expect(bucketIndex(100000)).toBe(1023);
    expect(bucketIndex(1e300)).toBe(1023);
    expect(bucketIndex(Number.MAX_VALUE)).toBe(1023);
  });

  it('puts values whose index is not a finite number into bucket 0', () => {
    // (double)->ssize_t of NaN/inf gives INT64_MIN, clamped to 0 -- even +inf
    for (const v of [0, -0, -1, NaN, Infinity, -Infinity, 1e-300, Number.MIN_VALUE]) {
      expect(bucketIndex(v)).toBe(0);
    }
  });

  it('rounds to the nearest bucket (floor(x + 0.5)), not down', () => {
    // halfway in log space between bucket values 383 and 384 belongs to 384
    const lo = bucketValue(383);
    const hi = bucketValue(384);
    expect(bucketIndex(Math.sqrt(lo * hi) * 1.0001)).toBe(384);
    expect(bucketIndex(Math.sqrt(lo * hi) * 0.9999)).toBe(383);
    // a value exactly at a bucket's reported value is in that bucket
    for (let i = 0; i < HIST_SIZE; i++) expect(bucketIndex(bucketValue(i))).toBe(i);
  });

  it('has strictly increasing boundaries, each the first value of its bucket', () => {
    let prev = 0;
    for (let i = 1; i < HIST_SIZE; i++) {
      const b = LATENCY_SCALE.bucketLowerBound(i);
      expect(b).toBeGreaterThan(prev);
      expect(bucketIndex(b)).toBe(i);
      expect(bucketIndex(nextDown(b))).toBe(i - 1);
      expect(bucketIndex(nextUp(b))).toBe(i);
      prev = b;
    }
  });

  it('agrees with the formula on random values (with a correctly rounded log)', () => {
    let seed = 12345;
    const rnd = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const { deduct, mult } = LATENCY_SCALE;
    for (let k = 0; k < 3000; k++) {
      const v = Math.exp(rnd() * 22 - 9); // 1.2e-4 .. 1.6e5 ms
      let i = Math.floor((crLog(v) - deduct) * mult + 0.5);
      if (i < 0) i = 0;
      if (i > HIST_SIZE - 1) i = HIST_SIZE - 1;
      expect(bucketIndex(v)).toBe(i);
    }
  });

  it('reports bucket values exp(i / mult + deduct), 0.001 .. 100000', () => {
    expect(bucketValue(0)).toBeCloseTo(0.001, 15);
    expect(bucketValue(1023)).toBeCloseTo(100000, 6);
    expect(bucketValue(384)).toBeCloseTo(1.00679, 4);
    // the last bit comes from a correctly rounded exp (glibc), not Math.exp:
    // for bucket 6 V8's Math.exp is one unit low
    expect(bits(bucketValue(6))).toBe('3f5240d687b21f71');
  });
});
