// sysbench.histogram: histograms a script can fill and print (sb_histogram in C).
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import { checkObject, defineMetatable, pushObject } from '../userdata.js';
import { HistogramScale } from '../../stats/histogram.js';
import { stateOf } from '../context.js';

const MT = toLuaString('sysbench.histogram');

interface ScriptHistogram {
  scale: HistogramScale;
  counts: Float64Array;
}

// update() draws a random slot from the thread's generator, as sysbench's histogram update does
const methods: Readonly<Record<string, LuaNative>> = {
  update: (L) => {
    const h = checkObject<ScriptHistogram>(L, 1, MT);
    h.counts[h.scale.bucketIndex(lauxlib.luaL_checknumber(L, 2))]++;
    stateOf(L).rand.histogramSlot();
    return 0;
  },
  print: (L) => {
    const h = checkObject<ScriptHistogram>(L, 1, MT);
    stateOf(L).host.out(h.scale.format(h.counts));
    return 0;
  },
};

const newHistogram: LuaNative = (L) => {
  const size = lauxlib.luaL_checkinteger(L, 1);
  const scale = new HistogramScale(size, lauxlib.luaL_checknumber(L, 2), lauxlib.luaL_checknumber(L, 3));
  pushObject(L, { scale, counts: scale.newCounts() } satisfies ScriptHistogram, MT);
  return 1;
};

export function registerHistogram(L: LuaState): void {
  defineMetatable(L, MT, { methods, tostring: '<sb_histogram>' });

  lua.lua_getglobal(L, 'sysbench');
  lua.lua_createtable(L, 0, 1);
  lua.lua_pushcfunction(L, newHistogram);
  lua.lua_setfield(L, -2, 'new');
  lua.lua_setfield(L, -2, 'histogram');
  lua.lua_pop(L, 1);
}
