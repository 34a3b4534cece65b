// Counter deltas (intermediate vs cumulative baselines), timer aggregation
// and threads fairness, as sysbench computes them.
import { describe, expect, it } from 'vitest';
import {
  CounterWindows,
  computeFairness,
  emptyTimer,
  fairnessFromTimers,
  latencyFromTimers,
  mergeTimers,
  nsToSec,
  sumCounters,
  timerAvgNs,
  timerMinNs,
  zeroCounters,
  type CounterValues,
} from '../../src/stats/counters.js';

const at = (events: number, reads = 0): CounterValues => ({ ...zeroCounters(), events, reads });

describe('counters, timers, fairness', () => {
  it('keeps independent baselines for intermediate and cumulative reports', () => {
    const w = new CounterWindows();
    expect(w.intermediate(at(10, 100)).events).toBe(10);
    expect(w.intermediate(at(25, 160))).toEqual({ ...at(15, 60) });
    // a checkpoint covers everything since the start, despite intermediates
    expect(w.cumulative(at(30, 200)).events).toBe(30);
    // ...and does not move the intermediate baseline
    expect(w.intermediate(at(40, 210)).events).toBe(15);
    expect(w.cumulative(at(41, 210)).events).toBe(11);
  });

  it('sums per-thread counters', () => {
    expect(sumCounters([at(1, 2), at(3, 4)])).toEqual(at(4, 6));
  });

  it('merges timers like sb_timer_merge and reports min 0 / avg 0 without events', () => {
    const a = { events: 2, sumNs: 3_000_001, minNs: 1_000_000, maxNs: 2_000_001 };
    const b = emptyTimer();
    const m = mergeTimers([a, b]);
    expect(m).toEqual({ events: 2, sumNs: 3_000_001, minNs: 1_000_000, maxNs: 2_000_001 });
    expect(timerAvgNs(m)).toBe(1_500_000); // integer division truncates
    expect(timerMinNs(b)).toBe(0);
    expect(timerAvgNs(b)).toBe(0);
    const lat = latencyFromTimers([a, b]);
    expect(lat).toEqual({ latencyMin: 0.001, latencyMax: 0.002000001, latencyAvg: 0.0015, latencySum: 0.003000001 });
  });

  it('converts nanoseconds like NS2SEC (also from bigint)', () => {
    expect(nsToSec(1_500_000_000)).toBe(1.5);
    expect(nsToSec(1_500_000_000n)).toBe(1.5);
  });

  it('computes fairness as population stddev over the configured threads', () => {
    const f = computeFairness([304, 305], [0.2437, 0.2439], 0.4876);
    expect(f.eventsAvg).toBe(304.5);
    expect(f.eventsStddev).toBe(0.5);
    expect(f.timeAvg).toBeCloseTo(0.2438, 12);
    expect(f.timeStddev).toBeCloseTo(0.0001, 12);
    // an idle thread still counts
    const g = computeFairness([4, 0], [1, 0], 1);
    expect(g.eventsAvg).toBe(2);
    expect(g.eventsStddev).toBe(2);
    expect(g.timeAvg).toBe(0.5);
  });

  it('takes the time average from the report latency sum, not from the threads', () => {
    const threads = [
      { events: 1, sumNs: 1e9, minNs: 1e9, maxNs: 1e9 },
      { events: 1, sumNs: 3e9, minNs: 3e9, maxNs: 3e9 },
    ];
    const f = fairnessFromTimers(threads, 10);
    expect(f.timeAvg).toBe(5);
    expect(f.timeStddev).toBe(Math.sqrt((16 + 4) / 2));
  });
});
