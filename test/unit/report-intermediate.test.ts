// Intermediate (--report-interval) lines, fed with numbers consistent with
// reference transcripts, compared byte for byte.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIntermediate, formatIntermediateDefault, formatTimestamp } from '../../src/report/text.js';
import { formatFileioIntermediate, formatMemoryIntermediate } from '../../src/report/builtin.js';
import { emptyReportStats, type ReportStats } from '../../src/report/types.js';
import { bucketIndex, bucketValue, percentile, LATENCY_SCALE } from '../../src/stats/histogram.js';

const ref = (name: string): string =>
  readFileSync(new URL(`../fixtures/reference/${name}`, import.meta.url), 'utf8');
const timestamped = (name: string): string =>
  ref(name)
    .split('\n')
    .filter((l) => l.startsWith('[ '))
    .map((l) => l + '\n')
    .join('');

const pct = (ms: number): number => bucketValue(bucketIndex(ms)) / 1000;

const stats = (o: Partial<ReportStats>): ReportStats => ({ ...emptyReportStats(), ...o });

describe('intermediate reports', () => {
  it('DB scripts: oltp_read_write --report-interval=1', () => {
    // [interval, events, reads, writes, other, ms]
    const rows: Array<[number, number, number, number, number, number]> = [
      [1.00044128, 1566, 21963, 6268, 3135, 4.57],
      [0.9958802, 1309, 18327, 5237, 2619, 4.41],
      [0.99834021, 1361, 19052, 5441, 2722, 4.03],
      [0.99935548, 1450, 20314, 5804, 2900, 4.41],
    ];
    const out = rows
      .map(([t, events, reads, writes, other, ms], k) =>
        formatIntermediate(
          stats({ threadsRunning: 4, timeTotal: k + 1.0003, timeInterval: t, events, reads, writes, other, latencyPct: pct(ms) }),
          { percentile: 95 },
        ),
      )
      .join('');
    expect(out).toBe(timestamped('oltp_read_write_interval_histogram.txt'));
  });

  it('DB scripts with --rate add "queue length: N, concurrency: N"', () => {
    const rows: Array<[number, number, number, number, number, number]> = [
      [0.99048535, 188, 2632, 376, 1.12, 0],
      [0.9946893, 200, 2800, 400, 1.21, 0],
      [0.99520784, 216, 3027, 433, 1.12, 1],
    ];
    const out = rows
      .map(([t, events, reads, other, ms, conc], k) =>
        formatIntermediate(
          stats({ threadsRunning: 2, timeTotal: k + 0.9998, timeInterval: t, events, reads, other, latencyPct: pct(ms), concurrency: conc }),
          { percentile: 95, rate: true },
        ),
      )
      .join('');
    expect(out).toBe(timestamped('oltp_read_only_rate.txt'));
  });

  it('default line for built-in tests (cpu --rate=100 --report-interval=1)', () => {
    // captured from: sysbench cpu --time=2 --rate=100 --report-interval=1 run
    const s = stats({ threadsRunning: 1, timeTotal: 1.0002, timeInterval: 1.00203, events: 99, latencyPct: pct(0.5) });
    expect(formatIntermediateDefault(s, { percentile: 95, rate: true })).toBe(
      '[ 1s ] thds: 1 eps: 98.80 lat (ms,95%): 0.50\n[ 1s ] queue length: 0 concurrency: 0\n',
    );
    expect(formatIntermediateDefault(s, { percentile: 95 })).toBe('[ 1s ] thds: 1 eps: 98.80 lat (ms,95%): 0.50\n');
  });

  it('with --percentile=0 the histogram is empty and the line shows 0%: 0.00', () => {
    // captured from: sysbench cpu --time=1 --percentile=0 --report-interval=1 run
    const latencyPct = percentile(LATENCY_SCALE.newCounts(), 0) / 1000;
    const s = stats({ threadsRunning: 1, timeTotal: 1.0001, timeInterval: 1, events: 2554.73, latencyPct });
    expect(formatIntermediateDefault(s, { percentile: 0 })).toBe('[ 1s ] thds: 1 eps: 2554.73 lat (ms,0%): 0.00\n');
  });

  it('memory: "[ 1s ] N MiB/sec"', () => {
    // captured from: sysbench memory --time=2 --report-interval=1 run
    const s = stats({ threadsRunning: 1, timeTotal: 1.0001, timeInterval: 1, events: 5927506 });
    expect(formatMemoryIntermediate(s, 1024)).toBe('[ 1s ] 5788.58 MiB/sec\n');
  });

  it('fileio: MiB/s, fsyncs/s and a 3-decimal latency', () => {
    // captured from: sysbench fileio --file-total-size=16M --file-num=4 --file-test-mode=rndrw
    //   --time=2 --report-interval=1 --report-checkpoints=1 run
    const s = stats({ threadsRunning: 1, timeTotal: 1.0004, timeInterval: 1.0101, latencyPct: pct(0.007) });
    const io = { bytesRead: 60 * 16384, bytesWritten: 40 * 16384, otherOps: 2 };
    expect(formatFileioIntermediate(s, io, { percentile: 95 })).toBe(
      '[ 1s ] reads: 0.93 MiB/s writes: 0.62 MiB/s fsyncs: 1.98/s latency (ms,95%): 0.007\n',
    );
  });

  it('rounds the timestamp like "%.0f" (ties to even)', () => {
    expect(formatTimestamp(0.4999)).toBe('[ 0s ] ');
    expect(formatTimestamp(2.5)).toBe('[ 2s ] ');
    expect(formatTimestamp(3.5)).toBe('[ 4s ] ');
    expect(formatTimestamp(10.0004)).toBe('[ 10s ] ');
  });
});
