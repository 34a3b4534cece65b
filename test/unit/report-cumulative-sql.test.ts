// Final report of DB scripts ("SQL statistics:" .. "Threads fairness:"),
// fed with numbers taken from reference transcripts, compared byte for byte.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDbCumulative, formatSqlStatistics } from '../../src/report/text.js';
import { renderMessages } from '../../src/format/logtext.js';
import { emptyReportStats, type ReportStats } from '../../src/report/types.js';
import { bucketIndex, bucketValue } from '../../src/stats/histogram.js';

const ref = (name: string): string =>
  readFileSync(new URL(`../fixtures/reference/${name}`, import.meta.url), 'utf8');

/** transcript text from the "SQL statistics:" line to the end */
const tail = (name: string): string => {
  const t = ref(name);
  return t.slice(t.indexOf('SQL statistics:\n'));
};

/** a histogram bucket value close to `ms`, in seconds (as sb_stat_t holds it) */
const pct = (ms: number): number => bucketValue(bucketIndex(ms)) / 1000;

interface Case {
  file: string;
  stats: Partial<ReportStats>;
  threadEvents: number[];
  threadTime: number[];
}

const CASES: Case[] = [
  {
    file: 'oltp_read_write_interval_histogram.txt',
    stats: {
      reads: 79786, writes: 22796, other: 11398, events: 5699,
      timeInterval: 4.00388586, timeTotal: 4.003612,
      latencyMin: 0.00099012, latencyAvg: 0.0028066, latencyMax: 0.012097, latencyPct: pct(4.33), latencySum: 15.99533,
    },
    threadEvents: [1255, 1473, 1484, 1487],
    threadTime: [3.9987, 3.9989, 3.9988, 3.99893],
  },
  {
    file: 'oltp_point_select_run.txt',
    stats: {
      reads: 476321, events: 476321, timeInterval: 5.00155537, timeTotal: 5.00101,
      latencyMin: 0.0000201, latencyAvg: 0.0000412, latencyMax: 0.013691, latencyPct: pct(0.07), latencySum: 19.91193,
    },
    threadEvents: [122167, 115993, 122109, 116052],
    threadTime: [4.9779, 4.978, 4.9781, 4.97802],
  },
  {
    file: 'legacy_oltp_run.txt',
    stats: {
      reads: 318000, other: 636, events: 318, timeInterval: 5.04549099, timeTotal: 5.04488,
      latencyMin: 0.04607, latencyAvg: 0.0634, latencyMax: 0.1205, latencyPct: pct(92.42), latencySum: 20.16036,
    },
    threadEvents: [75, 79, 82, 82],
    threadTime: [5.04, 5.0401, 5.0402, 5.04016],
  },
  {
    file: 'oltp_read_only_rate.txt',
    stats: {
      reads: 8526, other: 1218, events: 609, timeInterval: 3.0096043, timeTotal: 3.00921,
      latencyMin: 0.00039, latencyAvg: 0.000801, latencyMax: 0.00305, latencyPct: pct(1.16), latencySum: 0.48758,
    },
    threadEvents: [304, 305],
    threadTime: [0.2437, 0.24388],
  },
];

describe('DB cumulative report', () => {
  for (const c of CASES) {
    it(`matches ${c.file}`, () => {
      const stats = { ...emptyReportStats(), ...c.stats };
      const msgs = formatDbCumulative(stats, {
        percentile: 95,
        fairness: { threadEvents: c.threadEvents, threadTime: c.threadTime },
      });
      expect(renderMessages(msgs)).toBe(tail(c.file));
    });
  }

  it('left-aligns counts in 6 columns and lets longer ones push the rate', () => {
    const stats = { ...emptyReportStats(), reads: 1234567, events: 7, errors: 123456, timeInterval: 2 };
    const lines = formatSqlStatistics(stats);
    expect(lines).toContain('    transactions:                        7      (3.50 per sec.)');
    expect(lines).toContain('    queries:                             1234567 (617283.50 per sec.)');
    expect(lines).toContain('    ignored errors:                      123456 (61728.00 per sec.)');
  });
});
