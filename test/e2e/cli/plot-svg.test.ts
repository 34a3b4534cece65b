// sysbench-ts plot (issue 17): an SVG with throughput and a latency percentile over time, one
// line per report, plus the merged total when the reports are parts of one run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sysbench } from '../../helpers/sysbench.js';
import { companion, readJson, runTogether, tempDir } from '../../helpers/companion.js';

const DIR = tempDir('plot');
let run: Awaited<ReturnType<typeof runTogether>>;

beforeAll(async () => {
  run = await runTogether(2, DIR, (i) => ['cpu', '--cpu-max-prime=3000', '--threads=1', '--time=4', '--report-interval=1', `--shard=${i}/2`, 'run']);
  for (const r of run.results) expect(r.code, r.stdout + r.stderr).toBe(0);
}, 60_000);

/** the `d` attribute of every line of a panel (panel 0: throughput, 1: latency) */
function lines(svg: string, panel: number): string[] {
  const re = new RegExp(`<g class="mark-line role-mark concat_${panel}_layer_0_marks"[^>]*><path[^>]* d="([^"]+)"`, 'g');
  return [...svg.matchAll(re)].map((m) => m[1]!);
}

const texts = (svg: string): string[] => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

describe('sysbench-ts plot', () => {
  it('draws one line per shard and their total, with axes, units and a legend', () => {
    const out = join(DIR, 'run.svg');
    const r = companion(['plot', ...run.reports, '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    const t = texts(svg);
    for (const label of ['time (s)', 'throughput (events/s)', 'latency, 95th percentile (ms)', 'run', 'shard 0/2', 'shard 1/2', 'total (merged)']) {
      expect(t, label).toContain(label);
    }
    // 3 lines in each panel, each through every interval (3-4 intervals in 4 s, however loaded the
    // machine: 2 segments at least)
    for (const panel of [0, 1]) {
      const d = lines(svg, panel);
      expect(d.length).toBe(3);
      for (const path of d) expect(path.split('L').length).toBeGreaterThanOrEqual(3);
    }
    // the y axis reaches the total's throughput
    const [a, b] = run.reports.map(readJson);
    const peak = Math.max(...a.intervals.map((i: { rates_per_s: { events: number } }, k: number) => i.rates_per_s.events + (b.intervals[k]?.rates_per_s.events ?? 0)));
    const ticks = t.filter((s) => /^[\d,]+$/.test(s)).map((s) => Number(s.replaceAll(',', '')));
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(peak * 0.8);
  });

  it('compares separate runs from their own starts, without a total', () => {
    const alone = join(DIR, 'alone.json');
    expect(sysbench(['cpu', '--cpu-max-prime=3000', '--time=2', '--report-interval=1', `--json-report=${alone}`, 'run']).code).toBe(0);
    const out = join(DIR, 'compare.svg');
    const r = companion(['plot', run.reports[0]!, alone, '-o', out, '--metric=events', '--percentile=99', '--title=before and after']);
    expect(r.code, r.stderr).toBe(0);
    const t = texts(readFileSync(out, 'utf8'));
    expect(t).toContain('before and after');
    expect(t).toContain('latency, 99th percentile (ms)');
    expect(t).toContain('alone');
    expect(t).not.toContain('total (merged)');
    // --total insists on a merge, which is refused for runs that are not parts of one
    const refused = companion(['plot', run.reports[0]!, alone, '-o', out, '--total']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/sysbench-ts plot: .*(had ended before|options that change)/);
  });

  it('needs interval records', () => {
    const flat = join(DIR, 'flat.json');
    expect(sysbench(['cpu', '--cpu-max-prime=2000', '--time=1', `--json-report=${flat}`, 'run']).code).toBe(0);
    const r = companion(['plot', flat, '-o', join(DIR, 'flat.svg')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/has no interval records: run sysbench with --report-interval/);
  });
});
