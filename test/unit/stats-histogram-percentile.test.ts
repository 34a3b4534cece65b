// sysbench's percentile pick: target = floor(n * p / 100 + 0.5); answer the
// value of the first bucket whose running count reaches the target.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HIST_SIZE, LATENCY_SCALE, bucketIndex, bucketValue, percentile } from '../../src/stats/histogram.js';
import { fmtFixed } from '../../src/format/printf.js';

const ref = (name: string): string =>
  readFileSync(new URL(`../fixtures/reference/${name}`, import.meta.url), 'utf8');

function countsAt(entries: Array<[number, number]>): Float64Array {
  const c = LATENCY_SCALE.newCounts();
  for (const [i, n] of entries) c[i] = n;
  return c;
}

/** bucket counts from a --histogram table in a transcript */
function parseHistogram(text: string): Float64Array {
  const byLabel = new Map<string, number>();
  for (let i = 0; i < HIST_SIZE; i++) byLabel.set(fmtFixed(bucketValue(i), 3), i);
  const counts = LATENCY_SCALE.newCounts();
  for (const m of text.matchAll(/^ +([0-9.]+) \|\**\s+(\d+)$/gm)) {
    const i = byLabel.get(m[1]!);
    if (i === undefined) throw new Error(`no bucket prints as ${m[1]}`);
    counts[i] = Number(m[2]);
  }
  return counts;
}

describe('percentile', () => {
  it('answers bucket 0 for an empty histogram, whatever the percentile', () => {
    const empty = LATENCY_SCALE.newCounts();
    for (const p of [0, 1, 50, 95, 100]) expect(percentile(empty, p)).toBe(bucketValue(0));
    expect(fmtFixed(percentile(empty, 95), 2)).toBe('0.00');
  });

  it('rounds the target rank half up: floor(n * p / 100 + 0.5)', () => {
    const c = countsAt([
      [100, 1],
      [200, 1],
    ]);
    expect(percentile(c, 50)).toBe(bucketValue(100)); // target 1
    expect(percentile(c, 74)).toBe(bucketValue(100)); // floor(1.48 + 0.5) = 1
    expect(percentile(c, 75)).toBe(bucketValue(200)); // floor(1.5 + 0.5) = 2
    expect(percentile(c, 24)).toBe(bucketValue(0)); // floor(0.48 + 0.5) = 0 -> bucket 0
    expect(percentile(c, 25)).toBe(bucketValue(100));
  });

  it('with percentile 0 answers bucket 0 even when it is empty', () => {
    expect(percentile(countsAt([[500, 10]]), 0)).toBe(bucketValue(0));
  });

  it('with percentile 100 answers the last non-empty bucket', () => {
    expect(percentile(countsAt([[3, 5], [700, 1], [900, 2]]), 100)).toBe(bucketValue(900));
  });

  it('uses the given total, running past the end when the total exceeds the counts', () => {
    const c = countsAt([[10, 1], [20, 9]]);
    expect(percentile(c, 95, 1)).toBe(bucketValue(10)); // target floor(0.95 + 0.5) = 1
    expect(LATENCY_SCALE.percentileIndex(c, 100, 11)).toBe(HIST_SIZE);
    expect(percentile(c, 100, 11)).toBeGreaterThan(1e5);
  });

  it('reproduces the 95th percentile of a real run from its --histogram table', () => {
    const text = ref('oltp_read_write_interval_histogram.txt');
    const counts = parseHistogram(text);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5699); // "total number of events: 5699"
    expect(text).toContain('         95th percentile:                        4.33\n');
    expect(fmtFixed(percentile(counts, 95), 2)).toBe('4.33');
  });

  it('reports the bucket value, not the event value (mutex run: 1 event of 140.22 ms)', () => {
    const text = ref('builtin_mutex.txt');
    expect(text).toContain('max:                                  140.22\n');
    expect(text).toContain('95th percentile:                      139.85\n');
    const c = LATENCY_SCALE.newCounts();
    c[bucketIndex(140.22)] = 1;
    expect(fmtFixed(percentile(c, 95), 2)).toBe('139.85');
  });
});
