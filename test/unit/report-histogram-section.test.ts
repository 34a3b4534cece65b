// --histogram: title (log_text), table (printf), " " (log_text), then the
// final report -- reproduced from a reference transcript.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDbCumulative, formatHistogramSection, formatIntermediate } from '../../src/report/text.js';
import { LogTextFilter, renderMessages } from '../../src/format/logtext.js';
import { emptyReportStats } from '../../src/report/types.js';
import { HIST_SIZE, LATENCY_SCALE, bucketValue, percentile } from '../../src/stats/histogram.js';
import { fmtFixed } from '../../src/format/printf.js';

const text = readFileSync(
  new URL('../fixtures/reference/oltp_read_write_interval_histogram.txt', import.meta.url),
  'utf8',
);

describe('--histogram section', () => {
  it('is printed between the intermediate lines and "SQL statistics:" exactly as sysbench does', () => {
    const byLabel = new Map<string, number>();
    for (let i = 0; i < HIST_SIZE; i++) byLabel.set(fmtFixed(bucketValue(i), 3), i);
    const counts = LATENCY_SCALE.newCounts();
    for (const m of text.matchAll(/^ +([0-9.]+) \|[* ]{40} (\d+)$/gm)) counts[byLabel.get(m[1]!)!] = Number(m[2]);

    const filter = new LogTextFilter();
    filter.text('Threads started!\n');
    // last intermediate line, then the section, then the final report
    let out = formatIntermediate(
      {
        ...emptyReportStats(), threadsRunning: 4, timeTotal: 4.0002, timeInterval: 0.99935548,
        events: 1450, reads: 20314, writes: 5804, other: 2900, latencyPct: 4.407 / 1000,
      },
      { percentile: 95 },
    );
    out += formatHistogramSection(counts, filter);
    const stats = {
      ...emptyReportStats(), reads: 79786, writes: 22796, other: 11398, events: 5699,
      timeInterval: 4.00388586, timeTotal: 4.003612,
      latencyMin: 0.00099012, latencyAvg: 0.0028066, latencyMax: 0.012097,
      latencyPct: percentile(counts, 95) / 1000, latencySum: 15.99533,
    };
    out += renderMessages(
      formatDbCumulative(stats, {
        percentile: 95,
        fairness: { threadEvents: [1255, 1473, 1484, 1487], threadTime: [3.9987, 3.9989, 3.9988, 3.99893] },
      }),
      filter,
    );
    expect(out).toBe(text.slice(text.indexOf('[ 4s ] thds:')));
  });

  it('prints only the title and the " " line when nothing was recorded', () => {
    expect(formatHistogramSection(LATENCY_SCALE.newCounts())).toBe(
      'Latency histogram (values are in milliseconds)\n \n',
    );
  });
});
