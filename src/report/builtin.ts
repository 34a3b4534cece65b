/**
 * Report sections of sysbench's built-in tests (src/tests/*), pure.
 *
 * Intermediate reports:
 *   - cpu, threads, mutex: the default line (text.ts formatIntermediateDefault);
 *   - memory: "[ 1s ] %4.2f MiB/sec";
 *   - fileio: "[ 1s ] reads: ... MiB/s writes: ... MiB/s fsyncs: .../s latency (ms,95%): %4.3f".
 *   memory and fileio print no --rate line.
 * Cumulative reports: the test's section below, then sb_report_cumulative
 * (text.ts formatCumulative); threads and mutex have no section of their own.
 */

import { fmtFixed, fmtInt } from '../format/printf.js';
import { timestampLine } from './text.js';
import type { LogMessages, ReportOptions, ReportStats } from './types.js';

const MEGABYTE = 1024 * 1024;

/** cpu: "CPU speed:" section (events per second over the report interval). */
export function formatCpuStatistics(stats: ReportStats): LogMessages {
  return ['CPU speed:', `    events per second: ${fmtFixed(stats.events / stats.timeInterval, 2, { width: 8 })}`];
}

/** memory: intermediate line; blockSize = --memory-block-size in bytes. */
export function formatMemoryIntermediate(stats: ReportStats, blockSize: number): string {
  return timestampLine(
    stats.timeTotal,
    `${fmtFixed((stats.events * blockSize) / MEGABYTE / stats.timeInterval, 2, { width: 4 })} MiB/sec`,
  );
}

/**
 * memory: cumulative section. `transfers` is false for --memory-oper=none
 * (then the "MiB transferred" line is omitted).
 */
export function formatMemoryStatistics(stats: ReportStats, blockSize: number, transfers = true): LogMessages {
  const msgs: LogMessages = [
    `Total operations: ${fmtInt(stats.events)} (${fmtFixed(stats.events / stats.timeInterval, 2, { width: 8 })} per second)\n`,
  ];
  if (transfers) {
    const mb = (stats.events * blockSize) / MEGABYTE;
    msgs.push(`${fmtFixed(mb, 2, { width: 4 })} MiB transferred (${fmtFixed(mb / stats.timeInterval, 2, { width: 4 })} MiB/sec)\n`);
  }
  return msgs;
}

/** fileio counters for one intermediate interval (deltas since the last one). */
export interface FileioIntervalStats {
  bytesRead: number;
  bytesWritten: number;
  /** fsync-type operations */
  otherOps: number;
}

/** fileio: intermediate line (note the 3-decimal latency). */
export function formatFileioIntermediate(
  stats: ReportStats,
  io: FileioIntervalStats,
  opts: Pick<ReportOptions, 'percentile'>,
): string {
  const s = stats.timeInterval;
  const f2 = (x: number): string => fmtFixed(x, 2, { width: 4 });
  return timestampLine(
    stats.timeTotal,
    `reads: ${f2(io.bytesRead / MEGABYTE / s)} MiB/s writes: ${f2(io.bytesWritten / MEGABYTE / s)} MiB/s ` +
      `fsyncs: ${f2(io.otherOps / s)}/s latency (ms,${fmtInt(opts.percentile)}%): ` +
      fmtFixed(stats.latencyPct * 1000, 3, { width: 4 }),
  );
}

/**
 * fileio counters since the last cumulative report (the test clears them
 * after every cumulative/checkpoint report).
 */
export interface FileioStats {
  readOps: number;
  writeOps: number;
  otherOps: number;
  bytesRead: number;
  bytesWritten: number;
}

/**
 * fileio: cumulative section. sysbench logs it as ONE message that starts
 * with a newline and contains the blank line between the two blocks.
 */
export function formatFileioStatistics(stats: ReportStats, io: FileioStats): LogMessages {
  const s = stats.timeInterval;
  const f2 = (x: number): string => fmtFixed(x, 2, { width: 4 });
  return [
    '\n' +
      'File operations:\n' +
      `    reads/s:                      ${f2(io.readOps / s)}\n` +
      `    writes/s:                     ${f2(io.writeOps / s)}\n` +
      `    fsyncs/s:                     ${f2(io.otherOps / s)}\n` +
      '\n' +
      'Throughput:\n' +
      `    read, MiB/s:                  ${f2(io.bytesRead / MEGABYTE / s)}\n` +
      `    written, MiB/s:               ${f2(io.bytesWritten / MEGABYTE / s)}`,
  ];
}
