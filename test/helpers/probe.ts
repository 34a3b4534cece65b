// Probe scripts: event() prints what a test compares; a one-event run shows it between
// "Threads started!" and the statistics.
import { expect } from 'vitest';
import { sysbench } from './sysbench.js';

/** Runs a probe (`args` include the script and `run`) and returns what its event() printed. */
export function probeOutput(args: string[], opts: { bin?: string; cwd?: string } = {}): string {
  const r = sysbench(args, opts);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  const m = /Threads started!\n\n([\s\S]*?)\nGeneral statistics:/.exec(r.stdout);
  expect(m, r.stdout).not.toBeNull();
  return m![1];
}
