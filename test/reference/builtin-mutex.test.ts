// The mutex test: one event per thread, whatever --events says (unless it is smaller).
import { describe, expect, it } from 'vitest';
import { hasReference, layout as maskedLayout, REFERENCE, sysbench } from '../helpers/sysbench.js';

/** masked lines; "%8.2f" pads with spaces that depend on the value */
const layout = (text: string): string[] => maskedLayout(text).map((l) => l.replace(/\( /g, '('));

const small = ['--mutex-locks=2000', '--mutex-loops=100'];

describe('sysbench mutex run', () => {
  it('runs one event per thread', () => {
    const r = sysbench(['mutex', ...small, '--threads=3', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/total number of events: +3\n/);
    expect(r.stdout).toMatch(/events \(avg\/stddev\): +1\.0000\/0\.00\n/);
  });

  it('--events below the thread count limits the events', () => {
    const r = sysbench(['mutex', ...small, '--threads=3', '--events=2', 'run']);
    // usually 2; as in sysbench, a thread that finishes its one event early and asks for
    // another also uses up a slot, so 1 is possible on a busy machine
    const events = Number(/total number of events: +(\d+)\n/.exec(r.stdout)?.[1]);
    expect(events).toBeGreaterThanOrEqual(1);
    expect(events).toBeLessThanOrEqual(2);
  });

  it('threads sharing a worker all run their event', () => {
    const r = sysbench(['mutex', ...small, '--mutex-num=2', '--threads=4', '--worker-threads=1', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/total number of events: +4\n/);
  });

  it('the empty loops are really run (not optimised away)', () => {
    const time = (loops: number): number => {
      const r = sysbench(['mutex', '--mutex-locks=20000', `--mutex-loops=${loops}`, 'run']);
      return Number(/total time: +([\d.]+)s/.exec(r.stdout)![1]);
    };
    // 2e9 empty iterations take the best part of a second even at one per clock cycle; the
    // locks alone take milliseconds (a busy machine can stretch those, so compare by a margin
    // in seconds rather than a ratio)
    expect(time(100000)).toBeGreaterThan(time(0) + 0.3);
  });

  it('refuses --mutex-num=0', () => {
    const r = sysbench(['mutex', '--mutex-num=0', 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FATAL: Invalid value for mutex-num: 0\n');
  });
});

describe.skipIf(!hasReference)(`mutex output layout equals ${REFERENCE}'s`, () => {
  for (const args of [
    ['mutex', '--events=10', '--threads=2', ...small, 'run'],
    ['mutex', '--verbosity=4', ...small, 'run'],
  ]) {
    it(args.join(' '), () => {
      const ours = sysbench(args);
      const ref = sysbench(args, { bin: REFERENCE });
      expect(ours.code).toBe(ref.code);
      expect(layout(ours.stdout)).toEqual(layout(ref.stdout));
    });
  }
});
