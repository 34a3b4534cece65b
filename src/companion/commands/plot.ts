// sysbench-ts plot A.json ... -o FILE.svg: throughput and a latency percentile over time.
import { writeFileSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { loadReport, MergeError, type RunReport } from '../../merge/report-file.js';
import { mergeReports } from '../../merge/merge.js';
import { checkMergeable } from '../../merge/compat.js';
import { renderSvg } from '../../plot/render.js';
import { seriesLabel, timelinePoints, timelineSpec, type TimelineSeries } from '../../plot/timeline.js';
import { fail } from '../outcome.js';

interface PlotArgs {
  reports: string[];
  output: string;
  percentile?: number;
  metric: 'events' | 'queries';
  total?: boolean;
  title?: string;
}

/** Lines to draw: each report, and the merged total when the reports are parts of one run. */
export function plotSeries(reports: RunReport[], total: boolean | undefined): TimelineSeries[] {
  let mergeable = reports.length > 1;
  try {
    if (mergeable) checkMergeable(reports);
  } catch (e) {
    if (total === true) throw e;
    mergeable = false;
  }
  const withTotal = mergeable && total !== false;
  // parts of one run share the wall clock; separate runs are compared from their own starts
  const origin = withTotal ? Math.min(...reports.map((r) => r.startUnixMs)) : null;
  const series: TimelineSeries[] = reports.map((r) => ({ label: seriesLabel(r), report: r, originUnixMs: origin }));
  const labels = new Set<string>();
  for (const s of series) {
    let label = s.label;
    for (let n = 2; labels.has(label); n++) label = `${s.label} (${n})`;
    labels.add(label);
    s.label = label;
  }
  if (withTotal) series.push({ label: 'total (merged)', report: mergeReports(reports), originUnixMs: origin });
  return series;
}

export const plotCommand: CommandModule<object, PlotArgs> = {
  command: 'plot <reports..>',
  describe: 'draw throughput and latency over time from --json-report files made with --report-interval (SVG)',
  builder: (y) => y
    .positional('reports', { type: 'string', array: true, demandOption: true, describe: 'report files' })
    .option('output', { alias: 'o', type: 'string', demandOption: true, describe: 'the SVG file to write' })
    .option('percentile', { type: 'number', describe: 'latency percentile to draw [default: the runs\' --percentile, or 95]' })
    .option('metric', { choices: ['events', 'queries'] as const, default: 'events' as const, describe: 'throughput in events (transactions) or queries per second' })
    .option('total', { type: 'boolean', describe: 'add the merged total of reports that are parts of one run [default: when they are]' })
    .option('title', { type: 'string', describe: 'chart title [default: the test name]' })
    .example('$0 plot shard-*.json -o run.svg', 'one line per shard plus their total') as never,
  handler: async (a) => {
    try {
      const reports = a.reports.map(loadReport);
      for (const r of reports) {
        if (r.intervals.length === 0) throw new MergeError(`${r.file} has no interval records: run sysbench with --report-interval=N (and --json-report)`);
      }
      const percentile = a.percentile ?? (reports[0]!.percentile > 0 ? reports[0]!.percentile : 95);
      if (!(percentile > 0 && percentile <= 100)) throw new MergeError('--percentile must be above 0 and at most 100');
      const series = plotSeries(reports, a.total);
      const title = a.title ?? `${reports[0]!.test.replace(/^.*\//, '')}: ${a.metric}/s and ${percentile}th percentile latency per ${reports[0]!.reportInterval} s`;
      const svg = await renderSvg(timelineSpec(timelinePoints(series, percentile, a.metric), { percentile, metric: a.metric, title }));
      writeFileSync(a.output, svg);
      process.stderr.write(`sysbench-ts plot: wrote ${a.output} (${series.map((s) => s.label).join(', ')})\n`);
    } catch (e) {
      if (!(e instanceof MergeError)) throw e;
      fail('plot', e.message);
    }
  },
};
