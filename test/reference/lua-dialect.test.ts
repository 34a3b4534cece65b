// Scripts written for LuaJIT run on fengari (Lua 5.3) with LuaJIT's behaviour: number
// printing, string.format on floats, 5.1 functions, the bit module, the ffi stand-in.
// Each snippet's output is pinned, and compared with the reference binary when installed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-lua-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `body` as a script's main chunk (no command: sysbench only loads it). */
function runLua(body: string, bin?: string): string {
  const file = join(dir, `s${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, body);
  const r = sysbench([file], { bin, cwd: dir });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  return r.stdout.split('\n').slice(2).join('\n');
}

const CASES: [string, string, string][] = [
  ['integral floats print without .0', 'print(10/2, 7/2, 2^53, 1e15, 100/3, -0.0, 1/0, -1/0)',
    '5\t3.5\t9.007199254741e+15\t1e+15\t33.333333333333\t-0\tinf\t-inf\n'],
  ['concatenation of a float', 'print("LIMIT " .. 100/2)', 'LIMIT 50\n'],
  ['string.format %d truncates floats', 'print(string.format("%d|%5d|%-4d|%x|%u", 2.7, -3.9, 4.0, 255.0, 3000000000))',
    '2|   -3|4   |ff|3000000000\n'],
  ['string.format with values past 32 bits', 'print(string.format("%d %12d|", 1e10, 2^40))', '10000000000 1099511627776|\n'],
  ['string.format of infinities and NaN', 'print(string.format("%4.2f|%f|%-6.1f|%+.0f|%e|%G|%5.1f|% f|%05.1f", 1/0, -1/0, 0/0, 1/0, 0/0, 1/0, -(0/0), 1/0, -1/0))',
    ' inf|-inf|nan   |+inf|nan|INF|  nan| inf| -inf\n'],
  ['string.format %s takes strings as they are (no __tostring)',
    'getmetatable("").__tostring = function() return "X" end\nlocal s = string.format("%s|%5s|%s", "abc", "de", 7)\ngetmetatable("").__tostring = nil\nprint(s)',
    'abc|   de|7\n'],
  ['Lua 5.1 functions', 'print(unpack({1, 2, 3}), table.getn({4, 5}), math.pow(2, 10), loadstring("return 6*7")())',
    '1\t2\t1024\t42\n'],
  ['bit module', 'print(bit.band(12, 10), bit.bor(12, 10), bit.bxor(12, 10), bit.bnot(0), bit.lshift(1, 4), bit.rshift(-1, 28), bit.arshift(-16, 2), bit.tohex(255), bit.tobit(2^32 + 5))',
    '8\t14\t6\t-1\t16\t15\t-4\t000000ff\t5\n'],
  ['ffi declarations and constants', 'local ffi = require("ffi")\nffi.cdef[[ typedef enum { FOO_A, FOO_B = 5, FOO_C } foo_t; int usleep(unsigned int); ]]\nprint(ffi.C.FOO_A, ffi.C.FOO_B, ffi.C.FOO_C)',
    '0\t5\t6\n'],
  ['ffi char buffers', 'local ffi = require("ffi")\nlocal b = ffi.new("char[?]", 16)\nffi.copy(b, "hello world", 5)\nprint(ffi.string(b, 3), ffi.string(b))',
    'hel\thello\n'],
  ['newproxy', 'local p = newproxy(true)\nprint(type(p), type(getmetatable(p)))', 'userdata\ttable\n'],
];

describe('LuaJIT dialect', () => {
  for (const [name, body, expected] of CASES) {
    it(name, () => {
      expect(runLua(body)).toBe(expected);
    });
    it.skipIf(!hasReference)(`${name}: same as the reference binary`, () => {
      expect(runLua(body)).toBe(runLua(body, REFERENCE));
    });
  }

  it('an unsupported ffi call gets a clear error naming it', () => {
    const file = join(dir, 'ffi-bad.lua');
    writeFileSync(file, 'local ffi = require("ffi")\nffi.cdef("size_t strlen(const char *);")\nffi.C.strlen("x")\n');
    const r = sysbench([file], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("sysbench-ts: calling the C function 'strlen' through ffi is not supported");
  });
});
