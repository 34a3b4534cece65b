// Events that never finish do not hold the run past --time: 1 s after it, they are abandoned and
// the report of what completed is printed (exit 2). Threads that finished their events and
// are only slow in thread_done are waited for, as sysbench waits for them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportCount, startSysbench } from './helpers/run.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-stuck-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = (name: string, body: string): string => {
  const file = join(dir, name);
  writeFileSync(file, 'ffi.cdef("int usleep(unsigned int);")\n' + body);
  return file;
};

describe('stuck events', () => {
  it('an event still running 1 s after --time is abandoned; the report has the others', async () => {
    const file = script('stuck.lua', 'function event() if sysbench.tid == 0 then ffi.C.usleep(60000000) else ffi.C.usleep(1000) end end\n');
    const run = startSysbench([file, '--threads=2', '--time=1', 'run']);
    const code = await run.exited;
    const out = run.out();
    expect(code, out).toBe(2);
    expect(out).toContain('FATAL: 1 thread was still waiting for the server, which did not answer for 1.0 s after the end of the run: their events are abandoned and their connections closed');
    expect(reportCount(out, 'total number of events'), out).toBeGreaterThan(0);
  });

  it('a slow thread_done is waited for (not abandoned)', async () => {
    const file = script('slow-done.lua', 'function event() ffi.C.usleep(1000) end\n' +
      'function thread_done() ffi.C.usleep(2000000) print("thread_done " .. sysbench.tid) end\n');
    const run = startSysbench([file, '--threads=2', '--time=1', 'run']);
    const code = await run.exited;
    const out = run.out();
    expect(code, out).toBe(0);
    expect(out).toContain('thread_done 0');
    expect(out).toContain('thread_done 1');
    expect(out).not.toContain('FATAL');
  });
});
