// Helpers for the tests of sysbench-ts (the companion command) and of runs split over several
// processes: run bin/sysbench-ts, start several bin/sysbench processes at once, read reports.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, type RunResult } from './sysbench.js';

export const COMPANION = join(ROOT, 'bin', 'sysbench-ts');

export function companion(args: string[], opts: { cwd?: string } = {}): RunResult {
  const r = spawnSync(COMPANION, args, { cwd: opts.cwd ?? ROOT, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

export function tempDir(what: string): string {
  return mkdtempSync(join(tmpdir(), `sbts-${what}-`));
}

/** Runs a command (argv[0] = executable) without blocking the test worker. */
export function runAsync(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const p = spawn(argv[0]!, argv.slice(1), { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => { stdout += d; });
    p.stderr.on('data', (d) => { stderr += d; });
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * A --start-at for processes started now: far enough ahead for every process to have started
 * and connected its threads on a loaded 2-core machine (a process not ready by then fails).
 */
export function startAtSoon(leadSeconds = 15): string {
  return `--start-at=${Math.ceil(Date.now() / 1000) + leadSeconds}`;
}

/**
 * Starts `n` bin/sysbench processes at once; process i gets argsFor(i) and writes its
 * --json-report to the returned path i.
 */
export async function runTogether(n: number, dir: string, argsFor: (i: number) => string[]): Promise<{ results: RunResult[]; reports: string[] }> {
  const reports = Array.from({ length: n }, (_, i) => join(dir, `run-${i}.json`));
  const results = await Promise.all(reports.map((file, i) => runAsync([BIN, ...argsFor(i), `--json-report=${file}`])));
  return { results, reports };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const readJson = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));

/** The part of a run's output that `sysbench-ts merge` reproduces: from the first interval line, or the final report. */
export function reportPart(stdout: string): string {
  const at = stdout.search(/^\[ \d+s \] |^SQL statistics:|^General statistics:|^CPU speed:/m);
  return at < 0 ? '' : stdout.slice(at);
}

/** sysbench's percentile rule over sparse {index, value_ms, count} buckets, computed here independently. */
export function percentileOfBuckets(buckets: { index: number; value_ms: number; count: number }[], p: number): number {
  const sorted = [...buckets].sort((a, b) => a.index - b.index);
  const n = sorted.reduce((s, b) => s + b.count, 0);
  const target = Math.floor((n * p) / 100 + 0.5);
  let acc = 0;
  for (const b of sorted) {
    acc += b.count;
    if (acc >= target) return b.value_ms;
  }
  return sorted[sorted.length - 1]?.value_ms ?? 0;
}
