// How many OS worker threads a Lua script's run gets by default: one per two CPUs (at least
// one, at most one per sysbench thread), since its threads mostly wait for the server; the
// built-in tests keep one per CPU. --worker-threads overrides both. The test counts the
// running program's OS threads (/proc/PID/status) once its threads have started.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scriptWorkerThreads, workerCount } from '../../../src/runner/run.js';
import { BIN } from '../../helpers/sysbench.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-workers-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));
writeFileSync(join(DIR, 'idle.lua'), 'function event() end\n');

/** OS threads of a running `idle.lua --threads=8` with these extra options. */
function osThreads(extra: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ['idle.lua', '--threads=8', '--time=60', ...extra, 'run'], { cwd: DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let counted = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (counted || !out.includes('Threads started!')) return;
      counted = true;
      const m = /^Threads:\s*(\d+)/m.exec(readFileSync('/proc/' + String(child.pid) + '/status', 'utf8'));
      child.kill('SIGKILL');
      if (m) resolve(Number(m[1])); else reject(new Error('no Threads: line'));
    });
    child.on('exit', () => { if (!counted) reject(new Error(`exited before its threads started: ${out}`)); });
  });
}

describe('worker threads of a Lua run', () => {
  it('default: one per two CPUs, at least one, at most one per thread; --worker-threads wins', () => {
    const cpus = availableParallelism();
    const expected = Math.max(1, Math.min(16, Math.floor(cpus / 2)));
    expect(scriptWorkerThreads({ threads: 16, workerThreads: 0 })).toBe(expected);
    expect(scriptWorkerThreads({ threads: 1, workerThreads: 0 })).toBe(1);
    expect(scriptWorkerThreads({ threads: 16, workerThreads: 3 })).toBe(3);
    // the built-in tests' default is unchanged: one per CPU
    expect(workerCount(16, 0)).toBe(Math.min(16, cpus));
  });

  it.skipIf(!existsSync('/proc/self/status'))('a run has as many OS threads by default as with --worker-threads=<the default>', async () => {
    const expected = scriptWorkerThreads({ threads: 8, workerThreads: 0 });
    const byDefault = await osThreads([]);
    expect(byDefault).toBe(await osThreads([`--worker-threads=${expected}`]));
    // and one more worker is one more OS thread, so the count above can tell them apart
    expect(await osThreads([`--worker-threads=${expected + 1}`])).toBe(byDefault + 1);
  });
});
