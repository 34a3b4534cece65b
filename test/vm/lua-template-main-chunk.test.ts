// A worker's template runs the script's main chunk for all its threads only when the chunk
// does the same in every thread (src/lua-runtime/pure-run.ts); anything else is left to each thread.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lua, lauxlib, toLuaString, type LuaState } from '../../src/lua-runtime/fengari.js';
import { StateTemplate } from '../../src/lua-runtime/state-template.js';
import { loadFileCached } from '../../src/lua-runtime/chunk-cache.js';
import { exportOptions } from '../../src/lua-runtime/api/opt.js';
import { makeRandApi } from '../../src/lua-runtime/api/rand.js';
import { SbRng } from '../../src/rand/sb-rand.js';
import { Logger } from '../../src/output.js';
import type { LuaHost } from '../../src/lua-runtime/host.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-template-chunk-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function host(tid: number, file: string, out: string[]): LuaHost {
  const write = (t: string): void => { out.push(t); };
  return {
    tid, out: write, log: new Logger(3, write, new Int32Array(new SharedArrayBuffer(64))),
    scriptPath: file, scriptFile: file, argv: ['sysbench', 'run'], command: 'run',
    options: () => [], legacyGlobals: () => false, createDriver: () => 'no driver here', countInc() {},
    eventStart: () => true, eventStop() {}, setTestArgs: () => true, printTestOptions() {}, atExit() {}, exit() {},
  };
}

const OPTIONS = [{ name: 'tables', value: 3 }, { name: 'label', value: 'x' }];

/** The template for `file` (thread 0) and the state of thread 1 copied from it. */
function templateFor(file: string): { loaded: boolean; out: string[]; L: LuaState } {
  const out: string[] = [];
  const rand = (tid: number) => makeRandApi(new SbRng([tid, 3, 5, 7]));
  const { template } = StateTemplate.build(host(0, file, out), rand(0), {
    load: (L) => loadFileCached(L, file),
    then: (L) => exportOptions(L, OPTIONS, false),
  });
  if (template === null) throw new Error('no template');
  return { loaded: template.scriptLoaded, out, L: template.newState(host(1, file, out), rand(1)).L };
}

function script(name: string, code: string): string {
  const file = join(DIR, `${name}.lua`);
  writeFileSync(file, code);
  return file;
}

function run(L: LuaState, code: string): string[] {
  const top = lua.lua_gettop(L);
  if (lauxlib.luaL_loadstring(L, toLuaString(code)) !== lua.LUA_OK || lua.lua_pcall(L, 0, lua.LUA_MULTRET, 0) !== lua.LUA_OK) {
    throw new Error(lua.lua_tojsstring(L, -1));
  }
  const res: string[] = [];
  for (let i = top + 1; i <= lua.lua_gettop(L); i++) res.push(lua.lua_tojsstring(L, i));
  lua.lua_settop(L, top);
  return res;
}

describe("the template runs a script's main chunk", () => {
  for (const stock of ['oltp_point_select', 'oltp_read_write', 'oltp_read_only', 'oltp_insert', 'oltp_update_index', 'select_random_points', 'bulk_insert']) {
    const file = existsSync(`/usr/share/sysbench/${stock}.lua`) ? `/usr/share/sysbench/${stock}.lua` : join(import.meta.dirname, '..', '..', 'lua', 'workloads', `${stock}.lua`);
    it.skipIf(!existsSync(file))(`for ${stock}`, () => {
      const t = templateFor(file);
      expect(t.loaded).toBe(true);
      // the chunk's definitions and the exported options are in the copy
      expect(run(t.L, 'return type(event), type(thread_init), tostring(sysbench.opt.tables), sysbench.opt.label, tostring(sysbench.tid)'))
        .toEqual(['function', 'function', '3', 'x', '1']);
    });
  }

  it('that builds tables, formats strings and requires modules', () => {
    script('helper', 'local M = { n = 0 } function M.add(k) M.n = M.n + k return M end return M');
    const t = templateFor(script('pure', `
      local h = require("helper")
      local parts = {}
      for i, v in ipairs({ "a", "b" }) do parts[#parts + 1] = string.format("%s%d", v, i) end
      for k in pairs({ only = true }) do parts[#parts + 1] = k end
      for w in string.gmatch("x y", "%a") do parts[#parts + 1] = w end
      summary = table.concat(parts, ",") .. ":" .. h.add(2).n .. ":" .. tostring(math.floor(2.5)) .. ":" .. tostring(bit.band(6, 3))
      ok = pcall(error, "caught")
      mt = setmetatable({}, { __index = function(_, k) return k .. "!" end })
      function event() end
    `));
    expect(t.loaded).toBe(true);
    expect(run(t.L, 'return summary, tostring(ok), mt.hi')).toEqual(['a1,b2,only,x,y:2:2:2', 'false', 'hi!']);
  });

  const perThread: [string, string][] = [
    ['prints', 'print("main chunk")'],
    ['prints inside pcall', 'pcall(print, "main chunk")'],
    ['reads sysbench.tid', 'local mine = sysbench.tid'],
    ['compares the thread id', 'if sysbench.tid == 0 then first = true end'],
    ['reads thread_id', 'local t = thread_id'],
    ['reads the thread id with a computed key', 'local k = "t" .. "id"; local v = sysbench[k]'],
    ['reads the thread id through rawget', 'local v = rawget(sysbench, "tid")'],
    ['walks the globals', 'for k, v in pairs(_G) do end'],
    ['draws a random number', 'seed = sysbench.rand.uniform(1, 1000)'],
    ['draws from math.random', 'seed = math.random(10)'],
    ['reads the clock', 'started = os.time()'],
    ['opens the ffi', 'local ffi = require("ffi"); ffi.cdef("int usleep(unsigned int);")'],
    ['creates a coroutine', 'co = coroutine.create(function() end)'],
    ['makes a histogram', 'h = sysbench.histogram.new(10, 1, 10)'],
    ['loops for long', 'local n = 0; for i = 1, 1e6 do n = n + i end'],
    ['fails', 'error("broken")'],
  ];
  for (const [what, code] of perThread) {
    it(`not when the chunk ${what}`, () => {
      const t = templateFor(script(what.replace(/\W+/g, '-'), `${code}\nfunction event() end\n`));
      expect(t.loaded).toBe(false);
      expect(t.out).toEqual([]); // nothing happened in the template
      // the copy is the API's state: the thread runs the chunk itself
      expect(run(t.L, 'return type(event), tostring(next(sysbench.opt))')).toEqual(['nil', 'nil']);
    });
  }
});
