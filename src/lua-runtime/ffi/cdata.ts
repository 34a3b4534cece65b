// cdata values of the ffi stand-in: C objects in little-endian memory (a DataView), with
// LuaJIT's conversions between Lua values and C types and its 64-bit integer arithmetic.
// Pointers do not live in C memory as addresses: a pointer value is a reference to (a place
// in) an object, kept beside the memory when stored in a pointer field.
import { base, isNumber, sizeOf, typeName, INT64, UINT64, type CType } from './ctypes.js';

export class FfiError extends Error {}

/** Where a pointer points: a place in some object, or a bare address (from a number cast). */
export interface PtrTarget {
  mem: DataView | null;
  off: number;
  addr: number;
}

export class CData {
  /** for pointers: the target (null: NULL) */
  ptr: PtrTarget | null = null;
  /** for C functions: the symbol */
  fname = '';

  /** `ref`: an element or field reached through another cdata (LuaJIT shows "T &") */
  constructor(readonly type: CType, readonly mem: DataView | null, readonly off: number, readonly ref = false) {}

  get size(): number {
    return this.mem ? this.mem.byteLength - this.off : 0;
  }
}

const pointerFields = new WeakMap<ArrayBuffer, Map<number, PtrTarget | null>>();
const addresses = new WeakMap<ArrayBuffer, number>();
let nextAddress = 0x7f3a00000000;

/** A fake but stable address for tostring: each allocation gets its own page-aligned range. */
export function addressOf(mem: DataView | null, off: number): number {
  if (!mem) return 0;
  let a = addresses.get(mem.buffer as ArrayBuffer);
  if (a === undefined) {
    a = nextAddress;
    nextAddress += Math.max(4096, Math.ceil(mem.byteLength / 4096) * 4096);
    addresses.set(mem.buffer as ArrayBuffer, a);
  }
  return a + mem.byteOffset + off;
}

export function allocate(t: CType, size: number): CData {
  return new CData(t, new DataView(new ArrayBuffer(Math.max(size, 1))), 0);
}

// ---- numbers -----------------------------------------------------------------------------

const TWO63 = 9223372036854775808;
const TWO64 = 18446744073709551616;
const INT64_MIN = -(2n ** 63n);

/** x86-64's double -> int64 conversion: truncation; -2^63 out of range and for nan. */
export function toInt64(n: number): bigint {
  if (!(n >= -TWO63 && n < TWO63)) return INT64_MIN;
  return BigInt(Math.trunc(n));
}

/** LuaJIT's double -> uint64: through int64, values that come out negative wrap via n - 2^64. */
export function toUint64(n: number): bigint {
  let i = toInt64(n);
  if (i < 0n) i = toInt64(n - TWO64);
  return BigInt.asUintN(64, i);
}

/** The value of a scalar number cdata: bigint for integer types, number for float ones. */
export function scalarValue(c: CData): bigint | number | boolean {
  const t = base(c.type);
  const m = c.mem!;
  switch (t.kind) {
    case 'bool': return m.getUint8(c.off) !== 0;
    case 'float': return t.size === 4 ? m.getFloat32(c.off, true) : m.getFloat64(c.off, true);
    case 'enum': return BigInt(m.getInt32(c.off, true));
    case 'int': return readInt(m, c.off, t.size, t.unsigned);
    default: throw new FfiError(`cannot convert '${typeName(c.type)}' to 'double'`);
  }
}

function readInt(m: DataView, off: number, size: number, unsigned: boolean): bigint {
  switch (size) {
    case 1: return BigInt(unsigned ? m.getUint8(off) : m.getInt8(off));
    case 2: return BigInt(unsigned ? m.getUint16(off, true) : m.getInt16(off, true));
    case 4: return BigInt(unsigned ? m.getUint32(off, true) : m.getInt32(off, true));
    default: return unsigned ? m.getBigUint64(off, true) : m.getBigInt64(off, true);
  }
}

function writeInt(m: DataView, off: number, size: number, v: bigint): void {
  switch (size) {
    case 1: m.setUint8(off, Number(BigInt.asUintN(8, v))); break;
    case 2: m.setUint16(off, Number(BigInt.asUintN(16, v)), true); break;
    case 4: m.setUint32(off, Number(BigInt.asUintN(32, v)), true); break;
    default: m.setBigUint64(off, BigInt.asUintN(64, v), true);
  }
}

/** A Lua value on its way into C memory. */
export type LuaIn =
  | { kind: 'number'; n: number }
  | { kind: 'boolean'; b: boolean }
  | { kind: 'nil' }
  | { kind: 'string'; s: Uint8Array }
  | { kind: 'cdata'; c: CData }
  | { kind: 'other'; name: string };

export function sourceName(v: LuaIn): string {
  switch (v.kind) {
    case 'cdata': return typeName(v.c.type.kind === 'ref' ? v.c.type.to : v.c.type);
    case 'other': return v.name;
    default: return v.kind;
  }
}

function cannotConvert(v: LuaIn, t: CType): never {
  throw new FfiError(`cannot convert '${sourceName(v)}' to '${typeName(t)}'`);
}

/** The integer bits a Lua value converts to (for an integer C type). */
function integerOf(v: LuaIn, t: CType, unsigned: boolean, enumConstant: (s: string) => number | undefined): bigint {
  switch (v.kind) {
    case 'number': return unsigned ? toUint64(v.n) : toInt64(v.n); // uint64_t only: smaller types take int64's low bits
    case 'boolean': return v.b ? 1n : 0n;
    case 'string': {
      const k = t.kind === 'enum' ? enumConstant(Buffer.from(v.s).toString('latin1')) : undefined;
      if (k === undefined) cannotConvert(v, t);
      return BigInt(k);
    }
    case 'cdata': {
      if (!isNumber(base(v.c.type))) cannotConvert(v, t);
      const x = scalarValue(v.c);
      if (typeof x === 'bigint') return x;
      if (typeof x === 'boolean') return x ? 1n : 0n;
      return unsigned ? toUint64(x) : toInt64(x);
    }
    default: return cannotConvert(v, t);
  }
}

/** Stores a scalar (number, bool, enum or pointer) Lua value into C memory. */
export function writeScalar(t: CType, m: DataView, off: number, v: LuaIn, enumConstant: (s: string) => number | undefined): void {
  const b = base(t);
  switch (b.kind) {
    case 'int': writeInt(m, off, b.size, integerOf(v, b, b.unsigned && b.size === 8, enumConstant)); return;
    case 'enum': writeInt(m, off, 4, integerOf(v, b, false, enumConstant)); return;
    case 'bool': {
      let x: boolean;
      if (v.kind === 'boolean') x = v.b;
      else if (v.kind === 'number') x = v.n !== 0;
      else if (v.kind === 'cdata' && isNumber(base(v.c.type))) { const s = scalarValue(v.c); x = s !== 0n && s !== 0 && s !== false; }
      else return cannotConvert(v, t);
      m.setUint8(off, x ? 1 : 0);
      return;
    }
    case 'float': {
      let x: number;
      if (v.kind === 'number') x = v.n;
      else if (v.kind === 'boolean') x = v.b ? 1 : 0;
      else if (v.kind === 'cdata' && isNumber(base(v.c.type))) { const s = scalarValue(v.c); x = typeof s === 'boolean' ? (s ? 1 : 0) : Number(s); }
      else return cannotConvert(v, t);
      if (b.size === 4) m.setFloat32(off, x, true); else m.setFloat64(off, x, true);
      return;
    }
    case 'ptr': {
      let fields = pointerFields.get(m.buffer as ArrayBuffer);
      if (!fields) { fields = new Map(); pointerFields.set(m.buffer as ArrayBuffer, fields); }
      fields.set(m.byteOffset + off, pointerTarget(v, t));
      m.setBigUint64(off, 0n, true);
      return;
    }
    default: cannotConvert(v, t);
  }
}

/** Where a Lua value points when converted to pointer type `t` (null: NULL). */
export function pointerTarget(v: LuaIn, t: CType): PtrTarget | null {
  switch (v.kind) {
    case 'nil': return null;
    case 'number': if (v.n === 0) return null; return { mem: null, off: 0, addr: v.n };
    case 'string': {
      // a const char * to a copy of the bytes, NUL-terminated
      const m = new DataView(new ArrayBuffer(v.s.length + 1));
      new Uint8Array(m.buffer).set(v.s);
      return { mem: m, off: 0, addr: 0 };
    }
    case 'cdata': {
      const c = v.c;
      const ct = base(c.type);
      if (ct.kind === 'ptr') return c.ptr;
      if (ct.kind === 'func') return { mem: null, off: 0, addr: 0x400000 };
      return { mem: c.mem, off: c.off, addr: 0 };
    }
    default: return cannotConvert(v, t);
  }
}

/** A Lua-side view of the C value of type `t` at (m, off): a number, boolean or cdata. */
export function readValue(t: CType, m: DataView, off: number): number | boolean | CData {
  const b = base(t);
  switch (b.kind) {
    case 'bool': return m.getUint8(off) !== 0;
    case 'float': return b.size === 4 ? m.getFloat32(off, true) : m.getFloat64(off, true);
    case 'enum': return m.getInt32(off, true);
    case 'int':
      if (b.size < 8) return Number(readInt(m, off, b.size, b.unsigned));
      return box(b.unsigned ? UINT64 : INT64, readInt(m, off, 8, b.unsigned));
    case 'ptr': {
      const c = new CData(b, null, 0);
      c.ptr = pointerFields.get(m.buffer as ArrayBuffer)?.get(m.byteOffset + off) ?? null;
      return c;
    }
    default: return new CData(b, m, off, true); // a struct or array: a reference into the same memory
  }
}

/** A new int64_t/uint64_t cdata holding `v`. */
export function box(t: CType, v: bigint): CData {
  const c = allocate(t, 8);
  c.mem!.setBigUint64(0, BigInt.asUintN(64, v), true);
  return c;
}

// ---- 64-bit arithmetic -----------------------------------------------------------------

export type Operand = number | boolean | string | null | CData;

/** An arithmetic operand as LuaJIT converts it (number-ish cdata and Lua numbers become 64-bit ints), or null. */
function operand(x: Operand): { v: bigint; unsigned: boolean } | null {
  if (typeof x === 'number') return { v: toInt64(x), unsigned: false };
  if (x instanceof CData) {
    const t = base(x.type);
    if (isNumber(t)) {
      const s = scalarValue(x);
      const unsigned = t.kind === 'int' && t.size === 8 && t.unsigned;
      if (typeof s === 'bigint') return { v: s, unsigned };
      if (typeof s === 'boolean') return { v: s ? 1n : 0n, unsigned };
      return { v: toInt64(s), unsigned };
    }
  }
  return null;
}

export function operandName(x: Operand): string {
  if (x instanceof CData) return typeName(x.type.kind === 'ref' ? x.type.to : x.type);
  if (x === null) return 'nil';
  return typeof x;
}

function pointerArith(op: string, p: CData, n: Operand): CData {
  const t = base(p.type) as CType & { kind: 'ptr' };
  if (typeof n !== 'number' && !(n instanceof CData && isNumber(base(n.type)))) {
    throw new FfiError(`attempt to perform arithmetic on '${operandName(p)}' and '${operandName(n)}'`);
  }
  const k = Number(operand(n)!.v);
  const step = sizeOf(t.to) ?? 1;
  const out = new CData(t, null, 0);
  const delta = (op === 'sub' ? -k : k) * step;
  out.ptr = p.ptr === null ? { mem: null, off: 0, addr: delta } : { ...p.ptr, off: p.ptr.off + delta, addr: p.ptr.addr ? p.ptr.addr + delta : 0 };
  return out;
}

/** a <op> b for cdata operands (op: add sub mul div mod pow unm). */
export function arith(op: string, a: Operand, b: Operand): CData {
  if (a instanceof CData && base(a.type).kind === 'ptr' && (op === 'add' || op === 'sub')) return pointerArith(op, a, b);
  if (b instanceof CData && base(b.type).kind === 'ptr' && op === 'add') return pointerArith(op, b, a);
  const x = operand(a);
  const y = op === 'unm' ? { v: 0n, unsigned: false } : operand(b);
  if (x === null || y === null) {
    throw new FfiError(`attempt to perform arithmetic on '${operandName(a)}'` + (op === 'unm' ? '' : ` and '${operandName(b)}'`));
  }
  const unsigned = x.unsigned || y.unsigned;
  const norm = (v: bigint) => (unsigned ? BigInt.asUintN(64, v) : BigInt.asIntN(64, v));
  const p = norm(x.v), q = norm(y.v);
  let r: bigint;
  switch (op) {
    case 'add': r = p + q; break;
    case 'sub': r = p - q; break;
    case 'mul': r = p * q; break;
    case 'unm': r = -p; break;
    case 'div': r = q === 0n || (!unsigned && p === INT64_MIN && q === -1n) ? INT64_MIN : p / q; break;
    case 'mod': r = q === 0n || (!unsigned && p === INT64_MIN && q === -1n) ? INT64_MIN : p % q; break;
    default: r = power(p, q, unsigned);
  }
  return box(unsigned ? UINT64 : INT64, r);
}

function power(x: bigint, k: bigint, unsigned: boolean): bigint {
  if (!unsigned && k < 0n) {
    if (x === 1n) return 1n;
    if (x === -1n) return k % 2n === 0n ? 1n : -1n;
    return 0n;
  }
  let r = 1n;
  let b = BigInt.asUintN(64, x);
  let e = BigInt.asUintN(64, k);
  while (e > 0n) {
    if (e & 1n) r = BigInt.asUintN(64, r * b);
    b = BigInt.asUintN(64, b * b);
    e >>= 1n;
  }
  return r;
}

/** a == b, a < b, a <= b for cdata operands (numbers as 64-bit ints; objects by address). */
export function compare(op: 'eq' | 'lt' | 'le', a: Operand, b: Operand): boolean {
  const num = (x: Operand) => typeof x === 'number' || (x instanceof CData && isNumber(base(x.type)));
  if (num(a) && num(b)) {
    const x = operand(a)!, y = operand(b)!;
    const unsigned = x.unsigned || y.unsigned;
    const p = unsigned ? BigInt.asUintN(64, x.v) : x.v, q = unsigned ? BigInt.asUintN(64, y.v) : y.v;
    return op === 'eq' ? p === q : op === 'lt' ? p < q : p <= q;
  }
  if (op !== 'eq') throw new FfiError(`attempt to compare '${operandName(a)}' with '${operandName(b)}'`);
  return identity(a) === identity(b);
}

/** An address-like identity: NULL (and nil) is 0. */
function identity(x: Operand): number | string {
  if (x === null) return 0;
  if (!(x instanceof CData)) return `lua:${String(x)}`;
  const t = base(x.type);
  if (t.kind === 'ptr') return x.ptr === null ? 0 : x.ptr.mem ? addressOf(x.ptr.mem, x.ptr.off) : x.ptr.addr;
  if (t.kind === 'func') return `fn:${x.fname}`;
  return addressOf(x.mem, x.off);
}

/** tostring() of a cdata, as LuaJIT prints it. */
export function cdataText(c: CData): string {
  const t = base(c.type);
  if (t.kind === 'int' && t.size === 8) return `${scalarValue(c)}${t.unsigned ? 'ULL' : 'LL'}`;
  const shown = c.ref ? { kind: 'ref', to: t, konst: false } as CType : t;
  if (t.kind === 'enum') return `cdata<${typeName(shown)}>: ${scalarValue(c)}`;
  if (t.kind === 'ptr') {
    if (c.ptr === null) return `cdata<${typeName(t)}>: NULL`;
    return `cdata<${typeName(t)}>: 0x${(c.ptr.mem ? addressOf(c.ptr.mem, c.ptr.off) : c.ptr.addr).toString(16)}`;
  }
  if (t.kind === 'func') return `cdata<${typeName(t)}>: 0x${(0x7f3900000000 + hash(c.fname) * 16).toString(16)}`;
  return `cdata<${typeName(shown)}>: 0x${addressOf(c.mem, c.off).toString(16)}`;
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h & 0xfffff;
}
