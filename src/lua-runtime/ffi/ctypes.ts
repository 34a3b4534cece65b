// C types as the ffi stand-in models them: x86-64 sizes and alignment, and the names LuaJIT
// prints for them (int8_t is "char", long is "int64_t", size_t is "uint64_t", ...).

export type CType =
  | { kind: 'void'; konst: boolean }
  | { kind: 'bool'; konst: boolean }
  | { kind: 'int'; size: 1 | 2 | 4 | 8; unsigned: boolean; konst: boolean }
  | { kind: 'float'; size: 4 | 8; konst: boolean }
  | { kind: 'enum'; tag: string; konst: boolean }
  | { kind: 'ptr'; to: CType; konst: boolean }
  | { kind: 'array'; of: CType; len: number | null; konst: boolean }
  | { kind: 'struct'; s: StructInfo; konst: boolean }
  | { kind: 'func'; ret: CType; params: CType[]; varargs: boolean; konst: boolean }
  | { kind: 'ref'; to: CType; konst: boolean };

export interface Field {
  name: string;
  type: CType;
  offset: number;
}

/** Shared by every use of one struct/union tag, so a later definition completes earlier uses. */
export interface StructInfo {
  /** "struct timeval", or "struct 302" for an anonymous one */
  name: string;
  union: boolean;
  fields: Field[] | null; // null: declared, not defined
  size: number;
  align: number;
}

export const VOID: CType = { kind: 'void', konst: false };
export const BOOL: CType = { kind: 'bool', konst: false };
export const DOUBLE: CType = { kind: 'float', size: 8, konst: false };
export const FLOAT: CType = { kind: 'float', size: 4, konst: false };

export function intType(size: 1 | 2 | 4 | 8, unsigned: boolean): CType {
  return { kind: 'int', size, unsigned, konst: false };
}

export const INT = intType(4, false);
export const INT64 = intType(8, false);
export const UINT64 = intType(8, true);

export function withConst<T extends CType>(t: T, konst: boolean): T {
  return t.konst === konst ? t : { ...t, konst };
}

/** The unqualified type, references followed. */
export function base(t: CType): CType {
  return t.kind === 'ref' ? t.to : t;
}

const INT_NAMES: Record<number, [string, string]> = {
  1: ['char', 'unsigned char'], 2: ['short', 'unsigned short'], 4: ['int', 'unsigned int'], 8: ['int64_t', 'uint64_t'],
};

/** The type's name as LuaJIT prints it in ctype<...> and cdata<...>. */
export function typeName(t: CType): string {
  return render(t, '');
}

function render(t: CType, inner: string): string {
  const k = t.konst ? 'const ' : '';
  const around = (s: string) => (inner ? `${s} ${inner}` : s);
  switch (t.kind) {
    case 'void': return around(k + 'void');
    case 'bool': return around(k + 'bool');
    case 'int': return around(k + INT_NAMES[t.size][t.unsigned ? 1 : 0]);
    case 'float': return around(k + (t.size === 4 ? 'float' : 'double'));
    case 'enum': return around(k + t.tag);
    case 'struct': return around(k + t.s.name);
    case 'ptr': return render(t.to, '*' + inner);
    case 'ref': return render(t.to, '&' + inner);
    case 'array': {
      const dims = `[${t.len === null ? '?' : t.len}]`;
      return render(t.of, /^[*&]/.test(inner) ? `(${inner})${dims}` : inner + dims);
    }
    case 'func': return render(t.ret, (inner ? `(${inner})` : '') + '()');
  }
}

/** Size in bytes; null when unknown (void, an undefined struct, a [?] array, a function). */
export function sizeOf(t: CType): number | null {
  switch (t.kind) {
    case 'void': case 'func': return null;
    case 'bool': return 1;
    case 'int': case 'float': return t.size;
    case 'enum': return 4;
    case 'ptr': return 8;
    case 'ref': return sizeOf(t.to);
    case 'struct': return t.s.fields === null ? null : t.s.size;
    case 'array': {
      if (t.len === null) return null;
      const e = sizeOf(t.of);
      return e === null ? null : e * t.len;
    }
  }
}

export function alignOf(t: CType): number {
  switch (t.kind) {
    case 'bool': return 1;
    case 'int': case 'float': return t.size;
    case 'enum': return 4;
    case 'ptr': return 8;
    case 'ref': return alignOf(t.to);
    case 'struct': return t.s.align;
    case 'array': return alignOf(t.of);
    default: return 1;
  }
}

/** Lays out a struct's (or union's) fields, C's rules for x86-64. */
export function layout(s: StructInfo, fields: { name: string; type: CType }[]): void {
  let off = 0, align = 1, size = 0;
  const out: Field[] = [];
  for (const f of fields) {
    const a = alignOf(f.type);
    const sz = sizeOf(f.type) ?? 0; // a trailing [?] member takes no room
    if (s.union) {
      out.push({ name: f.name, type: f.type, offset: 0 });
      size = Math.max(size, sz);
    } else {
      off = Math.ceil(off / a) * a;
      out.push({ name: f.name, type: f.type, offset: off });
      off += sz;
      size = off;
    }
    align = Math.max(align, a);
  }
  s.fields = out;
  s.align = align;
  s.size = Math.ceil(size / align) * align;
}

export function isInteger(t: CType): boolean {
  return t.kind === 'int' || t.kind === 'bool' || t.kind === 'enum';
}

/** Scalar number types: what arithmetic and tonumber() accept. */
export function isNumber(t: CType): boolean {
  return t.kind === 'int' || t.kind === 'bool' || t.kind === 'enum' || t.kind === 'float';
}

export function isAggregate(t: CType): boolean {
  return t.kind === 'struct' || t.kind === 'array';
}

export function isCharLike(t: CType): boolean {
  return t.kind === 'int' && t.size === 1;
}

/** Same type, ignoring const. */
export function sameType(a: CType, b: CType): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'int': return a.size === (b as typeof a).size && a.unsigned === (b as typeof a).unsigned;
    case 'float': return a.size === (b as typeof a).size;
    case 'enum': return a.tag === (b as typeof a).tag;
    case 'struct': return a.s === (b as typeof a).s;
    case 'ptr': case 'ref': return sameType(a.to, (b as typeof a).to);
    case 'array': return a.len === (b as typeof a).len && sameType(a.of, (b as typeof a).of);
    case 'func': return sameType(a.ret, (b as typeof a).ret);
    default: return true;
  }
}
