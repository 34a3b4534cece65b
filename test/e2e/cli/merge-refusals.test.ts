// sysbench-ts merge refuses what cannot be one run, with a clear message and exit status 1;
// built-in tests (cpu) merge in their own layout. Reports come from real cpu runs, and the
// refusals from copies changed in one respect each.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { companion, readJson, reportPart, runTogether, tempDir } from '../../helpers/companion.js';

const DIR = tempDir('merge-refusals');
let run: Awaited<ReturnType<typeof runTogether>>;

beforeAll(async () => {
  run = await runTogether(2, DIR, () => ['cpu', '--cpu-max-prime=2000', '--threads=1', '--time=2', '--report-interval=1', 'run']);
  for (const r of run.results) expect(r.code, r.stdout + r.stderr).toBe(0);
}, 60_000);

/** a copy of report 1 with `change` applied (a fresh run id unless the change sets one) */
function variant(name: string, change: (doc: any) => void): string {
  const doc = readJson(run.reports[1]!);
  doc.run_id = `${doc.run_id}-${name}`;
  change(doc);
  const file = join(DIR, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

function refused(files: string[], message: RegExp): void {
  const m = companion(['merge', ...files]);
  expect(m.code, m.stdout).toBe(1);
  expect(m.stdout).toBe('');
  expect(m.stderr).toMatch(/^sysbench-ts merge: /);
  expect(m.stderr).toMatch(message);
  expect(m.stderr).not.toMatch(/\n\s+at /); // no stack trace
}

describe('sysbench-ts merge of built-in test reports', () => {
  it('merges two cpu runs in the cpu layout', () => {
    const m = companion(['merge', ...run.reports]);
    expect(m.code, m.stderr).toBe(0);
    const [a, b] = run.reports.map(readJson);
    expect(m.stdout).toMatch(/^CPU speed:\n    events per second: +[\d.]+$/m);
    expect(Number(/total number of events:\s+(\d+)/.exec(m.stdout)?.[1])).toBe(a.counters.events + b.counters.events);
    expect(m.stdout).not.toContain('SQL statistics');
  });

  it('the merge of one cpu report is that report', () => {
    const m = companion(['merge', run.reports[0]!]);
    expect(m.code).toBe(0);
    expect(reportPart(m.stdout)).toBe(reportPart(run.results[0]!.stdout));
  });
});

describe('sysbench-ts merge refuses', () => {
  it('the same run twice', () => refused([run.reports[0]!, run.reports[0]!], /are the same run/));
  it('a different histogram layout', () => refused([run.reports[0]!, variant('layout', (d) => { d.histogram.scale.min_ms = 0.01; })], /different histogram layouts/));
  it('a different script', () => refused([run.reports[0]!, variant('script', (d) => { d.test = 'threads'; })], /different workloads/));
  it('options that change what an event is', () => refused(
    [run.reports[0]!, variant('options', (d) => { d.argv = d.argv.map((w: string) => w.replace('--cpu-max-prime=2000', '--cpu-max-prime=3000')); })],
    /options that change the workload: --cpu-max-prime=3000 vs --cpu-max-prime=2000/));
  it('runs with --report-checkpoints', () => refused([run.reports[0]!, variant('checkpoints', (d) => { d.options.report_checkpoints_s = [1]; })], /--report-checkpoints/));
  it('different --report-interval', () => refused([run.reports[0]!, variant('interval', (d) => { d.options.report_interval_s = 2; })], /different --report-interval/));
  it('runs that did not overlap in time', () => refused([run.reports[0]!, variant('earlier', (d) => { d.time.start_unix_ms -= 3_600_000; })], /had ended before .* started/));
  it('two reports claiming the same shard', () => refused(
    [variant('shard-a', (d) => { d.shard = { index: 0, count: 2 }; }), variant('shard-b', (d) => { d.shard = { index: 0, count: 2 }; })],
    /are both shard 0\/2/));
  it('memory and fileio reports (their figures are not in the JSON)', () => refused(
    [variant('mem-a', (d) => { d.test = 'memory'; }), variant('mem-b', (d) => { d.test = 'memory'; })], /memory reports cannot be merged/));
  it('files that are not reports', () => {
    const file = join(DIR, 'other.json');
    writeFileSync(file, '{"hello": 1}');
    refused([file], /not a sysbench-ts --json-report document/);
    refused([join(DIR, 'missing.json')], /cannot read .*missing\.json: ENOENT/);
  });

  it('but warns and merges when shards are missing', () => {
    const m = companion(['merge', variant('shard-2of3', (d) => { d.shard = { index: 2, count: 3 }; })]);
    expect(m.code).toBe(0);
    expect(m.stderr).toMatch(/warning: shards 0, 1 of 3 missing/);
  });
});
