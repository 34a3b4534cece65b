// --json-report (our extension): one valid JSON document whose counters equal the text
// report's, and whose event count equals the transactions the server saw.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStatements } from '../../helpers/general-log.js';
import { createDatabase, dropDatabase, mysqlArgs, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_json_report';
const num = (out: string, re: RegExp): number => Number(re.exec(out)?.[1]);

beforeAll(async () => {
  createDatabase(DB);
  expect((await sysbenchAsync(['oltp_read_only', '--table-size=1000', ...mysqlArgs(DB), 'prepare'])).code).toBe(0);
});
afterAll(() => dropDatabase(DB));

describe('--json-report', () => {
  it('matches the text report and the server', async () => {
    const file = join(tmpdir(), `sbts-report-${process.pid}.json`);
    let text = '';
    const stream = await captureStatements(DB, async () => {
      const r = await sysbenchAsync(['oltp_read_only', '--table-size=1000', '--threads=2', '--time=2', `--json-report=${file}`, ...mysqlArgs(DB), 'run']);
      expect(r.code, r.stdout.slice(-1500)).toBe(0);
      text = r.stdout;
    });
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    rmSync(file);
    expect(doc.schema).toBe('sysbench-ts/final-report/v1');
    expect(doc.counters.events).toBe(num(text, /total number of events:\s+(\d+)/));
    expect(doc.counters.reads).toBe(num(text, /read:\s+(\d+)/));
    expect(doc.counters.other).toBe(num(text, /other:\s+(\d+)/));
    expect(doc.counters.queries).toBe(num(text, /total:\s+(\d+)/));
    expect(doc.latency_ms.max).toBeCloseTo(num(text, /max:\s+([\d.]+)/), 1);
    for (const p of ['p50', 'p90', 'p95', 'p99', 'p99.9']) expect(typeof doc.latency_ms[p]).toBe('number');
    expect(doc.latency_ms.p95).toBeCloseTo(num(text, /95th percentile:\s+([\d.]+)/), 1);
    const histogramEvents = doc.histogram.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0);
    expect(histogramEvents).toBe(doc.counters.events);
    // every oltp_read_only event is one transaction: one COMMIT executed on the server
    const commits = stream.filter((l) => l === 'Execute\tCOMMIT').length;
    expect(commits).toBe(doc.counters.events);
  }, 60_000);

  it("'-' writes the document to stdout after the text report", async () => {
    const r = await sysbenchAsync(['oltp_read_only', '--table-size=1000', '--events=50', '--time=0', '--json-report=-', ...mysqlArgs(DB), 'run']);
    expect(r.code).toBe(0);
    const json = r.stdout.slice(r.stdout.indexOf('\n{') + 1);
    expect(JSON.parse(json).counters.events).toBe(50);
  }, 60_000);
});
