// "Latency (ms):" block: percentile heading "%3dth percentile:" for any
// --percentile, "percentile stats: disabled" for 0; and the --debug blocks.
import { describe, expect, it } from 'vitest';
import { formatLatency, formatThreadsDebug, formatSqlDebugStatistics } from '../../src/report/text.js';
import { renderMessages } from '../../src/format/logtext.js';
import { emptyReportStats } from '../../src/report/types.js';

const block = (percentile: number, ms: [number, number, number, number, number]): string =>
  renderMessages(
    formatLatency(
      {
        ...emptyReportStats(),
        latencyMin: ms[0] / 1000,
        latencyAvg: ms[1] / 1000,
        latencyMax: ms[2] / 1000,
        latencyPct: ms[3] / 1000,
        latencySum: ms[4] / 1000,
      },
      { percentile },
    ),
  );

describe('latency block', () => {
  // captured from: sysbench cpu --time=1 --percentile=N run  (N = 99, 50, 100, 1, 0)
  it.each([
    [99, [0.38, 0.46, 3.1, 0.75, 999.03], '         99th percentile:                        0.75'],
    [50, [0.38, 0.4, 6.91, 0.38, 998.92], '         50th percentile:                        0.38'],
    [100, [0.38, 0.39, 3.93, 3.96, 998.31], '        100th percentile:                        3.96'],
    [1, [0.38, 0.39, 0.7, 0.37, 998.46], '          1th percentile:                        0.37'],
    [0, [0.38, 0.39, 1.72, 0.001, 999.75], '         percentile stats:               disabled'],
  ] as const)('--percentile=%i', (p, ms, line) => {
    const out = block(p, [...ms]);
    const f = (x: number): string => x.toFixed(2).padStart(39);
    expect(out).toBe(
      'Latency (ms):\n' +
        `         min: ${f(ms[0])}\n` +
        `         avg: ${f(ms[1])}\n` +
        `         max: ${f(ms[2])}\n` +
        `${line}\n` +
        `         sum: ${f(ms[4])}\n` +
        '\n',
    );
  });

  it('--debug per-thread block', () => {
    // captured from: sysbench threads --time=1 --threads=2 --debug=on run
    const out = renderMessages(
      formatThreadsDebug([
        { min: 0.00026, avg: 0.0013872, max: 0.0073, events: 721, sum: 1.00021 },
        { min: 0.00026, avg: 0.0013741, max: 0.0073, events: 728, sum: 1.00039 },
      ]),
    );
    expect(out).toBe(
      'DEBUG: Verbose per-thread statistics:\n\n' +
        'DEBUG:     thread #  0: min: 0.0003s  avg: 0.0014s  max: 0.0073s  events: 721\n' +
        'DEBUG:                  total time taken by event execution: 1.0002s\n' +
        'DEBUG:     thread #  1: min: 0.0003s  avg: 0.0014s  max: 0.0073s  events: 728\n' +
        'DEBUG:                  total time taken by event execution: 1.0004s\n' +
        '\n',
    );
  });

  it('--db-debug query statistics block', () => {
    const t = { min: 0.00001, avg: 0.00002, max: 0.5, sum: 12.34567 };
    const lines = formatSqlDebugStatistics(t, t);
    expect(lines[0]).toBe('DEBUG: ');
    expect(lines[1]).toBe('DEBUG: Query execution statistics:');
    expect(lines[2]).toBe('DEBUG:     min:                                0.0000s');
    expect(lines[5]).toBe('DEBUG:   total:                                12.3457s');
    expect(lines[6]).toBe('DEBUG: Results fetching statistics:');
    expect(lines.length).toBe(11);
  });
});
