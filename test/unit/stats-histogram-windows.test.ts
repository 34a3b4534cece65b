// Which events each kind of histogram read covers (sysbench semantics):
// intermediate = since the previous read of ANY kind; cumulative = since the
// last checkpoint; checkpoint = cumulative, then reset; print = cumulative.
import { describe, expect, it } from 'vitest';
import { HistogramWindows, LATENCY_SCALE, addInto, bucketValue, diffInto, sumInto, totalCount } from '../../src/stats/histogram.js';

function add(totals: Float64Array, bucket: number, n = 1): void {
  totals[bucket] = totals[bucket]! + n;
}

describe('HistogramWindows', () => {
  it('intermediate reads only see events since the previous read', () => {
    const t = LATENCY_SCALE.newCounts();
    const w = new HistogramWindows();
    add(t, 500, 10);
    expect(w.intermediate(t, 95)).toBe(bucketValue(500));
    add(t, 300, 10);
    expect(w.intermediate(t, 95)).toBe(bucketValue(300));
    expect(w.intermediate(t, 95)).toBe(bucketValue(0)); // nothing new
  });

  it('cumulative reads cover everything since the last checkpoint, intermediate reads included', () => {
    const t = LATENCY_SCALE.newCounts();
    const w = new HistogramWindows();
    add(t, 500, 10);
    w.intermediate(t, 95);
    add(t, 300, 90);
    expect(w.cumulative(t, 95)).toBe(bucketValue(500)); // 100 events, target 95
    expect(w.cumulative(t, 50)).toBe(bucketValue(300));
    expect(totalCount(w.windowCounts)).toBe(100);
  });

  it('a checkpoint resets the cumulative part', () => {
    const t = LATENCY_SCALE.newCounts();
    const w = new HistogramWindows();
    add(t, 800, 5);
    expect(w.checkpoint(t, 95)).toBe(bucketValue(800));
    add(t, 200, 5);
    expect(w.checkpoint(t, 95)).toBe(bucketValue(200));
    expect(w.checkpoint(t, 95)).toBe(bucketValue(0)); // empty after reset
  });

  it('a checkpoint consumes events from the next intermediate read', () => {
    const t = LATENCY_SCALE.newCounts();
    const w = new HistogramWindows();
    add(t, 700, 50);
    w.checkpoint(t, 95);
    add(t, 100, 5);
    // the 50 events before the checkpoint are not part of this interval
    expect(w.intermediate(t, 95)).toBe(bucketValue(100));
  });

  it('--histogram prints the counts since the last checkpoint', () => {
    const t = LATENCY_SCALE.newCounts();
    const w = new HistogramWindows();
    add(t, 10, 3);
    w.checkpoint(t, 95);
    add(t, 20, 4);
    w.intermediate(t, 95);
    const p = w.printCounts(t);
    expect(p[10]).toBe(0);
    expect(p[20]).toBe(4);
  });

  it('merge helpers add, subtract and sum per-worker regions', () => {
    const a = new Float64Array([1, 2, 3]);
    const b = new Float64Array([10, 20, 30]);
    expect(Array.from(addInto(new Float64Array(3), a))).toEqual([1, 2, 3]);
    expect(Array.from(sumInto(new Float64Array(3), [a, b]))).toEqual([11, 22, 33]);
    expect(Array.from(diffInto(new Float64Array(3), b, a))).toEqual([9, 18, 27]);
    expect(totalCount(b)).toBe(60);
  });
});
