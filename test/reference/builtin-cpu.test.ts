// The cpu test: the prime counting work, limits, and the run output against the reference.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpuKernel, provideKernel } from '../../src/builtin/kernels.js';
import { compileWat } from '../../scripts/build-wasm.mjs';
import { hasReference, layout as maskedLayout, REFERENCE, sysbench } from '../helpers/sysbench.js';

/** masked lines; "%8.2f" pads with spaces that depend on the value */
const layout = (text: string): string[] => maskedLayout(text).map((l) => l.replace(/\( /g, '('));

describe('cpu event (src/builtin/wasm/cpu.wat)', () => {
  beforeAll(async () => {
    // tests run from src/, where no build put builtin-cpu.wasm
    provideKernel('cpu', ((await compileWat()) as Record<string, Uint8Array>).cpu);
  });

  it('counts the primes from 3 below the limit by trial division', () => {
    const k = cpuKernel();
    expect(k.primes(0)).toBe(0);
    expect(k.primes(3)).toBe(0);
    expect(k.primes(4)).toBe(1);
    expect(k.primes(30)).toBe(9); // 3 5 7 11 13 17 19 23 29
    expect(k.primes(10000)).toBe(1228); // pi(10000) = 1229, without 2
    expect(k.primes(1_000_000)).toBe(78497);
  });
});

describe('sysbench cpu run', () => {
  it('runs exactly --events events, spread over the threads', () => {
    const r = sysbench(['cpu', '--cpu-max-prime=2000', '--events=40', '--threads=2', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Prime numbers limit: 2000\n\nInitializing worker threads...\n');
    expect(r.stdout).toMatch(/CPU speed:\n {4}events per second: +\d+\.\d\d\n\nGeneral statistics:/);
    expect(r.stdout).toMatch(/total number of events: +40\n/);
    expect(r.stdout).toMatch(/events \(avg\/stddev\): +20\.0000\//);
  });

  it('stops at --time', () => {
    const r = sysbench(['cpu', '--time=1', 'run']);
    expect(r.code).toBe(0);
    const total = Number(/total time: +([\d.]+)s/.exec(r.stdout)![1]);
    expect(total).toBeGreaterThanOrEqual(0.99);
    expect(total).toBeLessThan(1.5);
  });

  it('says why the threads stopped at --verbosity=4', () => {
    const r = sysbench(['cpu', '--events=10', '--threads=3', '--verbosity=4', 'run']);
    expect(r.stdout).toContain('Doing CPU performance benchmark\n');
    expect(r.stdout).toContain('Event limit exceeded, exiting...\n(last message repeated 2 times)\nDone.\n\nCPU speed:');
  });

  it('--rate paces the events', () => {
    const r = sysbench(['cpu', '--rate=50', '--time=1', '--threads=2', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Target transaction rate: 50/sec\n');
    const events = Number(/total number of events: +(\d+)/.exec(r.stdout)![1]);
    // unpaced, two threads do thousands
    expect(events).toBeGreaterThan(15);
    expect(events).toBeLessThan(150);
  });

  it('rejects a limit <= 0 before the run banner', () => {
    const r = sysbench(['cpu', '--cpu-max-prime=0', 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\n\nFATAL: Invalid value of cpu-max-prime: 0\.\n$/);
    expect(r.stdout).not.toContain('Running the test');
  });
});

describe.skipIf(!hasReference)(`cpu output layout equals ${REFERENCE}'s`, () => {
  const cases = [
    ['cpu', '--events=30', '--threads=2', 'run'],
    ['cpu', '--events=20', '--percentile=0', '--cpu-max-prime=500', 'run'],
    ['cpu', '--events=10', '--threads=2', '--verbosity=4', 'run'],
    ['cpu', '--cpu-max-prime=-3', 'run'],
  ];
  for (const args of cases) {
    it(args.join(' '), () => {
      const ours = sysbench(args);
      const ref = sysbench(args, { bin: REFERENCE });
      expect(ours.code).toBe(ref.code);
      expect(layout(ours.stdout)).toEqual(layout(ref.stdout));
    });
  }
});
