// sysbench.rand.* and compat natives through fengari, against the reference binary.
import { describe, expect, it } from 'vitest';
import { lua, lauxlib, lualib, toLuaString } from '../../src/lua-runtime/fengari.js';
import { randNatives, randCompatNatives, useGenerator } from '../../src/lua-runtime/api/rand.js';
import { planSeeds } from '../../src/rand/seeding.js';
import { SbRng, createUniqueState, DEFAULT_RAND_CONFIG } from '../../src/rand/sb-rand.js';

function newState(rng: SbRng, out: string[]): unknown {
  const L = lauxlib.luaL_newstate();
  lualib.luaL_openlibs(L);
  useGenerator(L, rng);
  lua.lua_pushcfunction(L, (Ls: unknown) => {
    const n = lua.lua_gettop(Ls);
    const parts: string[] = [];
    for (let i = 1; i <= n; i++) {
      parts.push(new TextDecoder().decode(lauxlib.luaL_tolstring(Ls, i)));
      lua.lua_pop(Ls, 1);
    }
    out.push(parts.join('\t'));
    return 0;
  });
  lua.lua_setglobal(L, toLuaString('print'));
  lua.lua_newtable(L); // sysbench
  lua.lua_newtable(L); // sysbench.rand
  for (const [k, f] of Object.entries(randNatives)) {
    lua.lua_pushcfunction(L, f);
    lua.lua_setfield(L, -2, toLuaString(k));
  }
  lua.lua_setfield(L, -2, toLuaString('rand'));
  lua.lua_setglobal(L, toLuaString('sysbench'));
  for (const [k, f] of Object.entries(randCompatNatives)) {
    lua.lua_pushcfunction(L, f);
    lua.lua_setglobal(L, toLuaString(k));
  }
  return L;
}

function run(L: unknown, code: string): void {
  if (lauxlib.luaL_dostring(L, toLuaString(code)) !== lua.LUA_OK) {
    throw new Error(new TextDecoder().decode(lua.lua_tostring(L, -1)));
  }
}

function threadRng(seed: number, cfg = DEFAULT_RAND_CONFIG): SbRng {
  const p = planSeeds({ seed, threads: 1, command: 'run' });
  return new SbRng(p.threads[0]!, cfg, createUniqueState(p.unique.indexSeed, p.unique.offsetSeed));
}

describe('Lua natives', () => {
  it('event body of str.lua gives the reference output', () => {
    // LD_PRELOAD=nolj.so /usr/bin/sysbench str.lua --threads=1 --events=2 --rand-seed=3 --percentile=0 run
    // (str.lua: see rand-generators.test.ts; "%z" written as "\0" here for Lua 5.3)
    const out: string[] = [];
    const L = newState(threadRng(3), out);
    run(L, `
      local r = sysbench.rand
      for e = 1, 2 do
        print(r.string("###########-###########-###########-###########-###########-###########-###########-###########-###########-###########"))
        print(r.string("@@@@@@@@@@-##########-xyz#@"))
        print((string.gsub(r.string("ab\\0##@@"), "\\0", "<0>")))
        print(r.string(""))
        print(r.uniform(0, 4294967295), r.gaussian(0, 4294967295), r.special(0, 4294967295), r.pareto(0, 4294967295))
        print(r.uniform(5, 5), r.gaussian(5, 5), r.special(5, 5), r.pareto(5, 5))
        print(r.uniform(3000000000, 4294967294), r.gaussian(3000000000, 4294967294), r.special(3000000000, 4294967294), r.pareto(3000000000, 4294967294))
        print(r.uniform(-5, 5), r.uniform(1.7, 3.9), r.uniform(true, 10), r.uniform(0, 1e20), r.uniform(0, 0/0), r.uniform(-1e10, -1e10+100))
      end`);
    expect(out).toEqual([
      '42541169665-28471543791-68403050454-39977353988-58349697878-61428744953-00671852679-88416478830-20266462619-97700958737',
      'vgfwipcmvr-7715318786-xyz9d',
      'ab<0><0><0><0><0>',
      '',
      '0\t0\t2159575893\t0',
      '5\t5\t5\t5',
      '3594097521\t3484540601\t3656557175\t3000000000',
      '1\t1\t6\t0\t0\t2884901987',
      '93002581093-90718629410-66394022177-69448814183-47294803955-27714144892-39814458754-76145532428-02157109027-96554081678',
      'lxliidsqsv-5673765527-xyz8a',
      'ab<0><0><0><0><0>',
      '',
      '0\t0\t2143261441\t0',
      '5\t5\t5\t5',
      '3985249452\t3712933988\t3647340982\t3875336004',
      '3\t1\t7\t0\t0\t2884901950',
    ]);
  });

  it('generators, default and unique (first reference block)', () => {
    // LD_PRELOAD=nolj.so /usr/bin/sysbench gen2.lua --threads=1 --events=6 --rand-seed=42 --percentile=0 run
    // first two lines (uniform_double compared numerically, uint64 column: see below)
    const out: string[] = [];
    const L = newState(threadRng(42), out);
    run(L, `
      local r = sysbench.rand
      for e = 1, 2 do
        local a, b, c, d, f, s = r.uniform(1, 1000000), r.gaussian(1, 1000000), r.special(1, 1000000),
          r.pareto(1, 1000000), r.default(1, 1000000), r.string("###-@@@-ab#")
        local x = r.uniform_double()
        local u = r.uniform_uint64()
        print(a, b, c, d, f, s, x == (e == 1 and 0.43328594595890491 or 0.2784521938281852), string.format("%.0f", u), r.unique())
      end`);
    expect(out).toEqual([
      // uniform_uint64 (5874173475426196699 / 436890929993255731 in the reference)
      // is a Lua float here: rounded to the nearest double
      '362053\t622440\t501555\t494496\t501247\t047-mor-ab5\ttrue\t5874173475426196480\t2672933100',
      '306339\t432743\t537851\t121193\t499761\t902-eli-ab4\ttrue\t436890929993255744\t2916245674',
    ]);
  });

  it('compat globals (nolj reference)', () => {
    // function event() ... pcall(function() return <expr> end) ... end, with
    // LD_PRELOAD=nolj.so /usr/bin/sysbench e.lua --events=1 --rand-seed=1 run:
    //   sb_rand_uniq() => 2672933100    sb_rnd() => 2561567801
    //   sysbench.rand.unique(5) => 2672933100 (extra arguments ignored)
    const out: string[] = [];
    const L = newState(threadRng(1), out);
    run(L, 'print(sb_rand_uniq())');
    const L2 = newState(threadRng(1), out);
    run(L2, 'print(sb_rnd())');
    const L3 = newState(threadRng(1), out);
    run(L3, 'print(sysbench.rand.unique(5))');
    expect(out).toEqual(['2672933100', '2561567801', '2672933100']);
  });

  it('sb_rand_uniq(a, b) skips values outside [a, b]', () => {
    const out: string[] = [];
    // reference unique sequence: 2672933100, 2916245674, 2834291422, 4086920756, 1846093984
    const L = newState(threadRng(1), out);
    run(L, 'print(sb_rand_uniq(2800000000, 3000000000)); print(sb_rand_uniq(nil, 2000000000))');
    expect(out).toEqual(['2916245674', '1846093984']);
  });

  it('sb_rand & co. are the same functions as sysbench.rand.*', () => {
    const outA: string[] = [];
    const outB: string[] = [];
    run(newState(threadRng(5), outA), 'print(sb_rand(1, 100), sb_rand_uniform(1, 100), sb_rand_gaussian(1, 100), sb_rand_special(1, 100), sb_rand_str("##@@"))');
    run(newState(threadRng(5), outB), 'local r = sysbench.rand; print(r.default(1, 100), r.uniform(1, 100), r.gaussian(1, 100), r.special(1, 100), r.string("##@@"))');
    expect(outA).toEqual(outB);
  });

  it('argument errors like LuaJIT FFI', () => {
    // reference messages (pcall in event(), /usr/bin/sysbench ... run):
    const cases: [string, string][] = [
      ['sysbench.rand.uniform()', "bad argument #1 to '?' (cannot convert 'nil' to 'unsigned int')"],
      ['sysbench.rand.uniform(1)', "bad argument #2 to '?' (cannot convert 'nil' to 'unsigned int')"],
      ['sysbench.rand.uniform("5", "10")', "bad argument #1 to '?' (cannot convert 'string' to 'unsigned int')"],
      ['sysbench.rand.uniform({}, 1)', "bad argument #1 to '?' (cannot convert 'table' to 'unsigned int')"],
      ['sysbench.rand.string(5)', `[string "sysbench.rand.lua"]:66: attempt to get length of local 'fmt' (a number value)`],
      ['sysbench.rand.string()', `[string "sysbench.rand.lua"]:66: attempt to get length of local 'fmt' (a nil value)`],
    ];
    for (const [expr, msg] of cases) {
      const out: string[] = [];
      run(newState(threadRng(1), out), `local ok, e = pcall(function() return ${expr} end); print(ok, e)`);
      expect(out).toEqual([`false\t${msg}`]);
    }
  });

  it('values past 2^31 are exact numbers (LuaJIT doubles)', () => {
    const out: string[] = [];
    run(newState(threadRng(1), out), `
      local v = sysbench.rand.uniform(3000000000, 3000000000)
      print(v, v + 1, v * 2, -v, v - 3000000000)`);
    expect(out).toEqual(['3000000000\t3000000001\t6000000000\t-3000000000\t0']);
  });

  it('zipfian is exposed', () => {
    const out: string[] = [];
    const cfg = { ...DEFAULT_RAND_CONFIG, type: 'zipfian' as const };
    run(newState(threadRng(1, cfg), out), 'local a = sysbench.rand.zipfian(1, 100); print(a >= 1 and a <= 100)');
    expect(out).toEqual(['true']);
  });
});
