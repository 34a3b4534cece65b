// What start-up leaves for later must look as if it had been done at once: the ffi module is
// built on its first use (a script that never touches it never pays for it), and the files
// package.searchpath found are remembered per module name and package.path.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-lazy-'));

function run(name: string, lines: string[], bin?: string): string {
  writeFileSync(join(dir, name), lines.join('\n') + '\n');
  const r = sysbench([name], { cwd: dir, bin });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  return r.stdout;
}

const FFI = [
  // pairs() before any other use sees the whole module, and the same table as require()
  'local n1 = 0 for _ in pairs(ffi) do n1 = n1 + 1 end',
  'local n2 = 0 for _ in pairs(require("ffi")) do n2 = n2 + 1 end',
  'print(n1 > 10, n1 == n2, ffi == require("ffi"), type(ffi.cdef), getmetatable(ffi))',
];

const FFI_ASSIGNED = [
  // a field the script sets before the first read stays the script's
  'ffi.os = "mine"',
  'print(ffi.os, type(ffi.new), ffi.arch, getmetatable(ffi))',
];

// the standard libraries the sysbench API does not need at start-up (state.ts, LIBS): io and os
// first used through an index, debug and utf8 through pairs()
const STD_LAZY = [
  'print(type(os.time()), type(io.type), rawget(io, "write") ~= nil, rawget(os, "exit") ~= nil, rawget(os, "getenv") ~= nil)',
  'io.write("written\\n")',
  'for _, name in ipairs({ "debug", "utf8", "io", "os" }) do',
  '  local t = _G[name]',
  '  local n = 0 for _ in pairs(t) do n = n + 1 end',
  '  local m = 0 for _ in pairs(require(name)) do m = m + 1 end',
  '  print(name, n > 3, n == m, t == require(name), t == package.loaded[name], getmetatable(t))',
  'end',
  'print(type(debug.traceback), utf8.char(72, 105))',
];

describe('lazily built modules', () => {
  it('ffi: pairs() on first use lists the module, require() returns the same table', () => {
    expect(run('ffi-pairs.lua', FFI)).toContain('true\ttrue\ttrue\tfunction\tnil\n');
  });

  it('ffi: a field set before the first read is kept', () => {
    expect(run('ffi-assigned.lua', FFI_ASSIGNED)).toContain('mine\tfunction\tx64\tnil\n');
  });

  it.skipIf(!hasReference)('ffi: the same as the reference binary', () => {
    expect(run('ffi-pairs.lua', FFI)).toBe(run('ffi-pairs.lua', FFI, REFERENCE));
    expect(run('ffi-assigned.lua', FFI_ASSIGNED)).toBe(run('ffi-assigned.lua', FFI_ASSIGNED, REFERENCE));
  });

  it('io, os, debug and utf8: complete on first use (pairs or an index), the same tables as require()', () => {
    const out = run('std-lazy.lua', STD_LAZY);
    expect(out).toContain('number\tfunction\ttrue\ttrue\ttrue\nwritten\n');
    for (const name of ['io', 'os', 'debug', 'utf8']) expect(out).toContain(`${name}\ttrue\ttrue\ttrue\ttrue\tnil\n`);
    expect(out).toContain('function\tHi\n');
  });

  it('require() follows package.path changes although found files are remembered', () => {
    for (const v of ['a', 'b']) {
      mkdirSync(join(dir, v), { recursive: true });
      writeFileSync(join(dir, v, 'm.lua'), `return "${v.toUpperCase()}"\n`);
    }
    const out = run('paths.lua', [
      `local d = "${dir}"`,
      'for _, v in ipairs({ "a", "b", "a" }) do',
      '  package.loaded.m = nil',
      '  package.path = d .. "/" .. v .. "/?.lua"',
      '  print(require("m"))',
      'end',
      'package.path = d .. "/none/?.lua"',
      'package.loaded.m = nil',
      'local ok, err = pcall(require, "m")',
      'print(ok, (err:find("no file \'" .. d .. "/none/m.lua\'", 1, true)) ~= nil)',
    ]);
    expect(out).toContain('A\nB\nA\nfalse\ttrue\n');
  });
});
