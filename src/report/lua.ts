/**
 * The report functions sysbench ships in Lua (sysbench.lua):
 * sysbench.report_csv, sysbench.report_json and sysbench.report_default.
 * They print with Lua's print()/io.write() (no duplicate filter, no
 * timestamp prefix from C) and format numbers with LuaJIT's string.format,
 * which rounds exact ties away from zero and prints NaN as "nan".
 */

import { fmtFixed, fmtInt } from '../format/printf.js';
import type { ReportStats } from './types.js';

const lf = (x: number, prec: number, width?: number): string =>
  fmtFixed(x, prec, width === undefined ? { dialect: 'lua' } : { width, dialect: 'lua' });
const l2 = (x: number): string => lf(x, 2, 4); // "%4.2f"

/** Per-second rates and latency exactly as the Lua reports compute them. */
interface LuaFigures {
  tps: number;
  qps: number;
  reads: number;
  writes: number;
  other: number;
  latencyMs: number;
  errors: number;
  reconnects: number;
}

function figures(stat: ReportStats): LuaFigures {
  const s = stat.timeInterval;
  return {
    tps: stat.events / s,
    qps: (stat.reads + stat.writes + stat.other) / s,
    reads: stat.reads / s,
    writes: stat.writes / s,
    other: stat.other / s,
    latencyMs: stat.latencyPct * 1000,
    errors: stat.errors / s,
    reconnects: stat.reconnects / s,
  };
}

/** sysbench.report_csv: one line, e.g. "2,1,123.45,0.00,0.00,0.00,0.00,1.10,0.00,0.00\n". */
export function reportCsv(stat: ReportStats): string {
  const f = figures(stat);
  return (
    [
      lf(stat.timeTotal, 0),
      fmtInt(stat.threadsRunning),
      l2(f.tps),
      l2(f.qps),
      l2(f.reads),
      l2(f.writes),
      l2(f.other),
      l2(f.latencyMs),
      l2(f.errors),
      l2(f.reconnects),
    ].join(',') + '\n'
  );
}

/** The JSON object text sysbench.report_json writes for one report (no separators). */
export function reportJsonObject(stat: ReportStats): string {
  const f = figures(stat);
  return (
    '  {\n' +
    `    "time": ${lf(stat.timeTotal, 0, 4)},\n` +
    `    "threads": ${fmtInt(stat.threadsRunning)},\n` +
    `    "tps": ${l2(f.tps)},\n` +
    '    "qps": {\n' +
    `      "total": ${l2(f.qps)},\n` +
    `      "reads": ${l2(f.reads)},\n` +
    `      "writes": ${l2(f.writes)},\n` +
    `      "other": ${l2(f.other)}\n` +
    '    },\n' +
    `    "latency": ${l2(f.latencyMs)},\n` +
    `    "errors": ${l2(f.errors)},\n` +
    `    "reconnects": ${l2(f.reconnects)}\n` +
    '  }'
  );
}

/**
 * sysbench.report_json's output stream for ONE Lua state. sysbench opens an
 * array on the first report in a Lua state ("[\n"), separates later reports
 * with ",\n", and closes the array ("\n]\n") when that Lua state is closed.
 * Reports run in different Lua states, each with its own array:
 *   - intermediate reports: the reporting thread's state, closed when that
 *     thread is stopped at the end of the run (before the final report);
 *   - checkpoint reports: the checkpoint thread's state, closed as soon as
 *     the last checkpoint has been reported;
 *   - the final report: the main state, closed at exit.
 */
export class JsonReportStream {
  private opened = false;

  /** Text written for one report. */
  write(stat: ReportStats): string {
    const sep = this.opened ? ',\n' : '[\n';
    this.opened = true;
    return sep + reportJsonObject(stat);
  }

  /** Text written when the Lua state closes ('' if nothing was reported). */
  close(): string {
    if (!this.opened) return '';
    this.opened = false;
    return '\n]\n';
  }
}

/**
 * sysbench.report_json's text for one report: "[\n" before the first report
 * of a Lua state, ",\n" before the others (see JsonReportStream, which also
 * produces the closing "\n]\n").
 */
export function reportJson(stat: ReportStats, first: boolean): string {
  return (first ? '[\n' : ',\n') + reportJsonObject(stat);
}

/** Field structure of one JSON report, with numbers as printed. */
export interface JsonReport {
  time: number | null;
  threads: number;
  tps: number | null;
  qps: { total: number | null; reads: number | null; writes: number | null; other: number | null };
  latency: number | null;
  errors: number | null;
  reconnects: number | null;
}

/** number as printed with `prec` decimals; null for inf/nan (not valid JSON) */
function asPrinted(x: number, prec: number): number | null {
  return Number.isFinite(x) ? Number(lf(x, prec)) : null;
}

/** The report_json figures as a plain object (values rounded as printed). */
export function reportJsonValue(stat: ReportStats): JsonReport {
  const f = figures(stat);
  return {
    time: asPrinted(stat.timeTotal, 0),
    threads: stat.threadsRunning,
    tps: asPrinted(f.tps, 2),
    qps: {
      total: asPrinted(f.qps, 2),
      reads: asPrinted(f.reads, 2),
      writes: asPrinted(f.writes, 2),
      other: asPrinted(f.other, 2),
    },
    latency: asPrinted(f.latencyMs, 2),
    errors: asPrinted(f.errors, 2),
    reconnects: asPrinted(f.reconnects, 2),
  };
}

/**
 * The same stat table as one valid JSON document (a single object, no
 * array framing; inf/nan become null), for the valid-JSON output option.
 */
export function reportJsonValid(stat: ReportStats): string {
  return JSON.stringify(reportJsonValue(stat));
}

/**
 * sysbench.report_default: the Lua copy of the intermediate line. Note that
 * it differs from the C one: it prints "err/s " without a colon, and never
 * the --rate line.
 */
export function reportDefaultLua(stat: ReportStats, percentile: number): string {
  const f = figures(stat);
  return (
    `[ ${lf(stat.timeTotal, 0)}s ] thds: ${fmtInt(stat.threadsRunning)} tps: ${l2(f.tps)} qps: ${l2(f.qps)} ` +
    `(r/w/o: ${l2(f.reads)}/${l2(f.writes)}/${l2(f.other)}) lat (ms,${fmtInt(percentile)}%): ${l2(f.latencyMs)} ` +
    `err/s ${l2(f.errors)} reconn/s: ${l2(f.reconnects)}\n`
  );
}
