// --rate: each event's latency split into its schedule lag (from the moment the generator
// queued it to the moment a thread started it) and its service time (from that start to its
// end). latency = lag + service for every event, so the sums add up exactly.
import { percentile, totalCount } from './histogram.js';

/** Totals over a run (ms); minima are Infinity and maxima 0 while no event ended. */
export interface SplitTotals {
  events: number;
  lagSumMs: number;
  serviceSumMs: number;
  lagMinMs: number;
  lagMaxMs: number;
  serviceMinMs: number;
  serviceMaxMs: number;
}

export interface SplitReadings {
  totals: SplitTotals;
  /** histogram counts of the lags and of the service times (the latency histogram's buckets) */
  lag: Float64Array;
  service: Float64Array;
}

export function emptySplitTotals(): SplitTotals {
  return { events: 0, lagSumMs: 0, serviceSumMs: 0, lagMinMs: Infinity, lagMaxMs: 0, serviceMinMs: Infinity, serviceMaxMs: 0 };
}

/** The percentiles the JSON report gives of every latency figure. */
export const SPLIT_PERCENTILES = [50, 90, 95, 99, 99.9] as const;

export interface SplitFigure {
  min: number;
  avg: number;
  max: number;
  sum: number;
  /** p50, p90, p95, p99, p99.9 */
  pct: Record<string, number>;
  /** any percentile (sysbench's histogram estimate, ms) */
  pctAt(p: number): number;
}

function figure(events: number, sum: number, min: number, max: number, counts: ArrayLike<number>): SplitFigure {
  const recorded = totalCount(counts);
  const pctAt = (p: number): number => (recorded > 0 ? percentile(counts, p) : 0);
  const pct: Record<string, number> = {};
  for (const p of SPLIT_PERCENTILES) pct[`p${p}`] = pctAt(p);
  return { min: events > 0 ? min : 0, avg: events > 0 ? sum / events : 0, max: events > 0 ? max : 0, sum, pct, pctAt };
}

/** Lag and service figures (ms) from a run's readings. */
export function splitFigures(r: SplitReadings): { lag: SplitFigure; service: SplitFigure } {
  const t = r.totals;
  return {
    lag: figure(t.events, t.lagSumMs, t.lagMinMs, t.lagMaxMs, r.lag),
    service: figure(t.events, t.serviceSumMs, t.serviceMinMs, t.serviceMaxMs, r.service),
  };
}

/** What happened between two readings (sums, counts and histograms; no minima or maxima). */
export function splitWindow(cur: SplitReadings, prev: SplitReadings | null): SplitReadings {
  if (prev === null) return cur;
  const t = cur.totals;
  const p = prev.totals;
  const lag = new Float64Array(cur.lag.length);
  const service = new Float64Array(cur.service.length);
  for (let i = 0; i < lag.length; i++) {
    lag[i] = cur.lag[i]! - prev.lag[i]!;
    service[i] = cur.service[i]! - prev.service[i]!;
  }
  return {
    totals: { ...emptySplitTotals(), events: t.events - p.events, lagSumMs: t.lagSumMs - p.lagSumMs, serviceSumMs: t.serviceSumMs - p.serviceSumMs },
    lag,
    service,
  };
}
