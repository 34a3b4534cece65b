// Numbers as LuaJIT has them: a probe script (test/fixtures/lua-numbers/probe.lua) prints
// arithmetic past 32 bits, numerals, negative zero, 2^53, division by zero, modulo, for loops
// with large bounds, table keys, the math library, tonumber, string.format and the values the
// sysbench API hands to Lua. Its output is pinned (taken from sysbench 1.0.20) and compared
// with the reference binary when it is installed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, ROOT, sysbench } from '../helpers/sysbench.js';
import { probeOutput } from '../helpers/probe.js';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'lua-numbers');
const PROBE = join(FIXTURES, 'probe.lua');
const EXPECTED = readFileSync(join(FIXTURES, 'expected.txt'), 'utf8');

const ARGS = [PROBE, '--events=1', '--rand-seed=7', '--table-size=30000000000', 'run'];

describe('Lua numbers', () => {
  it('the probe prints what sysbench 1.0.20 prints', () => {
    const out = probeOutput(ARGS);
    expect(out.split('\n')).toEqual(EXPECTED.split('\n'));
    expect(out).toBe(EXPECTED);
  });

  it.skipIf(!hasReference)('the probe prints the same as the reference binary', () => {
    expect(probeOutput(ARGS)).toBe(probeOutput(ARGS, { bin: REFERENCE }));
  });

  it("LuaJIT's syntax: no integer division or bitwise operators", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbts-numbers-'));
    const cases: [string, string][] = [['print(1 // 2)', "unexpected symbol near '/'"], ['print(1 & 2)', "')' expected near '&'"],
      ['print(1 | 2)', "')' expected near '|'"], ['print(1 << 2)', "unexpected symbol near '<'"],
      ['print(1 >> 2)', "unexpected symbol near '>'"], ['print(~1)', "unexpected symbol near '~'"],
      ['print(1 ~ 2)', "')' expected near '~'"]];
    for (const [src, msg] of cases) {
      writeFileSync(join(dir, 'syntax.lua'), src + '\n');
      const r = sysbench(['syntax.lua'], { cwd: dir });
      expect(r.code, src).toBe(1);
      expect(r.stdout, src).toContain(`FATAL: syntax.lua:1: ${msg}\n`);
      if (hasReference) expect(r.stdout, src).toBe(sysbench(['syntax.lua'], { cwd: dir, bin: REFERENCE }).stdout);
    }
  });
});
