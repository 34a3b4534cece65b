// A thread's Lua state copied from a worker's template is the state a build would have made:
// same tables in the same order, same natives, its own sysbench.tid, nothing shared that Lua
// can change.
import { describe, expect, it } from 'vitest';
import { lua, lauxlib, toLuaString, type LuaState } from '../../src/lua-runtime/fengari.js';
import { newSysbenchState } from '../../src/lua-runtime/state.js';
import { StateTemplate } from '../../src/lua-runtime/state-template.js';
import { makeRandApi } from '../../src/lua-runtime/api/rand.js';
import { SbRng } from '../../src/rand/sb-rand.js';
import { Logger } from '../../src/output.js';
import type { LuaHost } from '../../src/lua-runtime/host.js';

function testHost(tid: number, out: string[] = []): LuaHost {
  const write = (t: string): void => { out.push(t); };
  return {
    tid, out: write, log: new Logger(3, write, new Int32Array(new SharedArrayBuffer(64))),
    scriptPath: 'oltp_point_select', scriptFile: '/nonexistent/oltp_point_select.lua', argv: ['sysbench', 'run'], command: 'run',
    options: () => [], legacyGlobals: () => false, createDriver: () => 'no driver here', countInc() {},
    eventStart: () => true, eventStop() {}, setTestArgs: () => true, printTestOptions() {}, atExit() {}, exit() {},
  };
}

const rand = (seed: number) => makeRandApi(new SbRng([seed, 7, 11, 13]));

function built(tid: number, out?: string[]): LuaState {
  return newSysbenchState(testHost(tid, out), rand(tid)).L;
}

function template(): StateTemplate {
  const t = StateTemplate.build(testHost(0), rand(0)).template;
  if (t === null) throw new Error('the API state cannot be copied');
  return t;
}

function copied(t: StateTemplate, tid: number, out?: string[]): LuaState {
  return t.newState(testHost(tid, out), rand(tid)).L;
}

/** Runs `code` in L; its results as strings. */
function run(L: LuaState, code: string): string[] {
  const top = lua.lua_gettop(L);
  if (lauxlib.luaL_loadstring(L, toLuaString(code)) !== lua.LUA_OK || lua.lua_pcall(L, 0, lua.LUA_MULTRET, 0) !== lua.LUA_OK) {
    throw new Error(lua.lua_tojsstring(L, -1));
  }
  const out: string[] = [];
  for (let i = top + 1; i <= lua.lua_gettop(L); i++) out.push(lua.lua_tojsstring(L, i) ?? String(lua.lua_toboolean(L, i)));
  lua.lua_settop(L, top);
  return out;
}

type Obj = any;
const TABLE = 5;
const LIGHTUSERDATA = 2;

/** Every object of a state's graph (from its registry and the basic types' metatables), by kind. */
function graph(L: LuaState): { objects: Set<Obj>; functions: Set<Obj> } {
  const objects = new Set<Obj>();
  const functions = new Set<Obj>();
  const visit = (tv: Obj): void => {
    if (tv === undefined || tv === null) return;
    objects.add(tv);
    const v = tv.value;
    if (typeof v === 'function') { functions.add(v); return; }
    if (v === null || typeof v !== 'object' || objects.has(v)) return;
    if (v.strong instanceof Map) {
      objects.add(v);
      for (let e = v.f; e !== undefined; e = e.n) {
        objects.add(e);
        // (a light userdata key is a pointer: the same in every state)
        if (typeof e.kv === 'object' && e.kv !== null && !e.kv.realstring && e.kt !== LIGHTUSERDATA) visit({ type: e.kt, value: e.kv });
        visit(e.value);
      }
      if (v.metatable) visit({ type: TABLE, value: v.metatable });
    } else if (v.upvals) {
      objects.add(v);
      v.upvals.forEach(visit);
    } else if (v.upvalue) {
      objects.add(v);
      functions.add(v.f);
      v.upvalue.forEach(visit);
    }
  };
  visit(L.l_G.l_registry);
  for (const mt of L.l_G.mt) if (mt) visit({ type: TABLE, value: mt });
  return { objects, functions };
}

/** Asserts that states a and b have the same graph: same shapes, keys in the same order, same values. */
function expectSameGraph(a: LuaState, b: LuaState): void {
  const seen = new Map<Obj, Obj>([[a, b]]);
  const same = (x: Obj, y: Obj, path: string): void => {
    if (typeof x !== 'object' || x === null) {
      expect(y, path).toBe(x);
      return;
    }
    if (x.realstring !== undefined) {
      expect(Buffer.from(y.realstring).toString('latin1'), path).toBe(Buffer.from(x.realstring).toString('latin1'));
      return;
    }
    const known = seen.get(x);
    if (known !== undefined) {
      expect(known === y, `${path}: the same object in a as elsewhere`).toBe(true);
      return;
    }
    seen.set(x, y);
    expect(y.constructor, path).toBe(x.constructor);
    if (x.strong instanceof Map) {
      expect(y.id, `${path} id`).toBe(x.id);
      const entries = new Set(y.strong.values());
      let e = x.f;
      let f = y.f;
      for (; e !== undefined; e = e.n, f = f.n) {
        expect(f, `${path}: b ends early`).toBeDefined();
        const key = e.kv?.realstring ? Buffer.from(e.kv.realstring).toString('latin1') : String(e.kv?.id ?? e.kv);
        expect(f.kt, `${path}.${key}`).toBe(e.kt);
        if (e.kt === LIGHTUSERDATA) expect(f.kv, `${path}[pointer key]`).toBe(e.kv);
        else same(e.kv, f.kv, `${path}[key ${key}]`);
        expect(f.value.type, `${path}.${key}`).toBe(e.value.type);
        same(e.value.value, f.value.value, `${path}.${key}`);
        expect(entries.has(f), `${path}.${key} in the map`).toBe(true);
      }
      expect(f, `${path}: b is longer`).toBeUndefined();
      expect(y.strong.size, `${path} size`).toBe(x.strong.size);
      if (x.metatable) same(x.metatable, y.metatable, `${path}<mt>`);
      else expect(y.metatable, `${path}<mt>`).toBeNull();
    } else if (x.upvals) {
      expect(y.p, `${path}: prototype`).toBe(x.p);
      x.upvals.forEach((u: Obj, i: number) => same(u, y.upvals[i], `${path}^${i}`));
    } else if (x.upvalue) {
      expect(y.f, `${path}: function`).toBe(x.f);
      x.upvalue.forEach((u: Obj, i: number) => same(u, y.upvalue[i], `${path}^${i}`));
    } else if ('type' in x && 'value' in x) {
      expect(y.type, path).toBe(x.type);
      same(x.value, y.value, path);
    } else {
      throw new Error(`${path}: unexpected ${x.constructor?.name}`);
    }
  };
  same(a.l_G.l_registry.value, b.l_G.l_registry.value, 'registry');
  a.l_G.mt.forEach((m: Obj, i: number) => (m ? same(m, b.l_G.mt[i], `mt${i}`) : expect(b.l_G.mt[i]).toBe(m)));
  expect(b.l_G.id_counter).toBe(a.l_G.id_counter);
}

describe('state templates', () => {
  it('every native is shared by all states (none closes over a state)', () => {
    const a = graph(built(1)).functions;
    const b = graph(built(2)).functions;
    expect(a.size).toBeGreaterThan(150);
    expect([...a].filter((f) => !b.has(f)).map((f) => f.name)).toEqual([]);
  });

  it('a copy is the state a build makes for that thread', () => {
    const t = template();
    expectSameGraph(built(3), copied(t, 3));
    expectSameGraph(built(0), copied(t, 0));
  });

  it('copies share nothing Lua can change with the template or with each other', () => {
    const t = template();
    const a = graph(copied(t, 1)).objects;
    const b = graph(copied(t, 2)).objects;
    const shared = [...a].filter((o) => b.has(o) && o.realstring === undefined);
    expect(shared.length).toBe(0);
    expect(a.size).toBeGreaterThan(500);
  });

  it('each copy has its own thread id, generator and output', () => {
    const t = template();
    const outs: string[][] = [[], [], []];
    const states = [0, 1, 2].map((tid) => copied(t, tid, outs[tid]));
    states.forEach((L, tid) => {
      expect(run(L, 'return sysbench.tid, thread_id')).toEqual([String(tid), String(tid)]);
      // the same draws as a state built for that thread with the same seed
      expect(run(L, 'return sysbench.rand.uniform(1, 1000000), sb_rand(1, 100)')).toEqual(run(built(tid), 'return sysbench.rand.uniform(1, 1000000), sb_rand(1, 100)'));
      run(L, `print("thread", sysbench.tid); io.write(string.format("%s-%d\\n", "w", sysbench.tid))`);
      expect(run(L, 'return type(os.time()), math.random(1, 10) == math.random(1, 10) or true')).toEqual(['number', 'true']);
    });
    expect(outs).toEqual([0, 1, 2].map((tid) => [`thread\t${tid}\n`, `w-${tid}\n`]));
  });

  it('a change in one copy does not show in another', () => {
    const t = template();
    const a = copied(t, 1);
    const b = copied(t, 2);
    run(a, 'string.extra = 1; sysbench.opt.x = 2; mine = 3; math.pi = 4; sysbench.hooks.y = 5; table.insert(sysbench.cmdline.argv, "more")');
    expect(run(b, 'return tostring(string.extra), tostring(sysbench.opt.x), tostring(mine), tostring(math.pi > 3 and math.pi < 4), tostring(sysbench.hooks.y), #sysbench.cmdline.argv'))
      .toEqual(['nil', 'nil', 'nil', 'true', 'nil', '1']);
    expect(run(copied(t, 3), 'return tostring(mine)')).toEqual(['nil']);
  });
});
