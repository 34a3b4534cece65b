// The VM's stack indices stay small integers (packages/fengari/src: lapi.js lua_pop, lcode.js,
// lparser.js). V8 gives each object field one representation for all objects of a shape: one
// double (a HeapNumber, even 5.0) stored into L.top, CallInfo.l_base or Proto.maxstacksize turns
// that field into a double field for good, and every register index the VM computes from it into
// floating-point arithmetic with conversion checks (about 8% more instructions per event). The
// parser's counters are doubles and -0 is one, so the patch stores them as integers.
//
// Checked in a child Node with --allow-natives-syntax: %DebugPrint shows a double field's value
// as a HeapNumber.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FENGARI = fileURLToPath(new URL('../../node_modules/fengari/src/fengari.js', import.meta.url));

const CHILD = `
const { lua, lauxlib, lualib, to_luastring } = require(${JSON.stringify(FENGARI)});
const L = lauxlib.luaL_newstate();
lualib.luaL_openlibs(L);
const status = lauxlib.luaL_dostring(L, to_luastring(\`
  local function f(a, b) return a end
  local function g(...) return f(...) end
  for i = 1, 200 do g(i, i) end
  local n = 0
  local function counter() n = n + 1; return n end
  for i = 1, 50 do counter() end
  local co = coroutine.wrap(function(a) while true do a = coroutine.yield(a + 1) end end)
  for i = 1, 50 do co(i) end
  for i = 1, 20 do pcall(error, 'x') end
  local t = {}
  for i = 1, 50 do t[#t + 1] = string.format('%d', i) end
  for k, v in pairs(t) do end
  probe = function(x) return x end
\`));
if (status !== 0) throw new Error('Lua failed');
lua.lua_getglobal(L, to_luastring('probe'));
const closure = lua.lua_topointer(L, -1);
lua.lua_pop(L, 1);
%DebugPrint(L);
%DebugPrint(L.ci);
%DebugPrint(closure.p);
`;

describe('fengari integer fields', () => {
  it('L.top, L.filled, CallInfo and Proto indices hold integers, not doubles', () => {
    // %DebugPrint writes through C stdio: to a file, as a pipe Node made non-blocking loses part of it
    const dir = mkdtempSync(join(tmpdir(), 'sbts-fields-'));
    const out = openSync(join(dir, 'out'), 'w');
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', CHILD], { stdio: ['ignore', out, 'pipe'], encoding: 'utf8' });
    closeSync(out);
    const stdout = readFileSync(join(dir, 'out'), 'utf8');
    rmSync(dir, { recursive: true, force: true });
    expect(r.status, r.stderr).toBe(0);
    const fields = ['top', 'filled', 'stack_last', 'upvalHigh', 'funcOff', 'l_base', 'l_savedpc', 'maxstacksize', 'numparams'];
    const seen = new Map<string, string>();
    for (const line of stdout.split('\n')) {
      const m = /#(\w+): (.*) \((?:const )?data field/.exec(line);
      if (m && fields.includes(m[1]!)) seen.set(`${m[1]}:${seen.size}`, m[2]!);
    }
    // each field was printed (the check below would pass on nothing otherwise)
    for (const f of fields) expect([...seen.keys()].some((k) => k.startsWith(`${f}:`)), f).toBe(true);
    const doubles = [...seen].filter(([, v]) => v.includes('HeapNumber'));
    expect(doubles).toEqual([]);
  });
});
