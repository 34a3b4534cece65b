// When reports may not be merged: the merge answers "as if one process had run all the
// threads", which only holds for runs of the same workload, measured the same way, at the
// same time. Each refusal names the reports and the difference.
import { MergeError, type RunReport } from './report-file.js';

/**
 * Options that do not change what an event is: how many threads and for how long, the
 * connection, the output, the shard. Everything else on the command lines must be equal.
 */
const NEUTRAL = new Set([
  'threads', 'num-threads', 'time', 'max-time', 'events', 'max-requests', 'rate', 'tx-rate',
  'report-interval', 'report-checkpoints', 'json-report', 'shard', 'start-at', 'percentile', 'histogram',
  'verbosity', 'worker-threads', 'rand-seed', 'warmup-time', 'forced-shutdown', 'thread-init-timeout',
  'debug', 'db-debug', 'mysql-debug', 'rate-latency-limit', 'thread-stack-size',
  'mysql-host', 'mysql-port', 'mysql-socket', 'mysql-user', 'mysql-password', 'mysql-db', 'mysql-ssl',
  'mysql-ssl-cipher', 'mysql-compression', 'pgsql-host', 'pgsql-port', 'pgsql-user', 'pgsql-password',
  'pgsql-db', 'pgsql-sslmode',
]);

/** The meaning-bearing part of a command line: options (normalised names) and the test name. */
export function workloadSignature(r: RunReport): Map<string, string> {
  const sig = new Map<string, string>();
  for (const word of r.argv) {
    if (!word.startsWith('--')) continue;
    const eq = word.indexOf('=');
    const name = (eq >= 0 ? word.slice(2, eq) : word.slice(2)).replaceAll('_', '-');
    if (name === 'test' || NEUTRAL.has(name)) continue;
    sig.set(name, eq >= 0 ? word.slice(eq + 1) : '');
  }
  return sig;
}

/** A script's name without directory and ".lua": the same workload wherever it is installed. */
export function testName(r: RunReport): string {
  return r.test.replace(/^.*\//, '').replace(/\.lua$/, '');
}

function describe(sig: Map<string, string>): string {
  return [...sig].map(([k, v]) => `--${k}=${v}`).sort().join(' ') || '(none)';
}

/** Throws MergeError when `reports` cannot be merged. */
export function checkMergeable(reports: readonly RunReport[]): void {
  if (reports.length === 0) throw new MergeError('no reports to merge');
  const first = reports[0]!;
  const ids = new Map<string, string>();
  for (const r of reports) {
    const seen = ids.get(r.runId);
    if (seen !== undefined) throw new MergeError(`${r.file} and ${seen} are the same run (run_id ${r.runId})`);
    ids.set(r.runId, r.file);
  }
  for (const r of reports) {
    const a = first.layout;
    const b = r.layout;
    if (a.buckets !== b.buckets || a.min_ms !== b.min_ms || a.max_ms !== b.max_ms || a.spacing !== b.spacing) {
      throw new MergeError(`${r.file} and ${first.file} have different histogram layouts ` +
        `(${b.buckets} ${b.spacing} buckets ${b.min_ms}..${b.max_ms} ms vs ${a.buckets} ${a.spacing} buckets ${a.min_ms}..${a.max_ms} ms)`);
    }
    if (testName(r) !== testName(first) || r.testKind !== first.testKind) {
      throw new MergeError(`${r.file} ran ${r.test} but ${first.file} ran ${first.test}: different workloads`);
    }
    if (r.dbUsed !== first.dbUsed) {
      throw new MergeError(`${r.file} and ${first.file} differ in whether the test used a database`);
    }
    const sa = describe(workloadSignature(first));
    const sb = describe(workloadSignature(r));
    if (sa !== sb) {
      throw new MergeError(`${r.file} and ${first.file} ran with options that change the workload: ${sb} vs ${sa}`);
    }
    if (r.checkpoints.length > 0) {
      throw new MergeError(`${r.file} was run with --report-checkpoints: its final figures cover only the last checkpoint period`);
    }
    if (r.reportInterval !== first.reportInterval) {
      throw new MergeError(`${r.file} and ${first.file} have different --report-interval (${r.reportInterval} vs ${first.reportInterval} s): their intervals cannot line up`);
    }
  }
  if (first.testKind === 'builtin' && (first.test === 'memory' || first.test === 'fileio')) {
    throw new MergeError(`${first.test} reports cannot be merged: their figures (bytes transferred, file operations) are not in the JSON report`);
  }
  const shards = reports.filter((r) => r.shard !== null);
  if (shards.length > 0) {
    const count = shards[0]!.shard!.count;
    const seen = new Map<number, string>();
    for (const r of shards) {
      if (r.shard!.count !== count) throw new MergeError(`${r.file} is shard ${r.shard!.index}/${r.shard!.count} but ${shards[0]!.file} is one of ${count} shards`);
      const other = seen.get(r.shard!.index);
      if (other !== undefined) throw new MergeError(`${r.file} and ${other} are both shard ${r.shard!.index}/${count}`);
      seen.set(r.shard!.index, r.file);
    }
  }
  // all runs must have been running at the same time for their sum to be one run
  const sorted = [...reports].sort((a, b) => a.startUnixMs - b.startUnixMs);
  const latestStart = sorted[sorted.length - 1]!;
  for (const r of reports) {
    if (r.startUnixMs + r.totalS * 1000 < latestStart.startUnixMs) {
      throw new MergeError(`${r.file} had ended before ${latestStart.file} started: runs must overlap in time to be merged`);
    }
  }
}

/** Shards a set of sharded reports lacks (for a warning), e.g. [2] of 0..3. */
export function missingShards(reports: readonly RunReport[]): number[] {
  const shards = reports.filter((r) => r.shard !== null);
  if (shards.length === 0) return [];
  const count = shards[0]!.shard!.count;
  const have = new Set(shards.map((r) => r.shard!.index));
  const missing: number[] = [];
  for (let i = 0; i < count; i++) if (!have.has(i)) missing.push(i);
  return missing;
}
