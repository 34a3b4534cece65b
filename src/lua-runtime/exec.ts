// Runs Lua functions as coroutines so that natives can wait for I/O without blocking the
// worker: a native starts its I/O, yields, and the I/O callback resumes the coroutine.
import { lua, lauxlib, toJsString, toLuaString, type LuaState } from './fengari.js';

export type Done = (err: string | null) => void;
/** How a coroutine ended: its status (LUA_OK or an error), its stack holding the results or the error. */
export type Finish = (co: LuaState, status: number) => void;
type Continuation = (L: LuaState, status: number, kctx: number) => number;

/** Text of the error value on top of `L`, as sysbench prints it (lua_tostring or "(not a string)"). */
export function errorText(L: LuaState): string {
  const t = lua.lua_type(L, -1);
  if (t === lua.LUA_TSTRING || t === lua.LUA_TNUMBER) return toJsString(lua.lua_tolstring(L, -1));
  return '(not a string)';
}

function doneFinish(done: Done): Finish {
  return (co, status) => done(status === lua.LUA_OK ? null : errorText(co));
}

export class LuaExec {
  private co: LuaState | null = null;
  private finish: Finish | null = null;
  // state of the one I/O call in flight (a Lua state runs one coroutine at a time)
  private ioSync = false;
  private ioDone = false;
  ioErr: unknown = null;
  ioValue: unknown = null;
  /** the callback handed to every driver call; preallocated so the hot path allocates nothing */
  readonly ioCallback = (err: unknown, value: unknown): void => {
    this.ioErr = err;
    this.ioValue = value;
    if (this.ioSync) this.ioDone = true;
    else this.resume();
  };

  constructor(readonly L: LuaState) {}

  /**
   * Whether `L` is what sysbench runs the script's functions in: the state itself or the
   * coroutine this exec drives (sysbench calls them with lua_pcall: to a script they are the
   * main thread, not a coroutine).
   */
  isScriptMain(L: LuaState): boolean {
    return L === this.co || L === this.L;
  }

  /** Calls global function `name` with the arguments `pushArgs` pushes; `done` gets the outcome. */
  callGlobal(name: string, pushArgs: ((co: LuaState) => number) | null, done: Done): void {
    const co = lua.lua_newthread(this.L);
    lua.lua_pop(this.L, 1);
    lua.lua_getglobal(co, name);
    this.start(co, pushArgs ? pushArgs(co) : 0, doneFinish(done));
  }

  /** Calls the function on top of `this.L` (popped) with no arguments. */
  callTop(done: Done): void {
    const co = lua.lua_newthread(this.L);
    lua.lua_insert(this.L, -2);
    lua.lua_xmove(this.L, co, 1);
    lua.lua_pop(this.L, 1);
    this.start(co, 0, doneFinish(done));
  }

  /**
   * Resumes coroutine `co` (its function and `nargs` arguments pushed); `finish` runs when it
   * returns or fails, possibly before start() returns (no I/O waited for).
   */
  start(co: LuaState, nargs: number, finish: Finish): void {
    if (this.co !== null) throw new Error('Lua state is already running a coroutine');
    this.co = co;
    this.finish = finish;
    this.step(nargs);
  }

  private step(nargs: number): void {
    const co = this.co;
    const status = lua.lua_resume(co, this.L, nargs);
    if (status === lua.LUA_YIELD) return;
    const finish = this.finish!;
    this.co = null;
    this.finish = null;
    finish(co, status);
  }

  private resume(): void {
    this.step(0);
  }

  /**
   * Called by a native: runs `start(ioCallback)` and then `k`, yielding in between if the
   * I/O completes later. Returns what the native must return.
   */
  io(L: LuaState, start: (cb: (err: unknown, value: unknown) => void) => void, k: Continuation): number {
    this.ioSync = true;
    this.ioDone = false;
    start(this.ioCallback);
    this.ioSync = false;
    if (this.ioDone) return k(L, lua.LUA_OK, 0);
    if (!lua.lua_isyieldable(L)) {
      return lauxlib.luaL_error(L, toLuaString('sysbench-ts: database and sleep calls are not possible here (not in a coroutine sysbench controls)'));
    }
    return lua.lua_yieldk(L, 0, 0, k);
  }
}

