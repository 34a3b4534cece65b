// Reads what the workers wrote into shared memory and turns it into the statistics sysbench
// reports: counter totals, per-thread timers and summed latency histogram counts.
import { HIST_SIZE } from '../stats/histogram.js';
import type { CounterValues, TimerTotals } from '../stats/counters.js';
import type { RunReadings } from '../stats/run-readings.js';
import { Ctl, Split, splitHistOffset, Stat, type SharedViews } from './shared-memory.js';
import { emptySplitTotals, type SplitReadings, type SplitTotals } from '../stats/latency-split.js';
import type { RateQueue } from './rate.js';

export class Collector implements RunReadings {
  private readonly histTotals = new Float64Array(HIST_SIZE);
  // what was recorded during --warmup-time, subtracted from every reading
  private counterBase: CounterValues = { events: 0, reads: 0, writes: 0, other: 0, errors: 0, reconnects: 0 };
  private readonly histBase = new Float64Array(HIST_SIZE);
  private droppedBase = 0;
  // --rate: lag/service sums and histograms at the end of --warmup-time
  private splitBase: SplitTotals = emptySplitTotals();
  private readonly lagBase = new Float64Array(HIST_SIZE);
  private readonly serviceBase = new Float64Array(HIST_SIZE);
  // per-thread timer baselines at the last checkpoint (sum and count keep growing in shared memory)
  private readonly sumBase: Float64Array;
  private readonly countBase: Float64Array;

  constructor(
    private readonly v: SharedViews,
    readonly threads: number,
    private readonly histRegions: number,
    private readonly rateQueue: RateQueue | null = null,
  ) {
    this.sumBase = new Float64Array(threads);
    this.countBase = new Float64Array(threads);
  }

  /** --rate: events waiting in the queue, and events in progress */
  queue(): { length: number; concurrency: number } {
    return this.rateQueue ? { length: this.rateQueue.length, concurrency: this.rateQueue.concurrency } : { length: 0, concurrency: 0 };
  }

  /** --rate: how late the generator released events after their scheduled times (ms) */
  generatorLate(): { avgMs: number; maxMs: number } | null {
    if (this.rateQueue === null) return null;
    const g = this.rateQueue.generatorTiming();
    return { avgMs: g.lateAvgMs, maxMs: g.lateMaxMs };
  }

  /** events dropped by --rate-latency-limit */
  dropped(): number {
    return this.rateQueue?.dropped ?? 0;
  }

  /** After --warmup-time: what was recorded so far no longer counts. */
  restart(): void {
    this.counterBase = this.counters();
    this.histBase.set(this.histogram());
    this.timers(true);
    this.droppedBase = this.dropped();
    const split = this.split();
    if (split !== null) {
      this.splitBase = { ...split.totals };
      this.lagBase.set(split.lag);
      this.serviceBase.set(split.service);
      // minima and maxima start afresh
      Atomics.add(this.v.ctl, Ctl.SplitEpoch, 1);
    }
  }

  /** --rate: each event's latency as schedule lag + service time, since the start (null without --rate). */
  split(): SplitReadings | null {
    const l = this.v.split;
    if (l === null) return null;
    const base = this.splitBase;
    const t: SplitTotals = { ...emptySplitTotals(), events: -base.events, lagSumMs: -base.lagSumMs, serviceSumMs: -base.serviceSumMs };
    const epoch = this.v.ctl[Ctl.SplitEpoch];
    for (let i = 0; i < this.threads; i++) {
      const b = i * Split.Stride;
      t.events += l[b + Split.Events]!;
      t.lagSumMs += l[b + Split.LagSum]!;
      t.serviceSumMs += l[b + Split.ServiceSum]!;
      if (l[b + Split.Epoch] !== epoch) continue;
      t.lagMinMs = Math.min(t.lagMinMs, l[b + Split.LagMin]!);
      t.lagMaxMs = Math.max(t.lagMaxMs, l[b + Split.LagMax]!);
      t.serviceMinMs = Math.min(t.serviceMinMs, l[b + Split.ServiceMin]!);
      t.serviceMaxMs = Math.max(t.serviceMaxMs, l[b + Split.ServiceMax]!);
    }
    const lag = new Float64Array(HIST_SIZE);
    const service = new Float64Array(HIST_SIZE);
    for (let i = 0; i < HIST_SIZE; i++) {
      lag[i] = -this.lagBase[i]!;
      service[i] = -this.serviceBase[i]!;
    }
    const first = splitHistOffset(this.threads);
    for (let r = 0; r < this.histRegions; r++) {
      const at = first + r * 2 * HIST_SIZE;
      for (let i = 0; i < HIST_SIZE; i++) {
        lag[i] += l[at + i]!;
        service[i] += l[at + HIST_SIZE + i]!;
      }
    }
    return { totals: t, lag, service };
  }

  dbUsed(): boolean {
    return Atomics.load(this.v.ctl, Ctl.DbUsed) === 1;
  }

  threadsRunning(): number {
    return Atomics.load(this.v.ctl, Ctl.Running);
  }

  counters(): CounterValues {
    const s = this.v.stats;
    const base = this.counterBase;
    const c = { events: -base.events, reads: -base.reads, writes: -base.writes, other: -base.other, errors: -base.errors, reconnects: -base.reconnects };
    // slot `threads` collects queries made by the main state (sysbench's background slot): not reported
    for (let t = 0; t < this.threads; t++) {
      const b = t * Stat.Stride;
      c.events += s[b + Stat.Events];
      c.reads += s[b + Stat.Read];
      c.writes += s[b + Stat.Write];
      c.other += s[b + Stat.Other];
      c.errors += s[b + Stat.QueryErrors];
      c.reconnects += s[b + Stat.Reconnect];
    }
    return c;
  }

  /** Running per-bucket totals over all workers (the histogram windows diff these). */
  histogram(): Float64Array {
    const h = this.v.hist;
    const out = this.histTotals;
    for (let i = 0; i < HIST_SIZE; i++) out[i] = -this.histBase[i];
    for (let r = 0; r < this.histRegions; r++) {
      const base = r * HIST_SIZE;
      for (let i = 0; i < HIST_SIZE; i++) out[i] += h[base + i];
    }
    return out;
  }

  /** Per-thread timers since the last checkpoint; with `reset`, starts a new checkpoint epoch. */
  timers(reset: boolean): TimerTotals[] {
    const s = this.v.stats;
    const epoch = this.v.ctl[Ctl.Epoch];
    const out: TimerTotals[] = [];
    for (let t = 0; t < this.threads; t++) {
      const b = t * Stat.Stride;
      const sum = s[b + Stat.TimeSum];
      const count = s[b + Stat.TimedEvents];
      const events = count - this.countBase[t];
      const fresh = s[b + Stat.Epoch] === epoch && events > 0;
      out.push({
        events,
        sumNs: (sum - this.sumBase[t]) * 1e6,
        minNs: fresh ? s[b + Stat.LatMin] * 1e6 : Infinity,
        maxNs: fresh ? s[b + Stat.LatMax] * 1e6 : 0,
      });
      if (reset) {
        this.sumBase[t] = sum;
        this.countBase[t] = count;
      }
    }
    if (reset) Atomics.add(this.v.ctl, Ctl.Epoch, 1);
    return out;
  }

  /** Events in progress right now (for the forced-shutdown notice). */
  unfinished(): number {
    let n = 0;
    for (let t = 0; t < this.threads; t++) if (this.v.stats[t * Stat.Stride + Stat.InEvent] === 1) n++;
    return n;
  }
}
