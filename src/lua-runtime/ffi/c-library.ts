// ffi.C: the C symbols a script can reach. Enum constants are numbers; a declared function
// is a cdata that calls one of the implementations below (the libc calls benchmark scripts
// use for sleeping and timing, and sysbench's own sb_* functions). Any other declared
// function fails with a clear error when called; an undeclared name is LuaJIT's
// "missing declaration for symbol".
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import type { LuaExec } from '../exec.js';
import type { LuaHost } from '../host.js';
import { randNatives, type RandApi } from '../api/rand.js';
import { CData, FfiError, box, readValue, scalarValue, writeScalar, type PtrTarget } from './cdata.js';
import { base, INT64, UINT64, type CType } from './ctypes.js';
import { cdataAt, guarded, luaIn, pushCData, pushValue, type FfiContext } from './ffi-state.js';

export interface FfiHost {
  exec: LuaExec;
  host: LuaHost;
  rand: RandApi;
}

type Arg = number | boolean | CData;
type FuncType = CType & { kind: 'func' };

/** A C function: `args` converted to the declared parameter types; `ret` pushes the result. */
type Impl = (L: LuaState, args: Arg[], ret: (v: number | bigint | boolean | PtrTarget | null | undefined) => number) => number;

const num = (a: Arg | undefined): number => (a instanceof CData ? Number(scalarValue(a)) : typeof a === 'boolean' ? (a ? 1 : 0) : a ?? 0);
const ptr = (a: Arg | undefined): PtrTarget | null => (a instanceof CData ? a.ptr : null);

/** Writes integer `fields` into the struct a pointer argument points to (tv_sec, tv_usec, ...). */
function setFields(fn: string, param: CType, target: PtrTarget | null, fields: Record<string, number>): void {
  if (target === null) return;
  const t = base(param);
  const st = t.kind === 'ptr' ? base(t.to) : t;
  if (st.kind !== 'struct' || !target.mem) throw new FfiError(`sysbench-ts: ${fn}() needs a pointer to a declared struct`);
  for (const [name, value] of Object.entries(fields)) {
    const f = st.s.fields?.find((x) => x.name === name);
    if (!f) throw new FfiError(`sysbench-ts: ${fn}(): '${st.s.name}' has no member named '${name}'`);
    writeScalar(f.type, target.mem, target.off + f.offset, { kind: 'number', n: value }, () => undefined);
  }
}

/** Calls `done` once at least `us` microseconds have passed (a timer alone may fire up to 1 ms early). */
function sleepAtLeast(us: number, done: () => void): void {
  const until = process.hrtime.bigint() + BigInt(Math.max(0, Math.round(us * 1000)));
  const check = (): void => {
    const leftMs = Number(until - process.hrtime.bigint()) / 1e6;
    if (leftMs <= 0) done();
    else if (leftMs >= 1) setTimeout(check, Math.min(Math.floor(leftMs), 2 ** 31 - 1)); // Node's longest timer
    else setImmediate(check);
  };
  check();
}

/** Wall clock in microseconds, with sub-millisecond resolution. */
function nowMicros(): number {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}

function implementations(fh: FfiHost, ctx: FfiContext, ft: (name: string) => FuncType): Record<string, Impl> {
  const { exec, host } = fh;
  const sleep = (L: LuaState, us: number, ret: (v: number) => number): number =>
    exec.io(L, (cb) => sleepAtLeast(us, () => cb(null, null)), () => ret(0));
  return {
    usleep: (L, a, ret) => sleep(L, num(a[0]), ret),
    sleep: (L, a, ret) => sleep(L, num(a[0]) * 1e6, ret),
    gettimeofday: (L, a, ret) => {
      const us = nowMicros();
      setFields('gettimeofday', ft('gettimeofday').params[0], ptr(a[0]), { tv_sec: Math.floor(us / 1e6), tv_usec: us % 1e6 });
      return ret(0);
    },
    clock_gettime: (L, a, ret) => {
      const clock = num(a[0]);
      let ns: bigint;
      if (clock === 0 || clock === 5 || clock === 11) ns = BigInt(nowMicros()) * 1000n; // REALTIME, _COARSE, TAI
      else if (clock === 1 || clock === 4 || clock === 6 || clock === 7) ns = process.hrtime.bigint(); // MONOTONIC (libuv's clock)
      else if (clock === 2 || clock === 3) { const u = process.cpuUsage(); ns = BigInt(u.user + u.system) * 1000n; }
      else { ctx.errno = 22; return ret(-1); } // EINVAL
      setFields('clock_gettime', ft('clock_gettime').params[1], ptr(a[1]), { tv_sec: Number(ns / 1000000000n), tv_nsec: Number(ns % 1000000000n) });
      return ret(0);
    },
    time: (L, a, ret) => {
      const s = Math.floor(Date.now() / 1000);
      const p = ptr(a[0]);
      if (p && p.mem) writeScalar(INT64, p.mem, p.off, { kind: 'number', n: s }, () => undefined);
      return ret(s);
    },
    getpid: (L, a, ret) => ret(process.pid),
    sb_counter_inc: (L, a, ret) => { host.countInc(num(a[1])); return ret(undefined); },
    // sysbench-ts starts an event's clock when it hands it out, so sb_more_events() does both
    sb_more_events: (L, a, ret) => {
      const more = host.eventStart();
      if (typeof more === 'boolean') return ret(more);
      return exec.io(L, more, () => ret(exec.ioValue === true));
    },
    sb_event_start: (L, a, ret) => ret(undefined),
    sb_event_stop: (L, a, ret) => { host.eventStop(); return ret(undefined); },
    sb_print_test_options: (L, a, ret) => { host.printTestOptions(); return ret(undefined); },
    sb_rand_uniform_uint64: (L, a, ret) => ret(fh.rand.thread.uniform64()),
    sb_rand_str: (L, a, ret) => {
      const fmt = ptr(a[0]), out = ptr(a[1]);
      if (!fmt?.mem || !out?.mem) throw new FfiError('sysbench-ts: sb_rand_str() needs a format string and a char buffer');
      const bytes = new Uint8Array(fmt.mem.buffer, fmt.mem.byteOffset + fmt.off, fmt.mem.byteLength - fmt.off);
      const end = bytes.indexOf(0);
      const s = fh.rand.thread.string(bytes.subarray(0, end < 0 ? bytes.length : end));
      if (s.length > out.mem.byteLength - out.off) throw new FfiError('sysbench-ts: sb_rand_str() buffer too small');
      new Uint8Array(out.mem.buffer, out.mem.byteOffset + out.off, s.length).set(s);
      return ret(undefined);
    },
  };
}

/** sb_rand_* functions with uint32_t arguments: sysbench.rand's natives do LuaJIT's conversion. */
const RAND_NATIVE: Record<string, string> = {
  sb_rand_uniform: 'uniform', sb_rand_default: 'default', sb_rand_gaussian: 'gaussian', sb_rand_special: 'special',
  sb_rand_pareto: 'pareto', sb_rand_unique: 'unique', sb_rand_uniform_double: 'uniform_double',
};

export function cLibrary(ctx: FfiContext, fh: FfiHost): { index: LuaNative; call: LuaNative } {
  const impls = implementations(fh, ctx, (name) => ctx.reg.functions.get(name)!);
  const cache = new Map<string, number>();

  const index: LuaNative = (L) => {
    const name = Buffer.from(lauxlib.luaL_checklstring(L, 2)).toString('latin1');
    ctx.ensureDeclared(L);
    const k = ctx.reg.constants.get(name);
    if (k !== undefined) { lua.lua_pushinteger(L, k); return 1; }
    const f = ctx.reg.functions.get(name);
    if (f) {
      const ref = cache.get(name);
      if (ref !== undefined) { lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, ref); return 1; }
      const c = new CData(f, null, 0);
      c.fname = name;
      pushCData(L, ctx, c);
      lua.lua_pushvalue(L, -1);
      cache.set(name, lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX));
      return 1;
    }
    return guarded(L, 1, () => {
      if (ctx.reg.variables.has(name)) throw new FfiError(`sysbench-ts: reading the C variable '${name}' through ffi.C is not supported`);
      throw new FfiError(`missing declaration for symbol '${name}'`);
    });
  };

  const call: LuaNative = (L) => {
    const fn = cdataAt(L, 1)!;
    const ft = base(fn.type) as FuncType;
    const nargs = lua.lua_gettop(L) - 1;
    if (nargs < ft.params.length || (!ft.varargs && nargs > ft.params.length)) {
      return lauxlib.luaL_error(L, toLuaString('wrong number of arguments for function call'));
    }
    const rand = RAND_NATIVE[fn.fname];
    if (rand) {
      lua.lua_remove(L, 1);
      return randNatives[rand]!(L);
    }
    const impl = impls[fn.fname];
    if (!impl) return lauxlib.luaL_error(L, toLuaString(`sysbench-ts: calling the C function '${fn.fname}' through ffi is not supported`));
    const args: Arg[] = [];
    const scratch = new DataView(new ArrayBuffer(8));
    for (let i = 0; i < ft.params.length; i++) {
      const p = ft.params[i];
      const v = luaIn(L, i + 2);
      // LuaJIT names no function and gives no position for these
      guarded(L, 0, () => {
        try {
          writeScalar(p, scratch, 0, v, (s) => ctx.reg.constants.get(s));
        } catch (e) {
          if (e instanceof FfiError) throw new FfiError(`bad argument #${i + 1} to '?' (${e.message})`);
          throw e;
        }
      });
      args.push(readValue(p, scratch, 0));
    }
    const ret = (v: number | bigint | boolean | PtrTarget | null | undefined): number => {
      const r = base(ft.ret);
      if (r.kind === 'void') return 0;
      if (r.kind === 'ptr') {
        const c = new CData(r, null, 0);
        c.ptr = (v ?? null) as PtrTarget | null;
        pushCData(L, ctx, c);
      } else if (r.kind === 'int' && r.size === 8) {
        pushCData(L, ctx, box(r.unsigned ? UINT64 : INT64, typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v ?? 0)))));
      } else if (r.kind === 'bool') lua.lua_pushboolean(L, v === true || (typeof v === 'number' && v !== 0));
      else pushValue(L, ctx, typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : v ? 1 : 0);
      return 1;
    };
    return guarded(L, 0, () => impl(L, args, ret));
  };

  return { index, call };
}
