// The shipped latency tables (latency-tables.ts) are exactly what the exact
// computation produces, and a custom geometry works the same way.
import { describe, expect, it } from 'vitest';
import { HistogramScale, computeScaleTables, latencyTables } from '../../src/stats/histogram.js';

describe('histogram tables', () => {
  it('ship the exact latency geometry', () => {
    const shipped = latencyTables();
    const exact = computeScaleTables(1024, 1e-3, 1e5);
    expect(Object.is(shipped.deduct, exact.deduct)).toBe(true);
    expect(Object.is(shipped.mult, exact.mult)).toBe(true);
    expect(shipped.bounds.length).toBe(1025);
    expect(shipped.values.length).toBe(1025);
    expect(Array.from(shipped.bounds)).toEqual(Array.from(exact.bounds));
    expect(Array.from(shipped.values)).toEqual(Array.from(exact.values));
  });

  it('differ from a naive Math.log / Math.exp derivation', () => {
    // guards the reason the tables exist: V8's log/exp are not glibc's
    const t = latencyTables();
    let valueDiffs = 0;
    for (let i = 0; i < 1024; i++) if (Math.exp(i / t.mult + t.deduct) !== t.values[i]) valueDiffs++;
    expect(valueDiffs).toBeGreaterThan(0);
  });

  it('rejects tables of the wrong size', () => {
    const t = latencyTables();
    expect(() => new HistogramScale(1000, 1e-3, 1e5, t)).toThrow(RangeError);
  });

  it('builds custom geometries (sysbench.histogram.new(1000, 1, 10))', () => {
    const s = new HistogramScale(1000, 1, 10);
    expect(s.bucketIndex(1)).toBe(0);
    expect(s.bucketIndex(10)).toBe(999);
    expect(s.bucketIndex(0)).toBe(0);
    expect(s.bucketIndex(100)).toBe(999);
    expect(s.bucketValue(0)).toBe(1);
    for (let i = 1; i < 1000; i++) {
      const b = s.bucketLowerBound(i);
      expect(s.bucketIndex(b)).toBe(i);
      expect(s.bucketIndex(b * (1 - 1e-15))).toBe(i - 1);
    }
  });
});
