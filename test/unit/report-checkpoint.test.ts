// --report-checkpoints framing: "[ Ns ] Checkpoint report:" (timestamped,
// outside the duplicate filter) followed by the full cumulative report; and
// the duplicate filter turning a repeated blank line into
// "(last message repeated 1 times)".
import { describe, expect, it } from 'vitest';
import { formatCheckpointHeader, formatCumulative, formatDbCumulative, formatIntermediate } from '../../src/report/text.js';
import { LogTextFilter, renderMessages } from '../../src/format/logtext.js';
import { emptyReportStats, type ReportStats } from '../../src/report/types.js';
import { bucketIndex, bucketValue } from '../../src/stats/histogram.js';

const pct = (ms: number): number => bucketValue(bucketIndex(ms)) / 1000;
const stats = (o: Partial<ReportStats>): ReportStats => ({ ...emptyReportStats(), ...o });

// captured from: sysbench threads --time=3 --report-checkpoints=1,2 run
const THREADS_CHECKPOINTS = `Threads started!

[ 1s ] Checkpoint report:

General statistics:
    total time:                          1.0001s
    total number of events:              3876

Latency (ms):
         min:                                    0.24
         avg:                                    0.26
         max:                                    2.62
         95th percentile:                        0.29
         sum:                                  999.98

Threads fairness:
    events (avg/stddev):           3881.0000/0.00
    execution time (avg/stddev):   1.0000/0.00

[ 2s ] Checkpoint report:
(last message repeated 1 times)
General statistics:
    total time:                          2.0001s
    total number of events:              3661

Latency (ms):
         min:                                    0.24
         avg:                                    0.27
         max:                                    3.43
         95th percentile:                        0.31
         sum:                                  998.76

Threads fairness:
    events (avg/stddev):           3661.0000/0.00
    execution time (avg/stddev):   0.9988/0.00

(last message repeated 1 times)
General statistics:
    total time:                          3.0002s
    total number of events:              3805

Latency (ms):
         min:                                    0.24
         avg:                                    0.26
         max:                                    2.46
         95th percentile:                        0.34
         sum:                                  997.59

Threads fairness:
    events (avg/stddev):           3800.0000/0.00
    execution time (avg/stddev):   0.9976/0.00

`;

// captured from: sysbench oltp_read_only --threads=2 --time=3 --report-interval=1
//   --report-checkpoints=1,2 --histogram ... run   (first checkpoint and the next line)
const OLTP_CHECKPOINT = `[ 1s ] Checkpoint report:
SQL statistics:
    queries performed:
        read:                            16893
        write:                           0
        other:                           2412
        total:                           19305
    transactions:                        1205   (1203.17 per sec.)
    queries:                             19305  (19275.76 per sec.)
    ignored errors:                      0      (0.00 per sec.)
    reconnects:                          0      (0.00 per sec.)

General statistics:
    total time:                          1.0001s
    total number of events:              1205

Latency (ms):
         min:                                    0.52
         avg:                                    1.66
         max:                                   16.78
         95th percentile:                        3.36
         sum:                                 1997.95

Threads fairness:
    events (avg/stddev):           603.0000/105.00
    execution time (avg/stddev):   0.9990/0.00

[ 1s ] thds: 2 tps: 1196.58 qps: 19174.00 (r/w/o: 16778.86/0.00/2395.14) lat (ms,95%): 7.43 err/s: 0.00 reconn/s: 0.00
`;

describe('checkpoint reports', () => {
  it('threads: repeated blank lines become "(last message repeated 1 times)"', () => {
    const filter = new LogTextFilter();
    // fairness events come from the per-thread timers, which are read a bit
    // later than the counters ("total number of events")
    const report = (s: Partial<ReportStats>, timerEvents: number): string =>
      renderMessages(
        formatCumulative(stats(s), {
          percentile: 95,
          fairness: { threadEvents: [timerEvents], threadTime: [s.latencySum!] },
        }),
        filter,
      );
    let out = filter.text('Threads started!\n');
    out += formatCheckpointHeader(1.0001);
    out += report({ timeTotal: 1.0001, events: 3876, latencyMin: 0.00024, latencyAvg: 0.00026, latencyMax: 0.00262, latencyPct: pct(0.29), latencySum: 0.99998 }, 3881);
    out += formatCheckpointHeader(2.0001);
    out += report({ timeTotal: 2.0001, events: 3661, latencyMin: 0.00024, latencyAvg: 0.00027, latencyMax: 0.00343, latencyPct: pct(0.31), latencySum: 0.99876 }, 3661);
    out += report({ timeTotal: 3.0002, events: 3805, latencyMin: 0.00024, latencyAvg: 0.00026, latencyMax: 0.00246, latencyPct: pct(0.34), latencySum: 0.99759 }, 3800);
    expect(out).toBe(THREADS_CHECKPOINTS);
  });

  it('oltp: the header is followed directly by "SQL statistics:"', () => {
    const filter = new LogTextFilter();
    filter.text('Threads started!\n');
    const s = stats({
      timeTotal: 1.0001, timeInterval: 1.001516821, events: 1205, reads: 16893, other: 2412,
      latencyMin: 0.00052, latencyAvg: 0.00166, latencyMax: 0.01678, latencyPct: pct(3.36), latencySum: 1.99795,
    });
    let out = formatCheckpointHeader(1.0001);
    out += renderMessages(
      formatDbCumulative(s, { percentile: 95, fairness: { threadEvents: [498, 708], threadTime: [0.999, 0.99895] } }),
      filter,
    );
    out += formatIntermediate(
      stats({ threadsRunning: 2, timeTotal: 1.0004, timeInterval: 1, events: 1196.58, reads: 16778.86, other: 2395.14, latencyPct: pct(7.43) }),
      { percentile: 95 },
    );
    expect(out).toBe(OLTP_CHECKPOINT);
  });

  it('the filter counts every repeat and ignores timestamped output', () => {
    const f = new LogTextFilter();
    expect(f.text('')).toBe('\n');
    expect(f.text('')).toBe('');
    expect(f.text('')).toBe('');
    expect(f.text('x')).toBe('(last message repeated 2 times)\nx\n');
    expect(f.text('DEBUG: x')).toBe(''); // compared without the priority prefix
    expect(f.text('y')).toBe('(last message repeated 1 times)\ny\n');
  });
});
