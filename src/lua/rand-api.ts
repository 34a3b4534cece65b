// Binds one thread's generator to the Lua natives that use it.
import type { SbRng } from '../rand/sb-rand.js';
import { randNatives, randCompatNatives } from './api/rand.js';
import type { RandApi } from './state.js';

export function makeRandApi(rng: SbRng): RandApi {
  return {
    natives: randNatives(rng),
    globals: randCompatNatives(rng),
    randString: (template) => rng.randString(template),
    histogramSlot: () => { rng.histogramSlot(); },
    uniformUint64Bits: () => {
      rng.uniformUint64();
      return (BigInt(rng.u64hi) << 32n) | BigInt(rng.u64lo);
    },
  };
}
