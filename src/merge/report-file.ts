// Reading a --json-report document back: the exact figures `sysbench-ts merge` and
// `sysbench-ts plot` work from, checked field by field so that a foreign or truncated file
// gets a clear message rather than NaNs in a report.
import { maskArgv } from '../options/secrets.js';
import { readFileSync } from 'node:fs';
import type { CounterValues } from '../stats/counters.js';
import { JSON_REPORT_SCHEMA } from '../report/json-report.js';
import type { Shard } from '../shard/shard.js';

/** A report that cannot be read or merged; the message is for the user. */
export class MergeError extends Error {}

export interface HistogramLayout {
  buckets: number;
  min_ms: number;
  max_ms: number;
  spacing: string;
}

export interface IntervalRecord {
  /** seconds since the run's start at the end of the interval ("[ Ns ]") */
  timeS: number;
  /** length of the interval, seconds */
  intervalS: number;
  /** wall-clock end of the interval, ms since the epoch */
  atUnixMs: number;
  threads: number;
  counters: CounterValues;
  queueLength: number;
  concurrency: number;
  /** the interval's latency histogram (dense) */
  histogram: Float64Array;
}

export interface RunReport {
  file: string;
  runId: string;
  test: string;
  testKind: 'lua' | 'builtin';
  dbUsed: boolean;
  argv: string[];
  shard: Shard | null;
  threads: number;
  percentile: number;
  rate: number;
  reportInterval: number;
  checkpoints: number[];
  histogramOn: boolean;
  /** wall-clock start of the measured run, ms since the epoch */
  startUnixMs: number;
  totalS: number;
  counters: CounterValues;
  dropped: number | null;
  latencyNs: { min: number; max: number; sum: number };
  threadEvents: number[];
  threadTimeS: number[];
  layout: HistogramLayout;
  histogram: Float64Array;
  intervals: IntervalRecord[];
}

type Json = Record<string, unknown>;

function field(obj: unknown, path: string, file: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !(key in (cur as Json))) {
      throw new MergeError(`${file}: no '${path}' in this report (written by an older sysbench-ts? run it again)`);
    }
    cur = (cur as Json)[key];
  }
  return cur;
}

function num(obj: unknown, path: string, file: string): number {
  const v = field(obj, path, file);
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new MergeError(`${file}: '${path}' is not a number`);
  return v;
}

function numList(obj: unknown, path: string, file: string): number[] {
  const v = field(obj, path, file);
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number' || !Number.isFinite(x))) {
    throw new MergeError(`${file}: '${path}' is not a list of numbers`);
  }
  return v as number[];
}

function counters(obj: unknown, file: string): CounterValues {
  return {
    events: num(obj, 'events', file),
    reads: num(obj, 'reads', file),
    writes: num(obj, 'writes', file),
    other: num(obj, 'other', file),
    errors: num(obj, 'ignored_errors', file),
    reconnects: num(obj, 'reconnects', file),
  };
}

/** Sparse [[index, count], ...] pairs (or {index, count} objects) into a dense histogram. */
export function denseHistogram(pairs: unknown, size: number, what: string): Float64Array {
  const out = new Float64Array(size);
  if (!Array.isArray(pairs)) throw new MergeError(`${what}: histogram buckets are not a list`);
  for (const p of pairs) {
    const [i, c] = Array.isArray(p) ? p : [(p as Json)?.index, (p as Json)?.count];
    if (!Number.isInteger(i) || (i as number) < 0 || (i as number) >= size || typeof c !== 'number' || c < 0) {
      throw new MergeError(`${what}: bad histogram bucket ${JSON.stringify(p)}`);
    }
    out[i as number] += c;
  }
  return out;
}

function interval(rec: unknown, size: number, file: string, n: number): IntervalRecord {
  const at = `${file}: intervals[${n}]`;
  return {
    timeS: num(rec, 'time_s', at),
    intervalS: num(rec, 'interval_s', at),
    atUnixMs: num(rec, 'at_unix_ms', at),
    threads: num(rec, 'threads', at),
    counters: counters(field(rec, 'counters', at), at),
    queueLength: num(rec, 'queue_length', at),
    concurrency: num(rec, 'concurrency', at),
    histogram: denseHistogram(field(rec, 'histogram', at), size, at),
  };
}

/** Turns a parsed --json-report document into a RunReport (file: for messages). */
export function parseReport(doc: unknown, file: string): RunReport {
  if (doc === null || typeof doc !== 'object' || (doc as Json).schema !== JSON_REPORT_SCHEMA) {
    throw new MergeError(`${file}: not a sysbench-ts --json-report document (schema ${JSON_REPORT_SCHEMA})`);
  }
  const layout = field(doc, 'histogram.scale', file) as HistogramLayout;
  const size = num(layout, 'buckets', `${file}: histogram.scale`);
  const shard = (doc as Json).shard as Shard | undefined;
  const dropped = (field(doc, 'counters', file) as Json).dropped_events;
  const testKind = field(doc, 'test_kind', file);
  const argv = field(doc, 'argv', file);
  return {
    file,
    runId: String(field(doc, 'run_id', file)),
    test: String(field(doc, 'test', file)),
    testKind: testKind === 'builtin' ? 'builtin' : 'lua',
    dbUsed: field(doc, 'db_used', file) === true,
    // a report written by an older version may hold a password: never echo it
    argv: Array.isArray(argv) ? maskArgv(argv.map(String)) : [],
    shard: shard && Number.isInteger(shard.index) && Number.isInteger(shard.count) ? { index: shard.index, count: shard.count } : null,
    threads: num(doc, 'options.threads', file),
    percentile: num(doc, 'options.percentile', file),
    rate: num(doc, 'options.rate', file),
    reportInterval: num(doc, 'options.report_interval_s', file),
    checkpoints: numList(doc, 'options.report_checkpoints_s', file),
    histogramOn: field(doc, 'options.histogram', file) === true,
    startUnixMs: num(doc, 'time.start_unix_ms', file),
    totalS: num(doc, 'exact.total_s', file),
    counters: counters(field(doc, 'counters', file), file),
    dropped: typeof dropped === 'number' ? dropped : null,
    latencyNs: {
      min: num(doc, 'exact.latency_ns.min', file),
      max: num(doc, 'exact.latency_ns.max', file),
      sum: num(doc, 'exact.latency_ns.sum', file),
    },
    threadEvents: numList(doc, 'threads_fairness.events_per_thread', file),
    threadTimeS: numList(doc, 'exact.execution_time_per_thread_s', file),
    layout: {
      buckets: size,
      min_ms: num(layout, 'min_ms', file),
      max_ms: num(layout, 'max_ms', file),
      spacing: String(field(layout, 'spacing', file)),
    },
    histogram: denseHistogram(field(doc, 'histogram.buckets', file), size, file),
    intervals: ((): IntervalRecord[] => {
      const list = field(doc, 'intervals', file);
      if (!Array.isArray(list)) throw new MergeError(`${file}: 'intervals' is not a list`);
      return list.map((r, n) => interval(r, size, file, n));
    })(),
  };
}

/** Reads and parses one report file. */
export function loadReport(path: string): RunReport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new MergeError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new MergeError(`${path}: not valid JSON`);
  }
  return parseReport(doc, path);
}
