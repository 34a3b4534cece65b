// The programs are built without fengari's internal assertions and API checks, as C Lua's
// release builds are (packages/fengari/scripts/strip-checks.mjs, the package's build step):
// every call goes, whatever its arguments hold, and nothing else changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/sysbench.js';
// @ts-expect-error: a build script, plain JavaScript
import { stripLuaChecks } from '../../packages/fengari/scripts/strip-checks.mjs';

const strip = stripLuaChecks as (src: string) => { code: string; count: number };

describe('fengari without its checks', () => {
  it('replaces each call, with strings, nested calls and several lines in its arguments', () => {
    const src = [
      'const lua_assert = function(c) { if (!c) throw Error("assertion failed"); };',
      'lua_assert(ci === L.ci);',
      'if (x) api_check(L, isvalid(f(a, (b))), "not (yet) \\"valid)\\"");',
      'lualib.lua_assert(lo + r4 <= p &&',
      '    p <= up - r4);',
      'api_checknelems(L, 2); fengari_argcheck(n); my_lua_assert(z);',
      '// lua_assert(in a comment stays',
      'y = 1;',
    ].join('\n');
    const { code, count } = strip(src);
    expect(count).toBe(3);
    expect(code).toBe([
      'const lua_assert = function(c) { if (!c) throw Error("assertion failed"); };',
      'void 0;',
      'if (x) void 0;',
      'void 0;',
      'api_checknelems(L, 2); fengari_argcheck(n); my_lua_assert(z);',
      '// lua_assert(in a comment stays',
      'y = 1;',
    ].join('\n'));
  });

  it('leaves none in the Lua worker bundle but the one whose argument does something', () => {
    const bundle = readFileSync(join(ROOT, 'bundle', 'lua-worker.cjs'), 'latin1');
    const calls = [...bundle.matchAll(/(?<![\w$.])(?:\w+\.)?(?:lua_assert|api_check)\(([^\n]*)/g)].map((m) => m[1]);
    // ldblib.js's hook function: lua_getinfo() fills the record the hook is given
    expect(calls).toEqual([expect.stringContaining('lua_getinfo(')]);
  });
});
