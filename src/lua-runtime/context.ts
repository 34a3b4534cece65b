// The JavaScript side of one Lua state: the host it reports to, its coroutine driver, its
// random generator, its SQL session and the few values its natives keep between calls.
//
// Natives close over nothing of a state: each finds this through the state it is called in
// (L.l_G, shared by a state and its coroutines). So every state of a worker has the same
// natives, and a state can be copied from another (state-template.ts) with its natives as they
// are; only this object is made anew for each state.
import type { LuaState } from './fengari.js';
import type { LuaExec } from './exec.js';
import type { LuaHost } from './host.js';
import type { SqlSession } from './sql/session.js';
import type { SqlConnection } from './sql/session.js';
import type { ThreadRandom } from './api/rand.js';
import type { SbRng } from '../rand/sb-rand.js';

/** collectgarbage()'s settings, as LuaJIT reports them back (nothing is collected on demand) */
export interface GcSettings {
  running: boolean;
  pause: number;
  stepmul: number;
}

export interface StateContext {
  readonly host: LuaHost;
  readonly exec: LuaExec;
  /** the thread's sysbench generator (sysbench.rand, the sb_rand* globals) */
  readonly rng: SbRng;
  readonly rand: ThreadRandom;
  readonly sql: SqlSession;
  /** registry reference of the "no result set" object statements without rows return (0: none yet) */
  noResultRef: number;
  /** the 0.5 API's one connection (sysbench.db, db_*) */
  legacyConnection: SqlConnection | null;
  readonly gc: GcSettings;
  /** math.random's generator, made on first use (each LuaJIT state has its own) */
  mathRandom: unknown;
}

/** The context of the state `L` belongs to (L may be one of its coroutines). */
export function stateOf(L: LuaState): StateContext {
  return L.l_G.sb as StateContext;
}

export function setStateContext(L: LuaState, ctx: StateContext): void {
  L.l_G.sb = ctx;
}
