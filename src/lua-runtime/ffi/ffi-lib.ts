// The ffi module's natives (ffi.new, cast, typeof, sizeof, string, copy, fill, ...) and the
// metatables of cdata and ctype objects, with LuaJIT's semantics and error wording.
import { lua, lauxlib, toJsString, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import {
  CData, FfiError, allocate, arith, cdataText, compare, operandName, pointerTarget, readValue,
  scalarValue, writeScalar, type Operand,
} from './cdata.js';
import {
  alignOf, base, isAggregate, isCharLike, isNumber, sameType, sizeOf, typeName, type CType,
} from './ctypes.js';
import {
  argError, cdataAt, ctypeAt, guarded, luaIn, pushCData, pushCType, pushValue, type FfiContext,
} from './ffi-state.js';

/** The Lua type name of the value at i, as a JS string. */
function luaTypeName(L: LuaState, i: number): string {
  return toJsString(lua.lua_typename(L, lua.lua_type(L, i)));
}

/** The C type argument i names: a type string, a ctype or a cdata. */
export function ctypeArg(L: LuaState, ctx: FfiContext, i: number): CType {
  const t = lua.lua_type(L, i);
  if (t === lua.LUA_TSTRING) {
    ctx.ensureDeclared(L);
    const text = Buffer.from(lua.lua_tostring(L, i)).toString('latin1');
    return guarded(L, 0, () => ctx.reg.parseType(text));
  }
  const ct = ctypeAt(L, i);
  if (ct) return ct;
  const c = cdataAt(L, i);
  if (c) return c.type.kind === 'ref' ? c.type.to : c.type;
  return argError(L, i, `C type expected, got ${t === lua.LUA_TNONE ? 'no value' : luaTypeName(L, i)}`);
}

function tooMany(t: CType): never {
  throw new FfiError(`too many initializers for '${typeName(t)}'`);
}

/** Element count of an array object (a [?] array takes it from its memory). */
function arrayLength(t: CType & { kind: 'array' }, mem: DataView, off: number): number {
  if (t.len !== null) return t.len;
  const es = sizeOf(t.of) ?? 1;
  return Math.floor((mem.byteLength - off) / es);
}

/** Initializes the object of type t at (mem, off) from the Lua values at stack lo..hi. */
function initialize(L: LuaState, ctx: FfiContext, t: CType, mem: DataView, off: number, lo: number, hi: number): void {
  const b = base(t);
  const n = hi - lo + 1;
  if (n <= 0) return;
  const single = n === 1 ? lua.lua_type(L, lo) : -1;
  const from = n === 1 ? cdataAt(L, lo) : null;
  if (from && isAggregate(b) && sameType(base(from.type), b)) {
    new Uint8Array(mem.buffer, mem.byteOffset + off, sizeOf(b) ?? 0).set(new Uint8Array(from.mem!.buffer, from.mem!.byteOffset + from.off, sizeOf(b) ?? 0));
    return;
  }
  if (b.kind === 'array') {
    const len = arrayLength(b, mem, off);
    const es = sizeOf(b.of) ?? 0;
    if (single === lua.LUA_TTABLE) return initFromTable(L, ctx, b, mem, off, lo, len);
    if (single === lua.LUA_TSTRING && isCharLike(b.of)) {
      const s: Uint8Array = lua.lua_tostring(L, lo);
      if (s.length > len) tooMany(b);
      new Uint8Array(mem.buffer, mem.byteOffset + off, s.length).set(s);
      return;
    }
    if (n === 1) { // one value fills every element
      for (let k = 0; k < len; k++) initialize(L, ctx, b.of, mem, off + k * es, lo, lo);
      return;
    }
    if (n > len) tooMany(b);
    for (let k = 0; k < n; k++) initialize(L, ctx, b.of, mem, off + k * es, lo + k, lo + k);
    return;
  }
  if (b.kind === 'struct') {
    const fields = b.s.fields ?? [];
    if (single === lua.LUA_TTABLE) return initFromTable(L, ctx, b, mem, off, lo, fields.length);
    if (n > fields.length) tooMany(b);
    for (let k = 0; k < n; k++) initialize(L, ctx, fields[k].type, mem, off + fields[k].offset, lo + k, lo + k);
    return;
  }
  if (n > 1) tooMany(b);
  writeScalar(b, mem, off, luaIn(L, lo), (s) => ctx.reg.constants.get(s));
}

/** Array elements from t[0] or t[1] on (zero-based when t[0] is set); struct fields by position or name. */
function initFromTable(L: LuaState, ctx: FfiContext, t: CType, mem: DataView, off: number, tbl: number, count: number): void {
  const at = (k: number) => { lua.lua_rawgeti(L, tbl, k); return lua.lua_type(L, -1) !== lua.LUA_TNIL; };
  const top = () => lua.lua_gettop(L);
  if (t.kind === 'array') {
    const es = sizeOf(t.of) ?? 0;
    const first = at(0) ? 0 : 1;
    lua.lua_pop(L, 1);
    for (let k = 0; k < count; k++) {
      if (at(first + k)) initialize(L, ctx, t.of, mem, off + k * es, top(), top());
      lua.lua_pop(L, 1);
    }
    return;
  }
  if (t.kind !== 'struct') return;
  const fields = t.s.fields ?? [];
  const positional = at(1);
  lua.lua_pop(L, 1);
  for (let k = 0; k < fields.length; k++) {
    if (positional) at(k + 1);
    else { lua.lua_pushstring(L, toLuaString(fields[k].name)); lua.lua_rawget(L, tbl); }
    if (lua.lua_type(L, -1) !== lua.LUA_TNIL) initialize(L, ctx, fields[k].type, mem, off + fields[k].offset, top(), top());
    lua.lua_pop(L, 1);
  }
}

/** A new object of type t (a [?] array takes its length from `nelem`), initialized from lo..hi. */
function create(L: LuaState, ctx: FfiContext, t: CType, nelem: number | null, lo: number, hi: number): CData {
  if (t.kind === 'ptr') {
    if (hi - lo > 0) tooMany(t);
    const c = new CData(t, null, 0);
    c.ptr = hi >= lo ? pointerTarget(luaIn(L, lo), t) : null;
    return c;
  }
  let size = sizeOf(t);
  if (t.kind === 'array' && t.len === null && nelem !== null) {
    const es = sizeOf(t.of);
    size = es === null || nelem < 0 ? null : es * Math.trunc(nelem);
  }
  if (size === null || size < 0 || size > 0x7fffffff) throw new FfiError('size of C type is unknown or too large');
  const c = allocate(t, size);
  if (hi >= lo) initialize(L, ctx, t, c.mem!, 0, lo, hi);
  return c;
}

/** ffi.new(ct [, nelem] [, init...]) and ctype(...). */
function newObject(L: LuaState, ctx: FfiContext, t: CType, first: number): number {
  const top = lua.lua_gettop(L);
  let nelem: number | null = null;
  if (t.kind === 'array' && t.len === null) {
    if (first > top) argError(L, first, 'value expected');
    nelem = lauxlib.luaL_checknumber(L, first);
    first++;
  } else if (sizeOf(t) === null && t.kind !== 'ptr') {
    argError(L, 1, 'size of C type is unknown or too large');
  }
  const c = guarded(L, 0, () => create(L, ctx, t, nelem, first, top));
  pushCData(L, ctx, c);
  return 1;
}

/** The place element/field `key` of cdata c refers to: its type and memory. */
function place(L: LuaState, ctx: FfiContext, c: CData, key: number): { t: CType; mem: DataView; off: number } | null {
  const t = base(c.type);
  const kt = lua.lua_type(L, key);
  let index: number | null = null;
  if (kt === lua.LUA_TNUMBER) index = Math.trunc(lua.lua_tonumber(L, key));
  else {
    const kc = cdataAt(L, key);
    if (kc && isNumber(base(kc.type))) index = Number(scalarValue(kc));
  }
  const name = kt === lua.LUA_TSTRING ? Buffer.from(lua.lua_tostring(L, key)).toString('latin1') : null;
  let obj: CType = t, mem = c.mem, off = c.off;
  if (t.kind === 'ptr') {
    if (c.ptr === null) throw new FfiError(`sysbench-ts: dereferencing a NULL '${typeName(t)}'`);
    if (c.ptr.mem === null) throw new FfiError(`sysbench-ts: '${typeName(t)}' made from a number cannot be dereferenced`);
    mem = c.ptr.mem;
    off = c.ptr.off;
    if (index !== null) {
      const es = sizeOf(t.to) ?? 0;
      const at = off + index * es;
      if (at < 0 || at + es > mem.byteLength) throw new FfiError(`sysbench-ts: index ${index} is outside the object '${typeName(t)}' points to`);
      return { t: t.to, mem, off: at };
    }
    obj = base(t.to); // p.field on a pointer to a struct
  }
  if (obj.kind === 'array' && index !== null && mem) {
    const len = arrayLength(obj, mem, off);
    if (index < 0 || index >= len) throw new FfiError(`sysbench-ts: index ${index} is outside '${typeName(obj)}'`);
    return { t: obj.of, mem, off: off + index * (sizeOf(obj.of) ?? 0) };
  }
  if (obj.kind === 'struct' && name !== null && mem) {
    const f = obj.s.fields?.find((x) => x.name === name);
    if (f) return { t: f.type, mem, off: off + f.offset };
    if (ctx.metatypes.has(obj.s)) return null;
  }
  const shown = typeName(c.ref ? { kind: 'ref', to: t, konst: false } : t).replace(/ &$/, '');
  if (name === null && index !== null) throw new FfiError(`'${shown}' cannot be indexed with a number`);
  throw new FfiError(`'${shown}' has no member named '${name ?? '?'}'`);
}

/** Looks up `event` in the metatype table of a struct cdata and pushes it; false when there is none. */
function pushMetatypeField(L: LuaState, ctx: FfiContext, c: CData, event: string): boolean {
  const t = base(c.type);
  const s = t.kind === 'struct' ? t.s : t.kind === 'ptr' && base(t.to).kind === 'struct' ? (base(t.to) as CType & { kind: 'struct' }).s : null;
  const ref = s ? ctx.metatypes.get(s) : undefined;
  if (ref === undefined) return false;
  lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, ref);
  lua.lua_getfield(L, -1, toLuaString(event));
  lua.lua_remove(L, -2);
  if (lua.lua_type(L, -1) !== lua.LUA_TNIL) return true;
  lua.lua_pop(L, 1);
  return false;
}

function operandAt(L: LuaState, i: number): Operand {
  switch (lua.lua_type(L, i)) {
    case lua.LUA_TNUMBER: return lua.lua_tonumber(L, i);
    case lua.LUA_TNIL: case lua.LUA_TNONE: return null;
    case lua.LUA_TBOOLEAN: return lua.lua_toboolean(L, i);
    case lua.LUA_TSTRING: return 'string';
    default: return cdataAt(L, i) ?? luaTypeName(L, i);
  }
}

function arithMeta(ctx: FfiContext, op: string): LuaNative {
  return (L) => {
    const r = guarded(L, 1, () => arith(op, operandAt(L, 1), operandAt(L, 2)));
    pushCData(L, ctx, r);
    return 1;
  };
}

function compareMeta(op: 'eq' | 'lt' | 'le'): LuaNative {
  return (L) => {
    lua.lua_pushboolean(L, guarded(L, 1, () => compare(op, operandAt(L, 1), operandAt(L, 2))));
    return 1;
  };
}

function shownName(x: Operand): string {
  return typeof x === 'string' ? 'string' : operandName(x);
}

export function cdataMetatable(ctx: FfiContext, call: LuaNative): Record<string, LuaNative> {
  return {
    __index: (L) => {
      const c = cdataAt(L, 1)!;
      const p = guarded(L, 1, () => place(L, ctx, c, 2));
      if (p === null) {
        pushMetatypeField(L, ctx, c, '__index');
        if (lua.lua_type(L, -1) === lua.LUA_TFUNCTION) {
          lua.lua_pushvalue(L, 1);
          lua.lua_pushvalue(L, 2);
          lua.lua_call(L, 2, 1);
        } else {
          lua.lua_pushvalue(L, 2);
          lua.lua_gettable(L, -2);
        }
        return 1;
      }
      pushValue(L, ctx, readValue(p.t, p.mem, p.off));
      return 1;
    },
    __newindex: (L) => {
      const c = cdataAt(L, 1)!;
      const p = guarded(L, 1, () => place(L, ctx, c, 2));
      if (p === null) {
        if (!pushMetatypeField(L, ctx, c, '__newindex')) return guarded(L, 1, () => { throw new FfiError(`'${typeName(base(c.type))}' has no member named '${lua.lua_tojsstring(L, 2)}'`); });
        lua.lua_pushvalue(L, 1);
        lua.lua_pushvalue(L, 2);
        lua.lua_pushvalue(L, 3);
        lua.lua_call(L, 3, 0);
        return 0;
      }
      if (p.t.konst) guarded(L, 1, () => { throw new FfiError(`attempt to write to constant location`); });
      guarded(L, 1, () => initialize(L, ctx, p.t, p.mem, p.off, 3, 3));
      return 0;
    },
    __call: (L) => {
      const c = cdataAt(L, 1)!;
      if (base(c.type).kind === 'func') return call(L);
      if (pushMetatypeField(L, ctx, c, '__call')) {
        lua.lua_insert(L, 1);
        lua.lua_call(L, lua.lua_gettop(L) - 1, lua.LUA_MULTRET);
        return lua.lua_gettop(L);
      }
      return guarded(L, 1, () => { throw new FfiError(`'${typeName(base(c.type))}' is not callable`); });
    },
    __tostring: (L) => {
      const c = cdataAt(L, 1)!;
      if (pushMetatypeField(L, ctx, c, '__tostring')) {
        lua.lua_pushvalue(L, 1);
        lua.lua_call(L, 1, 1);
        return 1;
      }
      lua.lua_pushstring(L, toLuaString(cdataText(c)));
      return 1;
    },
    __add: arithMeta(ctx, 'add'), __sub: arithMeta(ctx, 'sub'), __mul: arithMeta(ctx, 'mul'),
    __div: arithMeta(ctx, 'div'), __mod: arithMeta(ctx, 'mod'), __pow: arithMeta(ctx, 'pow'),
    __unm: arithMeta(ctx, 'unm'),
    __eq: compareMeta('eq'), __lt: compareMeta('lt'), __le: compareMeta('le'),
    __concat: (L) => guarded(L, 1, () => {
      throw new FfiError(`attempt to concatenate '${shownName(operandAt(L, 1))}' and '${shownName(operandAt(L, 2))}'`);
    }),
    __len: (L) => guarded(L, 1, () => { throw new FfiError(`attempt to get length of '${shownName(operandAt(L, 1))}'`); }),
    __pairs: (L) => guarded(L, 2, () => { throw new FfiError(`'${shownName(operandAt(L, 1))}' has no '__pairs' metamethod`); }),
  };
}

export function ctypeMetatable(ctx: FfiContext): Record<string, LuaNative> {
  return {
    __call: (L) => newObject(L, ctx, ctypeAt(L, 1)!, 2),
    __tostring: (L) => { lua.lua_pushstring(L, toLuaString(`ctype<${typeName(ctypeAt(L, 1)!)}>`)); return 1; },
    __eq: (L) => {
      const a = ctypeAt(L, 1), b = ctypeAt(L, 2);
      lua.lua_pushboolean(L, a !== null && b !== null && sameType(a, b));
      return 1;
    },
  };
}

/** The bytes a char pointer/array cdata points to: (memory, offset, bytes available). */
function bytesOf(L: LuaState, i: number, what: string): { mem: DataView; off: number; avail: number } {
  const c = cdataAt(L, i);
  if (!c) argError(L, i, `cannot convert '${luaTypeName(L, i)}' to '${what}'`);
  const t = base(c.type);
  if (t.kind === 'ptr') {
    if (c.ptr === null || c.ptr.mem === null) throw new FfiError(`sysbench-ts: ${typeName(t)} ${c.ptr === null ? 'is NULL' : 'made from a number cannot be read'}`);
    return { mem: c.ptr.mem, off: c.ptr.off, avail: c.ptr.mem.byteLength - c.ptr.off };
  }
  if (!c.mem) argError(L, i, `cannot convert '${typeName(t)}' to '${what}'`);
  return { mem: c.mem, off: c.off, avail: c.mem.byteLength - c.off };
}

export function libraryNatives(ctx: FfiContext): Record<string, LuaNative> {
  const constant = (s: string) => ctx.reg.constants.get(s);
  return {
    cdef: (L) => {
      const text = Buffer.from(lauxlib.luaL_checklstring(L, 1)).toString('latin1');
      ctx.ensureDeclared(L);
      guarded(L, 0, () => ctx.reg.declare(text));
      return 0;
    },
    new: (L) => newObject(L, ctx, ctypeArg(L, ctx, 1), 2),
    cast: (L) => {
      const t = ctypeArg(L, ctx, 1);
      const c = guarded(L, 0, () => {
        if (t.kind === 'ptr') {
          const p = new CData(t, null, 0);
          p.ptr = pointerTarget(luaIn(L, 2), t);
          return p;
        }
        if (!isNumber(t)) throw new FfiError(`sysbench-ts: ffi.cast() to '${typeName(t)}' is not supported`);
        const out = allocate(t, sizeOf(t)!);
        writeScalar(t, out.mem!, 0, luaIn(L, 2), constant);
        return out;
      });
      pushCData(L, ctx, c);
      return 1;
    },
    typeof: (L) => { pushCType(L, ctx, ctypeArg(L, ctx, 1)); return 1; },
    sizeof: (L) => {
      const c = cdataAt(L, 1);
      const t = ctypeArg(L, ctx, 1);
      let n: number | null;
      if (c && c.mem && t.kind !== 'ptr') n = c.type.kind === 'array' && c.type.len === null ? c.mem.byteLength - c.off : sizeOf(t);
      else if (t.kind === 'array' && t.len === null) {
        if (lua.lua_isnone(L, 2)) argError(L, 2, 'value expected');
        const es = sizeOf(t.of);
        n = es === null ? null : es * Math.trunc(lauxlib.luaL_checknumber(L, 2));
      } else n = sizeOf(t);
      if (n === null) lua.lua_pushnil(L); else lua.lua_pushinteger(L, n);
      return 1;
    },
    alignof: (L) => { lua.lua_pushinteger(L, alignOf(ctypeArg(L, ctx, 1))); return 1; },
    offsetof: (L) => {
      const t = base(ctypeArg(L, ctx, 1));
      const name = Buffer.from(lauxlib.luaL_checklstring(L, 2)).toString('latin1');
      const f = t.kind === 'struct' ? t.s.fields?.find((x) => x.name === name) : undefined;
      if (!f) return 0;
      lua.lua_pushinteger(L, f.offset);
      return 1;
    },
    istype: (L) => {
      const t = ctypeArg(L, ctx, 1);
      const c = cdataAt(L, 2);
      lua.lua_pushboolean(L, c !== null && sameType(base(c.type), base(t)));
      return 1;
    },
    string: (L) => {
      if (lua.lua_type(L, 1) === lua.LUA_TSTRING) {
        const s: Uint8Array = lua.lua_tostring(L, 1);
        lua.lua_pushlstring(L, s, lua.lua_isnoneornil(L, 2) ? s.length : Math.min(s.length, lauxlib.luaL_checkinteger(L, 2)));
        return 1;
      }
      const { mem, off, avail } = guarded(L, 0, () => bytesOf(L, 1, 'const char *'));
      const bytes = new Uint8Array(mem.buffer, mem.byteOffset + off, avail);
      let len: number;
      if (lua.lua_isnoneornil(L, 2)) {
        len = bytes.indexOf(0);
        if (len < 0) len = avail;
      } else {
        len = lauxlib.luaL_checkinteger(L, 2);
        if (len > avail) guarded(L, 0, () => { throw new FfiError('sysbench-ts: ffi.string() length goes past the end of the object'); });
      }
      lua.lua_pushlstring(L, bytes.slice(0, Math.max(len, 0)), Math.max(len, 0));
      return 1;
    },
    copy: (L) => {
      const dst = guarded(L, 0, () => bytesOf(L, 1, 'void *'));
      let src: Uint8Array;
      if (lua.lua_type(L, 2) === lua.LUA_TSTRING) {
        const s: Uint8Array = lua.lua_tostring(L, 2);
        src = new Uint8Array(s.length + 1);
        src.set(s); // with the terminating NUL, unless a length says otherwise
      } else {
        const b = guarded(L, 0, () => bytesOf(L, 2, 'const void *'));
        src = new Uint8Array(b.mem.buffer, b.mem.byteOffset + b.off, b.avail);
      }
      const len = lua.lua_isnoneornil(L, 3) ? src.length : lauxlib.luaL_checkinteger(L, 3);
      if (len > dst.avail || len > src.length) guarded(L, 0, () => { throw new FfiError('sysbench-ts: ffi.copy() goes past the end of an object'); });
      new Uint8Array(dst.mem.buffer, dst.mem.byteOffset + dst.off, len).set(src.subarray(0, len));
      return 0;
    },
    fill: (L) => {
      const dst = guarded(L, 0, () => bytesOf(L, 1, 'void *'));
      const len = lauxlib.luaL_checkinteger(L, 2);
      const v = lua.lua_isnoneornil(L, 3) ? 0 : lauxlib.luaL_checkinteger(L, 3) & 255;
      if (len > dst.avail) guarded(L, 0, () => { throw new FfiError('sysbench-ts: ffi.fill() goes past the end of the object'); });
      new Uint8Array(dst.mem.buffer, dst.mem.byteOffset + dst.off, Math.max(len, 0)).fill(v);
      return 0;
    },
    gc: (L) => { lua.lua_settop(L, 1); return 1; },
    metatype: (L) => {
      const t = ctypeArg(L, ctx, 1);
      lauxlib.luaL_checktype(L, 2, lua.LUA_TTABLE);
      if (t.kind !== 'struct') return argError(L, 1, `sysbench-ts: ffi.metatype() of '${typeName(t)}' is not supported`);
      if (ctx.metatypes.has(t.s)) guarded(L, 0, () => { throw new FfiError(`cannot change a protected metatable`); });
      lua.lua_pushvalue(L, 2);
      ctx.metatypes.set(t.s, lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX));
      pushCType(L, ctx, t);
      return 1;
    },
    abi: (L) => {
      const what = Buffer.from(lauxlib.luaL_checklstring(L, 1)).toString('latin1');
      lua.lua_pushboolean(L, what === '64bit' || what === 'le' || what === 'fpu');
      return 1;
    },
    errno: (L) => {
      const old = ctx.errno;
      if (!lua.lua_isnoneornil(L, 1)) ctx.errno = lauxlib.luaL_checkinteger(L, 1);
      lua.lua_pushinteger(L, old);
      return 1;
    },
    load: (L) => {
      const name = Buffer.from(lauxlib.luaL_checklstring(L, 1)).toString('latin1');
      return lauxlib.luaL_error(L, toLuaString(`sysbench-ts: ffi.load('${name}') is not supported (no C libraries can be loaded)`));
    },
  };
}
