// bin/sysbench sizes V8's helper-thread pool to the machine (--v8-pool-size=0): Node's default of
// four helpers took the CPU from the worker thread while 100 threads started on 2 CPUs. A pool
// size the user put in NODE_OPTIONS is left alone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sysbench } from '../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-v8-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// the shell os.execute starts is a child of the Node process: its command line is Node's
const script = join(dir, 'cmdline.lua');
writeFileSync(script, `function event() os.execute("printf 'node-args:'; tr '\\\\0' ' ' < /proc/$PPID/cmdline; echo") end\n`);

function nodeArgs(env: NodeJS.ProcessEnv): string {
  const r = sysbench([script, '--events=1', 'run'], { env });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const line = r.stdout.split('\n').find((l) => l.startsWith('node-args:'));
  expect(line).toBeDefined();
  return line as string;
}

describe.skipIf(process.platform !== 'linux')('V8 helper threads', () => {
  it('bin/sysbench starts Node with a pool sized to the machine', () => {
    const args = nodeArgs({ NODE_OPTIONS: '' });
    expect(args).toContain(' --v8-pool-size=0 ');
    expect(args).toMatch(/sysbench\.cjs /);
  });

  it('and without V8\'s memory reducer, whose collections paused rate-limited runs', () => {
    expect(nodeArgs({ NODE_OPTIONS: '' })).toContain(' --no-memory-reducer ');
    expect(nodeArgs({ NODE_OPTIONS: '--v8-pool-size=3' })).toContain(' --no-memory-reducer ');
  });

  it('and with WebAssembly compiled optimized at once (the built-in tests\' kernels)', () => {
    expect(nodeArgs({ NODE_OPTIONS: '' })).toContain(' --no-liftoff ');
  });

  it('a pool size given in NODE_OPTIONS wins', () => {
    const args = nodeArgs({ NODE_OPTIONS: '--v8-pool-size=3' });
    expect(args).not.toContain('--v8-pool-size=0');
  });
});
