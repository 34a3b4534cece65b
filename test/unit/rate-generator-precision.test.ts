// The --rate generator releases events at their scheduled times, without a server: its release
// stamps are compared with the schedule it follows (sysbench's exponential gaps from the same
// random numbers), not with a wall-clock bound of this machine.
import { describe, expect, it } from 'vitest';
import { generateEvents } from '../../src/runner/event-generator.js';
import { QUEUE_LEN, RateQueue } from '../../src/runner/rate.js';
import { Xoroshiro128Plus } from '../../src/rand/xoroshiro.js';

const SEED = [0x1234, 0x5678, 0x9abc, 0xdef0] as const;

/** Runs the generator in this thread for `ms` at `rate`; returns its release stamps and start. */
function generate(rate: number, ms: number, dropWhenFull = false): { stamps: number[]; queue: RateQueue; start: number } {
  const queue = new RateQueue({ workers: 1 });
  const rng = new Xoroshiro128Plus(...SEED);
  generateEvents(queue, { rate, uniform: () => rng.nextDouble(), endAfterMs: ms, dropWhenFull });
  const stamps: number[] = [];
  for (let t = queue.tryPop(); t !== null; t = queue.tryPop()) stamps.push(t);
  return { stamps, queue, start: queue.generatorTiming().startMs };
}

/** sysbench's schedule: two gaps before the first event, then one per event (whole nanoseconds). */
function schedule(rate: number, start: number, n: number): number[] {
  const rng = new Xoroshiro128Plus(...SEED);
  const lambdaNs = 1e9 / rate;
  const gap = (): number => Math.trunc(-lambdaNs * Math.log(1 - rng.nextDouble())) / 1e6;
  const out: number[] = [];
  let next = start + gap() + gap();
  for (let i = 0; i < n; i++) {
    out.push(next);
    next += gap();
  }
  return out;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('--rate event generator', () => {
  it('releases each event at or after its scheduled time, close to it', () => {
    const rate = 5000;
    const { stamps, queue, start } = generate(rate, 400);
    // about rate * time events (Poisson: 2000 +- ~45 here)
    expect(stamps.length).toBeGreaterThan(1700);
    expect(stamps.length).toBeLessThan(2300);
    const planned = schedule(rate, start, stamps.length);
    const late = stamps.map((t, i) => t - planned[i]!);
    // never early: an event is released when its time has come
    expect(Math.min(...late)).toBeGreaterThanOrEqual(0);
    // in order, as the schedule is
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]!).toBeGreaterThanOrEqual(stamps[i - 1]!);
    // the generator's own account of its lateness is what the stamps say
    const timing = queue.generatorTiming();
    expect(timing.released).toBe(stamps.length);
    expect(timing.lateAvgMs).toBeCloseTo(late.reduce((a, b) => a + b, 0) / late.length, 6);
    // most events leave well within one mean gap (0.2 ms) of their time: a sleep to the
    // microsecond (a millisecond timer would release them in bursts, 0.5 ms late at the median)
    expect(median(late)).toBeLessThan(0.2);
  });

  it('follows the schedule of the seed: exponential gaps with 1/rate as their mean', () => {
    const rate = 1000;
    const { stamps, start } = generate(rate, 300);
    const planned = schedule(rate, start, stamps.length + 1);
    for (let i = 0; i < stamps.length; i++) expect(stamps[i]!).toBeGreaterThanOrEqual(planned[i]!);
    // as many events as the schedule has before the end (the last may fall on either side)
    expect(planned.filter((t) => t < start + 300).length - stamps.length).toBeGreaterThanOrEqual(-1);
    expect(planned.filter((t) => t < start + 300).length - stamps.length).toBeLessThanOrEqual(1);
    // an exponential distribution's mean and standard deviation are both 1/rate (1 ms)
    const gaps = planned.slice(1).map((t, i) => t - planned[i]!);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((a, b) => a + (b - mean) ** 2, 0) / gaps.length);
    expect(mean).toBeGreaterThan(0.8);
    expect(mean).toBeLessThan(1.25);
    expect(sd / mean).toBeGreaterThan(0.8);
    expect(sd / mean).toBeLessThan(1.25);
  });

  it('stops at the end of its time and closes the queue', () => {
    const { queue, start, stamps } = generate(2000, 100);
    expect(queue.closed).toBe(true);
    expect(Math.max(...stamps) - start).toBeLessThan(100 + 50);
    expect(stamps.length).toBeLessThan(QUEUE_LEN);
  });
});
