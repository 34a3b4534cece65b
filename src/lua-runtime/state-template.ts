// Every thread of a worker starts from the same Lua state: sysbench's API installed, the script
// not loaded yet. Building that state is ~1,500 objects made through fengari's API (a third of a
// thread's start-up); copying them is a few hundred microseconds. So a worker builds the state
// once, as a template, and each thread gets a copy of it, made straight from fengari's objects.
//
// What makes a copy the same as a state built for the thread:
// - natives close over nothing of a state (context.ts): functions are shared, each state's
//   context is made anew;
// - sysbench.tid is the one value of the API that differs between threads: the template holds a
//   placeholder there, and every value equal to it (sysbench.tid, the 0.5 API's thread_id) is
//   the thread's id in a copy;
// - everything else is copied: tables (their fields in the same order, so pairs() runs the same),
//   Lua closures (prototypes shared: they are immutable; upvalues shared between closures stay
//   shared, inline caches start empty), C closures, the basic types' metatables, object ids.
// A template holding anything else (a userdata, a coroutine: nothing of the API does at this
// point) is not used: its threads are built one by one, as before.
import { internals, lua, type LuaState } from './fengari.js';
import { runPure } from './pure-run.js';
import { installApi, newContextState, newSysbenchState, type RandApi, type SysbenchState } from './state.js';
import type { LuaHost } from './host.js';

const { ltable, lobject, lstring } = internals;
const Table = ltable.Table;
const TValue = lobject.TValue;
const LClosure = lobject.LClosure;
const CClosure = lobject.CClosure;

// fengari's value tags (defs.js constant_types)
const T_NIL = 0;
const T_BOOLEAN = 1;
const T_LIGHTUSERDATA = 2;
const T_NUMFLT = 3;
const T_TABLE = 5;
const T_LCL = 6;
const T_USERDATA = 7;
const T_THREAD = 8;
const T_SHRSTR = 4;
const T_NUMINT = 19;
const T_LNGSTR = 20;
const T_LCF = 22;
const T_CCL = 38;

/** sysbench.tid in a template: an integer no thread has */
const TID_PLACEHOLDER = -0x7ffe1d0f;

class Uncopyable extends Error {}

type AnyObject = any; // fengari's objects are untyped

/** One copy of a template's object graph into a new state `L`. */
class Copy {
  private readonly done = new Map<AnyObject, AnyObject>();

  constructor(private readonly from: LuaState, private readonly L: LuaState, private readonly tid: number) {}

  /** The copy of the payload of value (type, value). */
  private payload(type: number, v: AnyObject): AnyObject {
    switch (type) {
      case T_NIL: case T_BOOLEAN: case T_NUMFLT: case T_SHRSTR: case T_LNGSTR: case T_LCF: case T_LIGHTUSERDATA:
        return v; // immutable: numbers, booleans, strings, JavaScript functions; pointers (fengari's own keys)
      case T_NUMINT:
        return v === TID_PLACEHOLDER ? this.tid : v;
      case T_TABLE:
        return this.done.get(v) ?? this.table(v);
      case T_LCL:
        return this.done.get(v) ?? this.lclosure(v);
      case T_CCL:
        return this.done.get(v) ?? this.cclosure(v);
      case T_THREAD:
        if (v === this.from) return this.L;
        throw new Uncopyable('a coroutine');
      case T_USERDATA:
        throw new Uncopyable('a userdata');
      default:
        throw new Uncopyable(`a value of type ${type}`);
    }
  }

  private value(tv: AnyObject): AnyObject {
    return new TValue(tv.type, this.payload(tv.type, tv.value));
  }

  /** An upvalue: one TValue that closures share, so its copy is shared too. */
  private upvalue(tv: AnyObject): AnyObject {
    let c = this.done.get(tv);
    if (c === undefined) {
      c = new TValue(tv.type, null);
      this.done.set(tv, c);
      c.value = this.payload(tv.type, tv.value);
    }
    return c;
  }

  table(t: AnyObject): AnyObject {
    const c = new Table(this.L);
    c.id = t.id;
    this.done.set(t, c);
    c.flags = t.flags;
    let prev: AnyObject;
    for (let e = t.f; e !== undefined; e = e.n) {
      const kt: number = e.kt;
      let kv: AnyObject = e.kv;
      let hash: AnyObject;
      switch (kt) {
        case T_SHRSTR: case T_LNGSTR:
          hash = lstring.luaS_hashlongstr(kv);
          break;
        case T_NUMINT: case T_NUMFLT: case T_BOOLEAN:
          if (kv === TID_PLACEHOLDER) throw new Uncopyable('the thread id as a key');
          hash = kv;
          break;
        case T_LIGHTUSERDATA:
          // a pointer key (fengari's loaded JS libraries in the registry): hashed as the template hashed it
          for (const [h, x] of t.strong) if (x === e) hash = h;
          break;
        default:
          kv = this.payload(kt, kv);
          hash = kv;
      }
      const entry: AnyObject = { kt, kv, value: this.value(e.value), p: prev, n: undefined };
      if (prev === undefined) c.f = entry;
      else prev.n = entry;
      c.strong.set(hash, entry);
      prev = entry;
    }
    c.l = prev;
    if (t.metatable !== null) c.metatable = this.done.get(t.metatable) ?? this.table(t.metatable);
    return c;
  }

  private lclosure(f: AnyObject): AnyObject {
    const n: number = f.nupvalues;
    const c = new LClosure(this.L, n);
    c.id = f.id;
    c.p = f.p;
    this.done.set(f, c);
    for (let i = 0; i < n; i++) c.upvals[i] = this.upvalue(f.upvals[i]);
    return c;
  }

  private cclosure(f: AnyObject): AnyObject {
    const n: number = f.nupvalues;
    const c = new CClosure(this.L, f.f, n);
    c.id = f.id;
    this.done.set(f, c);
    for (let i = 0; i < n; i++) {
      const u = f.upvalue[i];
      c.upvalue[i].type = u.type;
      c.upvalue[i].value = this.payload(u.type, u.value);
    }
    return c;
  }
}

/** Makes the state `into` (fresh, with its context) a copy of the template state `from`. */
function copyState(from: LuaState, into: LuaState, tid: number): void {
  const g = from.l_G;
  const ig = into.l_G;
  const copy = new Copy(from, into, tid);
  // (the registry's main thread, LUA_RIDX_MAINTHREAD, becomes `into`)
  ig.l_registry.value = copy.table(g.l_registry.value);
  for (let i = 0; i < g.mt.length; i++) ig.mt[i] = g.mt[i] ? copy.table(g.mt[i]) : g.mt[i];
  ig.id_counter = g.id_counter;
}

/** What a template may also do: run the script's main chunk, then export the options. */
export interface TemplateScript {
  /** pushes the script's main chunk (lua_load's status) */
  load(L: LuaState): number;
  /** after the chunk: what each thread does next (sysbench.opt and the options' globals) */
  then(L: LuaState): void;
}

/** The state every thread of a task starts from (see the top of this file). */
export class StateTemplate {
  /** `scriptLoaded`: the template has run the script's main chunk (and TemplateScript.then) */
  private constructor(private readonly L: LuaState, readonly scriptLoaded: boolean) {}

  /**
   * Builds the template for the states of hosts like `host` (same script, arguments, command
   * and options), and the state of `host` itself. With `script`, the template also runs the
   * main chunk, when the chunk does the same in every thread (pure-run.ts); otherwise each
   * thread runs it. A template that cannot be copied is not used (template null: build every
   * state).
   */
  static build(host: LuaHost, rand: RandApi, script?: TemplateScript): { template: StateTemplate | null; state: SysbenchState } {
    const api = newContextState(host, rand).L;
    installApi(api, host, TID_PLACEHOLDER);
    const candidates = [new StateTemplate(api, false)];
    if (script !== undefined) {
      const L = newContextState(host, rand).L;
      copyState(api, L, TID_PLACEHOLDER);
      if (script.load(L) === lua.LUA_OK && runPure(L)) {
        script.then(L);
        candidates.unshift(new StateTemplate(L, true));
      }
    }
    for (const template of candidates) {
      try {
        // the first copy says whether the template can be copied at all (it never changes)
        return { template, state: template.newState(host, rand) };
      } catch (e) {
        if (!(e instanceof Uncopyable)) throw e;
      }
    }
    return { template: null, state: newSysbenchState(host, rand) };
  }

  /** A new state of `host` (its context made as newSysbenchState makes it), the template copied in. */
  newState(host: LuaHost, rand: RandApi): SysbenchState {
    const state = newContextState(host, rand);
    copyState(this.L, state.L, host.tid);
    state.scriptLoaded = this.scriptLoaded;
    return state;
  }
}
