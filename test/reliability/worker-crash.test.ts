// A worker thread that dies during the run (here through the test hook
// SYSBENCH_TS_TEST_WORKER_CRASH_MS) is reported at once and stops the run: no silent loss of
// its threads, no hang until --time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSysbench } from './helpers/run.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('worker crash', () => {
  it('is reported with a FATAL line, stops the other threads and exits 1', async () => {
    const script = join(dir, 'sleep.lua');
    writeFileSync(script, 'ffi.cdef("int usleep(unsigned int);")\nfunction event() ffi.C.usleep(1000) end\n');
    const t0 = Date.now();
    const run = startSysbench([script, '--threads=4', '--worker-threads=2', '--time=60', 'run'], { SYSBENCH_TS_TEST_WORKER_CRASH_MS: '500' });
    const code = await run.exited;
    const out = run.out();
    expect(code, out).toBe(1);
    expect(out).toContain('FATAL: worker thread 0 died during the run: simulated crash (SYSBENCH_TS_TEST_WORKER_CRASH_MS)');
    expect(Date.now() - t0, out).toBeLessThan(30_000);
  });
});
