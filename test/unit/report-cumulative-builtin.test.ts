// Final reports of the built-in tests (cpu, memory, fileio, threads, mutex),
// from "Threads started!" to the end, fed with transcript numbers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCpuStatistics, formatFileioStatistics, formatMemoryStatistics } from '../../src/report/builtin.js';
import { formatCumulative } from '../../src/report/text.js';
import { LogTextFilter, renderMessages } from '../../src/format/logtext.js';
import { emptyReportStats, type LogMessages, type ReportStats } from '../../src/report/types.js';
import { bucketIndex, bucketValue } from '../../src/stats/histogram.js';

const ref = (name: string): string =>
  readFileSync(new URL(`../fixtures/reference/${name}`, import.meta.url), 'utf8');

/** from "Threads started!" up to the next command (or the end) */
function section(name: string, occurrence = 0): string {
  const t = ref(name);
  let at = -1;
  for (let k = 0; k <= occurrence; k++) at = t.indexOf('Threads started!\n', at + 1);
  const next = t.indexOf('\n$ ', at);
  return next < 0 ? t.slice(at) : t.slice(at, next + 1);
}

const pct = (ms: number): number => bucketValue(bucketIndex(ms)) / 1000;
const THREADS_STARTED = 'Threads started!\n';

function render(stats: ReportStats, own: LogMessages, threadTime: number[]): string {
  const msgs = [
    THREADS_STARTED,
    ...own,
    ...formatCumulative(stats, { percentile: 95, fairness: { threadEvents: [stats.events], threadTime } }),
  ];
  return renderMessages(msgs, new LogTextFilter());
}

describe('built-in test reports', () => {
  it('cpu', () => {
    const s: ReportStats = {
      ...emptyReportStats(), events: 8597, timeInterval: 2.0014038, timeTotal: 2.00031,
      latencyMin: 0.000221, latencyAvg: 0.000231, latencyMax: 0.00468, latencyPct: pct(0.27), latencySum: 1.99314,
    };
    expect(render(s, formatCpuStatistics(s), [1.99314])).toBe(section('builtin_cpu.txt'));
  });

  it('memory', () => {
    const s: ReportStats = {
      ...emptyReportStats(), events: 14108901, timeInterval: 14108901 / 7051886.45, timeTotal: 2.00011,
      latencyMin: 0.0000001, latencyAvg: 0, latencyMax: 0.00011, latencyPct: pct(0.001), latencySum: 0.751648,
    };
    expect(render(s, formatMemoryStatistics(s, 1024), [0.75164])).toBe(section('builtin_memory.txt'));
  });

  it('memory with --memory-oper=none omits the transfer line', () => {
    const s: ReportStats = { ...emptyReportStats(), events: 10, timeInterval: 1 };
    expect(formatMemoryStatistics(s, 1024, false)).toEqual(['Total operations: 10 (   10.00 per second)\n']);
  });

  it('fileio', () => {
    const s: ReportStats = {
      ...emptyReportStats(), events: 68799, timeInterval: 3.0080871, timeTotal: 3.00751,
      latencyMin: 0.0000012, latencyAvg: 0.0000432, latencyMax: 0.00365, latencyPct: pct(0.14), latencySum: 2.97499,
    };
    const io = { readOps: 18120, writeOps: 12080, otherOps: 38727, bytesRead: 18120 * 16384, bytesWritten: 12080 * 16384 };
    expect(render(s, formatFileioStatistics(s, io), [2.97501])).toBe(section('builtin_fileio.txt'));
  });

  it('threads (no test section: sb_report_cumulative only)', () => {
    const s: ReportStats = {
      ...emptyReportStats(), events: 4064, timeInterval: 2.0005, timeTotal: 2.00041,
      latencyMin: 0.00048, latencyAvg: 0.000491, latencyMax: 0.00077, latencyPct: pct(0.53), latencySum: 1.99794,
    };
    expect(render(s, [], [1.99794])).toBe(section('builtin_threads.txt'));
  });

  it('mutex', () => {
    const s: ReportStats = {
      ...emptyReportStats(), events: 1, timeInterval: 0.1405, timeTotal: 0.14041,
      latencyMin: 0.14022, latencyAvg: 0.14022, latencyMax: 0.14022, latencyPct: pct(140.22), latencySum: 0.14022,
    };
    expect(render(s, [], [0.14022])).toBe(section('builtin_mutex.txt'));
  });
});
