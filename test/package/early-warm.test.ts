// bin/sysbench starts a Lua run's worker threads before it loads the CLI (src/cli/early-warm.ts):
// the run must then take those threads (not start a second pool), and a command line that
// fails before any run must still end at once (the early threads stopped).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sysbench } from '../helpers/sysbench.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-early-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));
writeFileSync(join(DIR, 'idle.lua'), 'function event() end\n');
writeFileSync(join(DIR, 'threads.cfg'), 'threads=3\n');

const TRACE = { SYSBENCH_TS_TRACE_POOL: '1' };
const run = (args: string[]) => sysbench(['idle.lua', '--events=50', '--time=0', ...args], { cwd: DIR, env: TRACE, timeoutMs: 60_000 });

describe('worker threads started before the CLI loads', () => {
  it.each([
    ['by default', ['--threads=4']],
    ['with --worker-threads', ['--threads=4', '--worker-threads=2']],
    ['with 0.5 options', ['--num-threads=3']],
  ])('a run takes them %s', (_, args) => {
    const r = run([...args, 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Threads started!');
    expect(r.stderr).toContain('sysbench-ts: pool: warm (early)\n');
  });

  it('a command line it cannot read for sure starts none early', () => {
    const r = run(['--config-file=threads.cfg', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Number of threads: 3\n/);
    // (the CLI starts them itself once it has read the options)
    expect(r.stderr).toContain('sysbench-ts: pool: warm (cli)\n');
  });

  it('a command line that fails before the run ends at once, its early threads stopped', () => {
    const started = Date.now();
    const r = run(['--threads=4', '--rand-type=bogus', 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('bogus');
    expect(r.stderr).not.toContain('sysbench-ts: pool:');
    // (a pool left running would keep the process alive until the 60 s timeout)
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
