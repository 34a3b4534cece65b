// The ffi as LuaJIT shows it: a probe script (test/fixtures/lua-ffi/probe.lua) declares C
// types and functions, calls usleep/gettimeofday/clock_gettime and sysbench's own functions,
// builds arrays, structs and 64-bit integers, converts and prints them, and triggers the
// errors. Its output is pinned (taken from sysbench 1.0.20) and compared with the reference
// binary when it is installed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, ROOT, sysbench } from '../helpers/sysbench.js';
import { probeOutput } from '../helpers/probe.js';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'lua-ffi');
const EXPECTED = readFileSync(join(FIXTURES, 'expected.txt'), 'latin1');

// relative script name: error messages carry it
const ARGS = ['probe.lua', '--events=1', 'run'];

describe('ffi', () => {
  it('the probe prints what sysbench 1.0.20 prints', () => {
    const out = probeOutput(ARGS, { cwd: FIXTURES });
    expect(out.split('\n')).toEqual(EXPECTED.split('\n'));
  });

  it.skipIf(!hasReference)('the probe prints the same as the reference binary', () => {
    expect(probeOutput(ARGS, { cwd: FIXTURES })).toBe(probeOutput(ARGS, { cwd: FIXTURES, bin: REFERENCE }));
  });
});

describe('ffi in a run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sbts-ffi-'));

  it('a custom thread_run drives events with sb_more_events/sb_event_stop; usleep sleeps inside the event', () => {
    writeFileSync(join(dir, 'loop.lua'), [
      'local ffi = require("ffi")',
      'ffi.cdef("int usleep(unsigned int);")',
      'local n = 0',
      'function thread_run(thread_id)',
      '  while ffi.C.sb_more_events(thread_id) do',
      '    ffi.C.sb_event_start(thread_id)',
      '    n = n + 1',
      '    ffi.C.usleep(3000)',
      '    ffi.C.sb_event_stop(thread_id)',
      '  end',
      'end',
      'function thread_done() print("events seen", n) end',
      'function event() end',
    ].join('\n'));
    const r = sysbench(['loop.lua', '--events=7', 'run'], { cwd: dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('events seen\t7\n');
    expect(r.stdout).toMatch(/total number of events: +7\n/);
    const min = Number(/min: +([\d.]+)/.exec(r.stdout)![1]);
    expect(min).toBeGreaterThanOrEqual(3);
  });

  it('what the stand-in cannot do fails with a clear error', () => {
    const cases: [string, string][] = [
      ['ffi.cdef("size_t strlen(const char *);") ffi.C.strlen("x")', "sysbench-ts: calling the C function 'strlen' through ffi is not supported"],
      ['ffi.load("z")', "sysbench-ts: ffi.load('z') is not supported"],
      ['ffi.cdef("struct bits { int a : 3; };")', 'sysbench-ts: bit fields are not supported by ffi.cdef'],
      ['local p = ffi.cast("int *", 1234) print(p[0])', "sysbench-ts: 'int *' made from a number cannot be dereferenced"],
    ];
    for (const [src, msg] of cases) {
      writeFileSync(join(dir, 'bad.lua'), `local ffi = require("ffi")\n${src}\n`);
      const r = sysbench(['bad.lua'], { cwd: dir });
      expect(r.code, src).toBe(1);
      expect(r.stdout, src).toContain(msg);
      expect(r.stdout + r.stderr, src).not.toMatch(/\n\s+at /); // no JS stack trace
    }
  });
});
