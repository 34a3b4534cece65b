// The threads test and the shared-memory mutexes under it: real mutual exclusion between
// worker threads, events and layouts.
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SharedMutexes } from '../../src/builtin/locks.js';
import { hasReference, layout as maskedLayout, REFERENCE, ROOT, sysbench } from '../helpers/sysbench.js';

/** masked lines; "%8.2f" pads with spaces that depend on the value */
const layout = (text: string): string[] => maskedLayout(text).map((l) => l.replace(/\( /g, '('));

const LOCKS_JS = join(ROOT, 'dist', 'builtin', 'locks.js');

/** Workers hammering one mutex: a plain (non-atomic) counter and an "inside" flag under it. */
async function hammer(workers: number, rounds: number, useLock: boolean): Promise<{ counter: number; overlaps: number }> {
  const mutexes = SharedMutexes.buffer(1, 16);
  const data = new Int32Array(new SharedArrayBuffer(16)); // counter, inside, overlaps, ready
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    import(workerData.locks).then(({ SharedMutexes }) => {
      const m = new SharedMutexes(workerData.mutexes, 16);
      const d = new Int32Array(workerData.data);
      // start together
      Atomics.add(d, 3, 1);
      while (Atomics.load(d, 3) < workerData.workers) Atomics.wait(d, 3, Atomics.load(d, 3), 1);
      for (let i = 0; i < workerData.rounds; i++) {
        if (workerData.useLock) m.lock(0);
        if (d[1] !== 0) Atomics.add(d, 2, 1);
        d[1] = 1;
        const c = d[0];
        for (let k = 0; k < 20; k++) d[1] = 1;
        d[0] = c + 1;
        d[1] = 0;
        if (workerData.useLock) m.unlock(0);
      }
      parentPort.postMessage('done');
    });`;
  await Promise.all(Array.from({ length: workers }, () => new Promise<void>((resolve, reject) => {
    const w = new Worker(code, {
      eval: true,
      workerData: { locks: pathToFileURL(LOCKS_JS).href, mutexes, data: data.buffer, rounds, useLock, workers },
    });
    w.once('message', () => { void w.terminate().then(() => resolve()); });
    w.once('error', reject);
  })));
  return { counter: data[0], overlaps: data[2] };
}

describe.skipIf(!existsSync(LOCKS_JS))('shared mutexes (dist/ build)', () => {
  it('exclude each other across worker threads', async () => {
    const r = await hammer(4, 20000, true);
    expect(r.overlaps).toBe(0);
    expect(r.counter).toBe(4 * 20000);
  });

  it('the same loop without the mutex does overlap (the check above can fail)', async () => {
    const r = await hammer(4, 200000, false);
    expect(r.overlaps).toBeGreaterThan(0);
  });

  it('tryLock fails while held and succeeds after unlock', () => {
    const m = new SharedMutexes(SharedMutexes.buffer(2, 10), 10);
    expect(m.tryLock(1)).toBe(true);
    expect(m.tryLock(1)).toBe(false);
    expect(m.isLocked(0)).toBe(false);
    m.unlock(1);
    expect(m.tryLock(1)).toBe(true);
  });
});

describe('sysbench threads run', () => {
  it('runs --events events with contending threads', () => {
    const r = sysbench(['threads', '--events=200', '--threads=4', '--thread-locks=2', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/total number of events: +200\n/);
  });

  it('threads sharing one worker take turns, holding their mutex across a yield', () => {
    const r = sysbench(['threads', '--events=200', '--threads=4', '--worker-threads=1', '--thread-locks=1', '--thread-yields=50', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/total number of events: +200\n/);
    expect(r.stdout).toMatch(/events \(avg\/stddev\): +50\.0000\//);
  });

  it('--time stops the threads', () => {
    const r = sysbench(['threads', '--time=1', '--threads=2', 'run']);
    expect(r.code).toBe(0);
    expect(Number(/total time: +([\d.]+)s/.exec(r.stdout)![1])).toBeLessThan(1.5);
  });

  it('prints its mode at --verbosity=4', () => {
    const r = sysbench(['threads', '--events=1', '--thread-yields=7', '--verbosity=4', 'run']);
    expect(r.stdout).toContain('Doing thread subsystem performance test\nThread yields per test: 7 Locks used: 8\n');
  });

  it('refuses --thread-locks=0 (sysbench would divide by zero)', () => {
    const r = sysbench(['threads', '--thread-locks=0', 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FATAL: Invalid value for thread-locks: 0\n');
  });
});

describe.skipIf(!hasReference)(`threads output layout equals ${REFERENCE}'s`, () => {
  for (const args of [
    ['threads', '--events=100', '--threads=2', 'run'],
    ['threads', '--events=10', '--verbosity=4', 'run'],
  ]) {
    it(args.join(' '), () => {
      const ours = sysbench(args);
      const ref = sysbench(args, { bin: REFERENCE });
      expect(ours.code).toBe(ref.code);
      expect(layout(ours.stdout)).toEqual(layout(ref.stdout));
    });
  }
});
