// --report-lag (our extension, with --rate): after the final report, each event's latency split
// into schedule lag (queued to started: the client's and its threads' share) and service time
// (started to ended), in the spirit of pgbench's "rate limit schedule lag" line. sysbench
// 1.0.20's report is unchanged above it.
import { fmtFixed } from '../format/printf.js';
import { splitFigures, type SplitFigure, type SplitReadings } from '../stats/latency-split.js';
import type { LogMessages } from './types.js';

const f3 = (x: number): string => fmtFixed(x, 3);

function line(label: string, f: SplitFigure, percentile: number): string {
  const pct = percentile > 0 ? `   ${percentile}th percentile: ${f3(f.pctAt(percentile))}` : '';
  return `         ${label.padEnd(28)} avg: ${f3(f.avg)}${pct}   max: ${f3(f.max)}`;
}

/**
 * The block, with its trailing blank line. `late`: how late the generator released events
 * after their scheduled times (an event's latency counts from its release, as in sysbench).
 */
export function formatLagBlock(split: SplitReadings, percentile: number, late: { avgMs: number; maxMs: number } | null): LogMessages {
  const f = splitFigures(split);
  const out = [
    'Schedule lag and service time (ms; latency = lag + service):',
    line('lag (queued to started):', f.lag, percentile),
    line('service (started to ended):', f.service, percentile),
  ];
  if (late !== null) {
    out.push(`         generator: events released ${f3(late.avgMs)} ms after their scheduled times on average (max ${f3(late.maxMs)}); latency counts from the release, as in sysbench`);
  }
  out.push('');
  return out;
}
