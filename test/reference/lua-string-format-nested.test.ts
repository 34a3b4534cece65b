// string.format called again while it formats: a %s argument's __tostring may format a string
// of its own before the outer call has written its result (it used to overwrite the outer
// call's text: "<inner:42><inner:42>-after-end"). Also after a format that raised an error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-format-nested-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

writeFileSync(join(DIR, 'nested.lua'), `
local inner = setmetatable({}, { __tostring = function() return string.format("<%s:%d>", "inner", 42) end })
local deeper = setmetatable({}, { __tostring = function() return string.format("[%s|%s]", inner, inner) end })
print(string.format("outer-%s-%s-end", inner, "after"))
print(string.format("%5.1f %s %s %d", 2.25, deeper, inner, 7))
print(pcall(string.format, "%d", {}))
print(string.format("%s and %s", "still", inner))
`);

const EXPECTED = [
  'outer-<inner:42>-after-end',
  '  2.3 [<inner:42>|<inner:42>] <inner:42> 7',
  '',
  'still and <inner:42>',
];

describe('string.format inside string.format', () => {
  it('keeps the outer call\'s text', () => {
    const r = sysbench(['nested.lua'], { cwd: DIR });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').slice(2); // after the banner and its blank line
    expect(lines[0]).toBe(EXPECTED[0]);
    expect(lines[1]).toBe(EXPECTED[1]);
    expect(lines[2]).toBe("false\tbad argument #2 to '?' (number expected, got table)");
    expect(lines[3]).toBe(EXPECTED[3]);
  });

  it.skipIf(!hasReference)('prints what the reference prints', () => {
    expect(sysbench(['nested.lua'], { cwd: DIR }).stdout).toBe(sysbench(['nested.lua'], { cwd: DIR, bin: REFERENCE }).stdout);
  });
});
