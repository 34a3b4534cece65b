// sysbench-ts merge A.json B.json ...: one final report, in sysbench's text layout, as if a
// single process had run all the threads (src/merge has the rules).
import { writeFileSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { loadReport, MergeError } from '../../merge/report-file.js';
import { mergeReports } from '../../merge/merge.js';
import { missingShards } from '../../merge/compat.js';
import { renderJson, renderText } from '../../merge/render.js';
import { fail, warn } from '../outcome.js';

interface MergeArgs {
  reports: string[];
  'json-report'?: string;
  percentile?: number;
  histogram: boolean;
}

export const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge <reports..>',
  describe: 'merge --json-report files of runs made at the same time into one exact report',
  builder: (y) => y
    .positional('reports', { type: 'string', array: true, demandOption: true, describe: 'report files (sysbench --json-report=FILE)' })
    .option('json-report', { type: 'string', describe: "also write the merged report as JSON to this file ('-': stdout, after the text)" })
    .option('percentile', { type: 'number', describe: 'the percentile to print (0: none) [default: the runs\' --percentile]' })
    .option('histogram', { type: 'boolean', default: false, describe: 'print the merged latency histogram, as sysbench --histogram' })
    .check((a) => {
      if (a.percentile !== undefined && !(a.percentile >= 0 && a.percentile <= 100)) throw new Error('--percentile must be between 0 and 100');
      return true;
    })
    .example('$0 merge shard-0.json shard-1.json --json-report=all.json', 'print the merged report and keep it as JSON') as never,
  handler: (a) => {
    try {
      const reports = a.reports.map(loadReport);
      const missing = missingShards(reports);
      if (missing.length > 0) {
        warn('merge', `shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${reports.find((r) => r.shard)!.shard!.count} missing: the merge covers only the shards given`);
      }
      const merged = mergeReports(reports);
      const percentile = a.percentile ?? merged.percentile;
      process.stdout.write(renderText(merged, { percentile, histogram: a.histogram }));
      if (a['json-report'] !== undefined && a['json-report'] !== '') {
        const text = JSON.stringify(renderJson({ ...merged, percentile }, reports), null, 2) + '\n';
        if (a['json-report'] === '-') process.stdout.write(text);
        else writeFileSync(a['json-report'], text);
      }
    } catch (e) {
      if (!(e instanceof MergeError)) throw e;
      fail('merge', e.message);
    }
  },
};
