// Events that never wait (a dry run, a script without I/O) are shared between the threads of a
// worker, as sysbench's OS threads share them, instead of all going to the first thread.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sysbench } from '../../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-fair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const perThread = (out: string) => /events \(avg\/stddev\):\s+([\d.]+)\/([\d.]+)/.exec(out);

describe('event loop fairness', () => {
  it('--mysql-dry-run with 8 threads on one worker thread: every thread runs about its share', () => {
    const r = sysbench(['oltp_point_select', '--mysql-dry-run', '--mysql-socket=/nonexistent.sock', '--threads=8',
      '--worker-threads=1', '--events=16000', '--time=0', 'run']);
    expect(r.code).toBe(0);
    const m = perThread(r.stdout);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBe(2000);
    // all on one thread would give a deviation of 5292
    expect(Number(m![2])).toBeLessThan(200);
  });

  it('a script whose events do no I/O: each thread runs events', () => {
    const script = join(dir, 'no-io.lua');
    writeFileSync(script, 'local n = 0\nfunction event() n = n + 1 end\nfunction thread_done() print("thread did " .. tostring(n > 0)) end\n');
    const r = sysbench([script, '--threads=4', '--worker-threads=1', '--events=4000', '--time=0', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/thread did true/g)?.length).toBe(4);
  });
});
