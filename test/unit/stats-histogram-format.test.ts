// The --histogram table ("%12.3f |%-40.*s %lu", bar = round(count * 40 / max)).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HIST_SIZE, HistogramScale, LATENCY_SCALE, bucketValue, formatHistogram } from '../../src/stats/histogram.js';
import { fmtFixed } from '../../src/format/printf.js';

const ref = (name: string): string =>
  readFileSync(new URL(`../fixtures/reference/${name}`, import.meta.url), 'utf8');

describe('formatHistogram', () => {
  it('reproduces a real --histogram table byte for byte', () => {
    const text = ref('oltp_read_write_interval_histogram.txt');
    const start = text.indexOf('       value  ------------- distribution ------------- count\n');
    const end = text.indexOf('\n \n', start) + 1; // the table ends before the " " line
    const table = text.slice(start, end);
    expect(table.split('\n').length).toBeGreaterThan(100);

    const byLabel = new Map<string, number>();
    for (let i = 0; i < HIST_SIZE; i++) byLabel.set(fmtFixed(bucketValue(i), 3), i);
    const counts = LATENCY_SCALE.newCounts();
    for (const m of table.matchAll(/^ +([0-9.]+) \|[* ]{40} (\d+)$/gm)) counts[byLabel.get(m[1]!)!] = Number(m[2]);

    expect(formatHistogram(counts)).toBe(table);
  });

  it('matches sysbench histogram API output (new(1000, 1, 10), six updates)', () => {
    // from sysbench 1.0.20's tests/t/api_histogram.t
    const s = new HistogramScale(1000, 1, 10);
    const c = s.newCounts();
    for (const v of [1, 2, 0, 10, 100, 5.001]) c[s.bucketIndex(v)]! += 1;
    expect(s.format(c)).toBe(
      '       value  ------------- distribution ------------- count\n' +
        '       1.000 |**************************************** 2\n' +
        '       2.001 |********************                     1\n' +
        '       4.997 |********************                     1\n' +
        '      10.000 |**************************************** 2\n',
    );
  });

  it('prints nothing at all for an empty histogram', () => {
    expect(formatHistogram(LATENCY_SCALE.newCounts())).toBe('');
  });

  it('rounds bar widths half up: round(count * 40 / max)', () => {
    const line = (i: number, stars: number, n: number): string =>
      `${fmtFixed(bucketValue(i), 3, { width: 12 })} |${'*'.repeat(stars)}${' '.repeat(40 - stars)} ${n}`;
    const c = LATENCY_SCALE.newCounts();
    c[400] = 80;
    c[401] = 1; // 0.5 -> 1 star
    expect(formatHistogram(c).split('\n').slice(1, 3)).toEqual([line(400, 40, 80), line(401, 1, 1)]);
    c[400] = 81;
    c[402] = 3; // 1.48 -> 1 star
    c[403] = 61; // 30.12 -> 30 stars
    expect(formatHistogram(c).split('\n').slice(1, 5)).toEqual([
      line(400, 40, 81),
      line(401, 0, 1), // 0.49 -> no star, still listed
      line(402, 1, 3),
      line(403, 30, 61),
    ]);
  });
});
