#!/usr/bin/env node
// Micro-benchmark of the random number generators (ns per call).
// Build first: npx tsc -p .   then: node scripts/bench-rand.mjs [millions-of-calls]
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => path.join(root, 'dist', p);

const { SbRng, DEFAULT_RAND_CONFIG, createUniqueState } = await import(dist('rand/sb-rand.js'));
const { planSeeds } = await import(dist('rand/seeding.js'));

const M = Number(process.argv[2] ?? 5);
const N = Math.round(M * 1e6);

const plan = planSeeds({ seed: 42, threads: 1, command: 'run' });
const uq = createUniqueState(plan.unique.indexSeed, plan.unique.offsetSeed);
const rng = (type) => new SbRng(plan.threads[0], { ...DEFAULT_RAND_CONFIG, type }, uq);

// oltp_common's c column template (119 chars) plus one '#': 120 chars
const C_TMPL = new TextEncoder().encode(
  '###########-###########-###########-###########-###########-###########-###########-###########-###########-###########' + '#',
);

function bench(name, n, fn) {
  fn(Math.min(n, 200000)); // warm-up / JIT
  const t0 = process.hrtime.bigint();
  const sink = fn(n);
  const ns = Number(process.hrtime.bigint() - t0) / n;
  console.log(`${name.padEnd(44)} ${ns.toFixed(1).padStart(8)} ns/call   (sink ${sink})`);
}

const loop2 = (r, m) => (n) => { let s = 0; for (let i = 0; i < n; i++) s += r[m](1, 1000000); return s; };

console.log(`node ${process.version}, ${N} calls per generator (${C_TMPL.length}-char string: ${N / 10} calls)`);
bench('uniformDouble()', N, (n) => { const r = rng('uniform'); let s = 0; for (let i = 0; i < n; i++) s += r.uniformDouble(); return s.toFixed(0); });
bench('uniformUint64()', N, (n) => { const r = rng('uniform'); let s = 0; for (let i = 0; i < n; i++) s += r.uniformUint64(); return s > 0; });
bench('uniform(1, 1e6)', N, loop2(rng('uniform'), 'uniform'));
for (const t of ['uniform', 'gaussian', 'special', 'pareto', 'zipfian']) {
  bench(`default(1, 1e6) --rand-type=${t}`, N, loop2(rng(t), 'default'));
}
bench('unique()', N, (n) => { const r = rng('uniform'); let s = 0; for (let i = 0; i < n; i++) s += r.unique(); return s; });
bench(`string(<${C_TMPL.length} chars>) new array each call`, N / 10, (n) => {
  const r = rng('uniform'); let s = 0;
  for (let i = 0; i < n; i++) s += r.string(C_TMPL)[5];
  return s;
});
bench(`stringInto(<${C_TMPL.length} chars>, reused buffer)`, N / 10, (n) => {
  const r = rng('uniform'); const out = new Uint8Array(C_TMPL.length); let s = 0;
  for (let i = 0; i < n; i++) { r.stringInto(C_TMPL, C_TMPL.length, out); s += out[5]; }
  return s;
});

// Through the Lua natives (fengari), for scale: one Lua call each
try {
  const { lua, lauxlib, lualib, toLuaString } = await import(dist('lua/fengari.js'));
  const { randNatives, useGenerator } = await import(dist('lua/api/rand.js'));
  const L = lauxlib.luaL_newstate();
  lualib.luaL_openlibs(L);
  useGenerator(L, rng('special'));
  lua.lua_newtable(L);
  for (const [k, f] of Object.entries(randNatives)) {
    lua.lua_pushcfunction(L, f);
    lua.lua_setfield(L, -2, toLuaString(k));
  }
  lua.lua_setglobal(L, toLuaString('rand'));
  const luaBench = (name, body, n) => bench(name, n, (k) => {
    const code = `local r = rand; local s = 0; for i = 1, ${k} do ${body} end; return s`;
    if (lauxlib.luaL_dostring(L, toLuaString(code)) !== 0) throw new Error(lua.lua_tojsstring(L, -1));
    const v = lua.lua_tonumber(L, -1); lua.lua_pop(L, 1); return v;
  });
  luaBench('Lua: rand.default(1, 1000000) (special)', 's = s + r.default(1, 1000000)', N / 5);
  luaBench(`Lua: rand.string(<${C_TMPL.length} chars>)`, `s = s + #r.string("${new TextDecoder().decode(C_TMPL)}")`, N / 20);
  luaBench('Lua: empty loop iteration (baseline)', 's = s + 1', N / 5);
} catch (e) {
  console.log(`(Lua natives benchmark skipped: ${e.message})`);
}
