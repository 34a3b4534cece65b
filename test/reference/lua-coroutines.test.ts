// Coroutines as a script sees them: its own coroutines yield and resume from Lua and from
// natives, across pcall, metamethods and iterators; the functions sysbench calls (event,
// thread_init, ...) look like the main thread, as under sysbench, although we run them in a
// coroutine so that I/O can wait. Pinned output taken from sysbench 1.0.20, and compared with
// the reference binary when it is installed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, ROOT, sysbench } from '../helpers/sysbench.js';
import { probeOutput } from '../helpers/probe.js';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'lua-coroutines');
const PROBE = join(FIXTURES, 'probe.lua');
const EXPECTED = readFileSync(join(FIXTURES, 'expected.txt'), 'utf8');
const ARGS = [PROBE, '--events=1', '--time=0', 'run'];

describe('Lua coroutines', () => {
  it('the probe prints what sysbench 1.0.20 prints', () => {
    expect(probeOutput(ARGS)).toBe(EXPECTED);
  });

  it.skipIf(!hasReference)('the probe prints the same as the reference binary', () => {
    expect(probeOutput(ARGS)).toBe(probeOutput(ARGS, { bin: REFERENCE }));
  });

  it('coroutine.yield() in event() fails as under sysbench, with the caller position', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbts-coroutines-'));
    writeFileSync(join(dir, 'yield.lua'), 'function event()\n  coroutine.yield(1)\nend\n');
    const r = sysbench(['yield.lua', '--events=1', '--time=0', 'run'], { cwd: dir, timeoutMs: 20_000 });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("FATAL: `thread_run' function failed: yield.lua:2: attempt to yield across C-call boundary\n");
    if (hasReference) {
      const ref = sysbench(['yield.lua', '--events=1', '--time=0', 'run'], { cwd: dir, bin: REFERENCE });
      expect(r.code).toBe(ref.code);
      expect(ref.stdout).toContain("yield.lua:2: attempt to yield across C-call boundary");
    }
  });
});
