// Durations past Node's longest timer (2^31-1 ms, about 24.8 days) are exact, and the values
// sysbench treats as "never" (--report-interval=-1, --forced-shutdown=-1 with --time=1, a
// checkpoint at 3000000 s) never fire: no early stop, no stray report, no TimeoutOverflowWarning.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMEOUT_MS, setLongTimeout } from '../../src/runner/long-timer.js';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

describe('setLongTimeout', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('fires once, at the deadline, for delays past 2^31-1 ms', () => {
    vi.useFakeTimers();
    const fired: number[] = [];
    const start = Date.now();
    const ms = 3_000_000_000; // --time=3000000
    setLongTimeout(ms, () => fired.push(Date.now() - start), () => Date.now());
    vi.advanceTimersByTime(MAX_TIMEOUT_MS);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(ms - MAX_TIMEOUT_MS - 1);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([ms]);
    vi.advanceTimersByTime(10 * MAX_TIMEOUT_MS);
    expect(fired).toEqual([ms]);
  });

  it('never fires for 2^32-1 s once cancelled, and short delays stay plain timers', () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    const long = setLongTimeout(4294967295 * 1000, () => fired.push('long'), () => Date.now());
    setLongTimeout(5, () => fired.push('short'), () => Date.now());
    vi.advanceTimersByTime(5);
    expect(fired).toEqual(['short']);
    vi.advanceTimersByTime(3 * MAX_TIMEOUT_MS);
    long.cancel();
    vi.advanceTimersByTime(10 * MAX_TIMEOUT_MS);
    expect(fired).toEqual(['short']);
  });
});

const noNodeWarning = (text: string): void => expect(text).not.toMatch(/TimeoutOverflowWarning|\(node:\d+\)/);

describe('long and "off" durations on the command line', () => {
  it('--time=3000000 --events=200 runs the 200 events', () => {
    const r = sysbench(['--time=3000000', '--events=200', 'cpu', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/total number of events:\s+200\n/);
    noNodeWarning(r.stdout + r.stderr);
  });

  it('--report-interval=-1 is announced as sysbench does and never reports', () => {
    const r = sysbench(['--report-interval=-1', '--time=1', 'cpu', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Report intermediate results every -1 second(s)\n');
    expect(r.stdout).not.toMatch(/^\[ *\d+s \]/m);
    noNodeWarning(r.stdout + r.stderr);
  });

  it('--forced-shutdown=-1 with --time=1 wraps to 0: no forced shutdown', () => {
    const r = sysbench(['--forced-shutdown=-1', '--time=1', 'cpu', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Forcing shutdown in 0 seconds\n');
    expect(r.stdout).not.toContain('forcing shutdown');
    expect(Number(/total time:\s+([\d.]+)s/.exec(r.stdout)?.[1])).toBeGreaterThanOrEqual(0.99);
    noNodeWarning(r.stdout + r.stderr);
  });

  it('--forced-shutdown=-1 with --time=2 wraps to 1 s, as sysbench (which then segfaults)', () => {
    const r = sysbench(['--forced-shutdown=-1', '--time=2', 'cpu', 'run']);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Forcing shutdown in 1 seconds\n');
    expect(r.stdout).toContain('FATAL: The --max-time limit has expired, forcing shutdown...\n');
  });

  it('--report-checkpoints=3000000 puts no checkpoint in a 1 s run', () => {
    const r = sysbench(['--report-checkpoints=3000000', '--time=1', 'cpu', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Report checkpoint(s) at 3000000 seconds\n');
    expect(r.stdout).not.toContain('Checkpoint report');
    noNodeWarning(r.stdout + r.stderr);
  });

  it.skipIf(!hasReference)(`prints the same run-mode lines as ${REFERENCE}`, () => {
    const args = ['--report-interval=-1', '--forced-shutdown=-1', '--report-checkpoints=3000000', '--time=1', 'cpu', 'run'];
    const mode = (out: string): string[] => out.split('\n').filter((l) => /^(Report|Forcing|Number of threads)/.test(l));
    expect(mode(sysbench(args).stdout)).toEqual(mode(sysbench(args, { bin: REFERENCE }).stdout));
  });
});
