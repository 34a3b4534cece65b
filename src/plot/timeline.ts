// `sysbench-ts plot`: throughput and a latency percentile over time, from the --report-interval
// records of one or more reports, one line per report (labelled by shard when sharded), plus
// the merged total when the reports are parts of one run.
import { basename } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { LATENCY_SCALE } from '../stats/histogram.js';
import type { RunReport } from '../merge/report-file.js';
import { CHART_CONFIG } from './render.js';

export type ThroughputMetric = 'events' | 'queries';

export interface TimelineSeries {
  label: string;
  report: RunReport;
  /** x positions: seconds since this instant (wall clock); null: since the report's own start */
  originUnixMs: number | null;
}

export interface TimelinePoint {
  series: string;
  time_s: number;
  throughput: number;
  latency_ms: number;
}

/** A report's line label: its shard, else its file name. */
export function seriesLabel(r: RunReport): string {
  return r.shard ? `shard ${r.shard.index}/${r.shard.count}` : basename(r.file).replace(/\.json$/, '');
}

/** The plotted values of every interval of every series. */
export function timelinePoints(series: readonly TimelineSeries[], percentile: number, metric: ThroughputMetric): TimelinePoint[] {
  const points: TimelinePoint[] = [];
  for (const s of series) {
    for (const rec of s.report.intervals) {
      const c = rec.counters;
      const n = metric === 'queries' ? c.reads + c.writes + c.other : c.events;
      const t = s.originUnixMs === null ? rec.timeS : (rec.atUnixMs - s.originUnixMs) / 1000;
      let events = 0;
      for (let i = 0; i < rec.histogram.length; i++) events += rec.histogram[i]!;
      points.push({
        series: s.label,
        time_s: Number(t.toFixed(3)),
        throughput: Number((n / rec.intervalS).toFixed(2)),
        latency_ms: events > 0 ? Number(LATENCY_SCALE.percentile(rec.histogram, percentile).toFixed(3)) : 0,
      });
    }
  }
  return points;
}

/** Two panels sharing the time axis and the legend: throughput, then latency. */
export function timelineSpec(points: TimelinePoint[], o: { percentile: number; metric: ThroughputMetric; title: string }): TopLevelSpec {
  const unit = o.metric === 'queries' ? 'queries/s' : 'events/s';
  const order = [...new Set(points.map((p) => p.series))];
  const color = { field: 'series', type: 'nominal', title: 'run', sort: order, scale: { scheme: 'tableau10' } } as const;
  const x = { field: 'time_s', type: 'quantitative', title: 'time (s)', scale: { domainMin: 0 } } as const;
  const panel = (field: string, title: string) => ({
    width: 640,
    height: 220,
    mark: { type: 'line', point: { size: 18 }, strokeWidth: 1.8 },
    encoding: {
      x,
      y: { field, type: 'quantitative', title },
      color,
      tooltip: [{ field: 'series' }, x, { field, type: 'quantitative' }],
    },
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: o.title,
    config: CHART_CONFIG,
    data: { values: points },
    vconcat: [
      panel('throughput', `throughput (${unit})`),
      panel('latency_ms', `latency, ${o.percentile}th percentile (ms)`),
    ],
    resolve: { scale: { color: 'shared' } },
  } as TopLevelSpec;
}
