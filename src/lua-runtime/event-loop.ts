// sysbench's default thread_run(), driven from JavaScript: event() runs as the body of a
// coroutine instead of under pcall() inside a Lua loop. Without the pcall frame a native
// that waits for I/O yields by returning to the resume instead of throwing through nested
// VM calls (several microseconds a query), and starting/stopping an event needs no crossing
// into Lua. Used only while the script keeps sysbench's own thread_run().
import { GlobalSlot, lua, type LuaState } from './fengari.js';
import { errorText, type Done, type LuaExec } from './exec.js';
import type { LuaHost } from './host.js';

// keys as JavaScript strings: fengari finds them in its interned keys without encoding or hashing
const EVENT = 'event';
const ERRCODE = 'errcode';
const SYSBENCH = 'sysbench';
const HOOKS = 'hooks';
const BEFORE_RESTART = 'before_restart_event';
const THREAD_RUN = 'thread_run';
const DEFAULT_THREAD_RUN = '__sb_default_thread_run';
/** sysbench.error.RESTART_EVENT */
const RESTART_EVENT = 1;
const PENDING = -1;
/**
 * Events that end without waiting (--mysql-dry-run, scripts without I/O) run back to back; after
 * this many the thread lets the event loop run, so that the worker's other threads get their
 * turn, as sysbench's OS threads do (otherwise the first thread would run every event)
 */
const EVENTS_BEFORE_YIELD = 64;

/** Whether the script left sysbench's own thread_run() in place. */
export function usesDefaultThreadRun(L: LuaState): boolean {
  lua.lua_getglobal(L, THREAD_RUN);
  lua.lua_getglobal(L, DEFAULT_THREAD_RUN);
  const same = lua.lua_type(L, -1) === lua.LUA_TFUNCTION && lua.lua_rawequal(L, -1, -2);
  lua.lua_pop(L, 2);
  return same;
}

export class EventLoop {
  /** the coroutine events run in; reused while events end normally (a failed one is dead) */
  private co: LuaState | null = null;
  /** inside runEvent()'s start(): an event that ends at once is handled by the loop itself */
  private inStart = false;
  private result = PENDING;
  /** the script's event(), looked up for every event (a script may replace it) */
  private readonly event = new GlobalSlot(EVENT);

  constructor(
    private readonly L: LuaState,
    private readonly exec: LuaExec,
    private readonly host: LuaHost,
    private readonly tid: number,
    private readonly done: Done,
  ) {}

  run(): void {
    this.loop();
  }

  private readonly resumeLoop = (): void => this.loop();

  private loop(): void {
    for (let n = 0; ; n++) {
      if (n === EVENTS_BEFORE_YIELD) {
        setImmediate(this.resumeLoop);
        return;
      }
      const more = this.host.eventStart();
      if (more === false) return this.done(null);
      if (more !== true) {
        // --rate: the next event comes later
        more((_err, go) => {
          if (go !== true) return this.done(null);
          if (this.runEvent()) this.loop();
        });
        return;
      }
      if (!this.runEvent()) return;
    }
  }

  private thread(): LuaState {
    if (this.co === null) {
      this.co = lua.lua_newthread(this.L);
      lua.lua_pop(this.L, 1);
    }
    return this.co;
  }

  /** Runs event(thread_id) once; true when it ended at once and the loop may go on. */
  private runEvent(): boolean {
    const co = this.thread();
    this.event.push(co);
    lua.lua_pushinteger(co, this.tid);
    this.inStart = true;
    this.result = PENDING;
    this.exec.start(co, 1, this.onEventEnd);
    this.inStart = false;
    if (this.result === PENDING) return false;
    return this.afterEvent(this.result);
  }

  private readonly onEventEnd = (_co: LuaState, status: number): void => {
    if (this.inStart) {
      this.result = status;
      return;
    }
    if (this.afterEvent(status)) this.loop();
  };

  /** What follows an event: true to go on with the next one. */
  private afterEvent(status: number): boolean {
    const co = this.co!;
    if (status === lua.LUA_OK) {
      // an event returning a true value ends the thread's loop
      const stop = lua.lua_gettop(co) > 0 && lua.lua_toboolean(co, 1);
      lua.lua_settop(co, 0);
      if (stop) {
        this.done(null);
        return false;
      }
      this.host.eventStop();
      return true;
    }
    this.co = null;
    if (!isRestart(co)) {
      this.done(errorText(co));
      return false;
    }
    // the run is over (--time, Ctrl-C): an event that failed with an ignorable error is not
    // started again (sysbench would retry it until it succeeds, after a lost server forever)
    if (this.host.stopping?.() === true) {
      this.done(null);
      return false;
    }
    this.restart(co);
    return false;
  }

  /** An ignorable SQL error: sysbench.hooks.before_restart_event(err), then the event again. */
  private restart(failed: LuaState): void {
    const L = this.L;
    const again = (): void => {
      if (this.runEvent()) this.loop();
    };
    const hook = lua.lua_newthread(L);
    lua.lua_pop(L, 1);
    if (lua.lua_getglobal(hook, SYSBENCH) !== lua.LUA_TTABLE ||
        lua.lua_getfield(hook, -1, HOOKS) !== lua.LUA_TTABLE ||
        (lua.lua_getfield(hook, -1, BEFORE_RESTART), !lua.lua_toboolean(hook, -1))) {
      return again();
    }
    lua.lua_replace(hook, 1);
    lua.lua_settop(hook, 1);
    lua.lua_xmove(failed, hook, 1);
    this.exec.start(hook, 1, (co, status) => {
      if (status !== lua.LUA_OK) return this.done(errorText(co));
      again();
    });
  }
}

/** Whether the error on top of `co` is sysbench's { errcode = RESTART_EVENT }. */
function isRestart(co: LuaState): boolean {
  if (lua.lua_type(co, -1) !== lua.LUA_TTABLE) return false;
  lua.lua_checkstack(co, 2); // a failed coroutine's frame may be full
  lua.lua_getfield(co, -1, ERRCODE);
  const restart = lua.lua_isnumber(co, -1) && lua.lua_tonumber(co, -1) === RESTART_EVENT;
  lua.lua_pop(co, 1);
  return restart;
}
