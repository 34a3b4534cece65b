// Run control: Ctrl-C (SIGINT) ends a run cleanly with a report; --forced-shutdown;
// --warmup-time (sysbench 1.1).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, sysbenchAsync } from '../../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-run-'));
// as in sysbench 1.0.20, a script declares the C functions it calls through ffi
const USLEEP = 'ffi.cdef("int usleep(unsigned int);")\n';
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = (name: string, body: string): string => {
  const file = join(dir, name);
  writeFileSync(file, USLEEP + body);
  return file;
};

describe('run control', () => {
  it('SIGINT stops the threads, runs thread_done and done, prints the report and exits non-zero', async () => {
    const file = script('sigint.lua', `
function event() ffi.C.usleep(2000) end
function thread_done() print("thread_done " .. sysbench.tid) end
function done() print("done") end
`);
    const p = spawn(BIN, [file, '--threads=2', '--time=60', 'run']);
    let out = '';
    // interrupt once events run (starting the threads takes seconds on a loaded machine)
    const running = new Promise<void>((resolve) => p.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Threads started!')) resolve();
    }));
    await running;
    await new Promise((r) => setTimeout(r, 1000));
    p.kill('SIGINT');
    const code = await new Promise<number | null>((r) => p.on('close', r));
    expect(code).not.toBe(0);
    expect(out).toContain('thread_done 0');
    expect(out).toContain('thread_done 1');
    expect(out).toContain('General statistics:');
    expect(out).toMatch(/total number of events:\s+[1-9]/);
    expect(out.trimEnd().endsWith('done')).toBe(true);
  }, 30_000);

  it('--forced-shutdown reports and exits 2 when events outlive --time', async () => {
    const file = script('slow.lua', 'function event() ffi.C.usleep(10000000) end\n');
    const r = await sysbenchAsync([file, '--time=1', '--forced-shutdown=1', 'run']);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Forcing shutdown in 2 seconds');
    expect(r.stdout).toContain('FATAL: The --max-time limit has expired, forcing shutdown...');
    expect(r.stdout).toContain('Number of unfinished transactions on forced shutdown: 1');
  }, 30_000);

  it('--warmup-time runs first, then counts only what follows', async () => {
    const file = script('warm.lua', 'function event() ffi.C.usleep(1000) end\n');
    const r = await sysbenchAsync([file, '--warmup-time=1', '--events=100', '--time=0', 'run']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('Warming up for 1 seconds...');
    // 100 events started after the warmup, plus the one in flight when it ended
    const events = Number(/total number of events:\s+(\d+)/.exec(r.stdout)?.[1]);
    expect(events).toBeGreaterThanOrEqual(100);
    expect(events).toBeLessThanOrEqual(101);
    expect(r.stdout).toContain('Warmup time: 1s');
  }, 30_000);
});
