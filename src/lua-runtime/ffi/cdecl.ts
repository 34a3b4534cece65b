// C declarations for the ffi stand-in: what ffi.cdef() declares (typedefs, structs and unions,
// enums, functions) and the type strings ffi.new()/cast()/typeof()/sizeof() take. Errors use
// LuaJIT's wording. Not supported (a clear error): bit fields, preprocessor lines.
import {
  BOOL, DOUBLE, FLOAT, VOID, intType, layout, sizeOf, withConst,
  type CType, type StructInfo,
} from './ctypes.js';

export class CDeclError extends Error {}

const BUILTIN_TYPEDEFS: Record<string, CType> = {
  int8_t: intType(1, false), int16_t: intType(2, false), int32_t: intType(4, false), int64_t: intType(8, false),
  uint8_t: intType(1, true), uint16_t: intType(2, true), uint32_t: intType(4, true), uint64_t: intType(8, true),
  intptr_t: intType(8, false), uintptr_t: intType(8, true), ptrdiff_t: intType(8, false),
  ssize_t: intType(8, false), size_t: intType(8, true), wchar_t: intType(4, false),
};

/** What the declarations of one Lua state have declared. */
export class CRegistry {
  readonly typedefs = new Map<string, CType>();
  readonly tags = new Map<string, CType>();
  readonly constants = new Map<string, number>();
  readonly functions = new Map<string, CType & { kind: 'func' }>();
  readonly variables = new Map<string, CType>();
  private nextId = 300;

  anonymousName(kind: string): string {
    return `${kind} ${this.nextId++}`;
  }

  /** Declares everything in `text` (ffi.cdef). */
  declare(text: string): void {
    new Parser(text, this, true).declarations();
  }

  /** The type a type string names (ffi.new, ffi.cast, ffi.typeof, ffi.sizeof). */
  parseType(text: string): CType {
    const p = new Parser(text, this, false);
    const t = p.typeName();
    p.expectEnd();
    return t;
  }
}

interface Token { kind: 'id' | 'num' | 'punct' | 'eof'; text: string; value: number }

const KEYWORDS = new Set(['void', 'bool', '_Bool', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned',
  'const', 'volatile', 'struct', 'union', 'enum', 'extern', 'static', 'inline', '__inline', '__inline__', 'restrict',
  '__restrict', '__restrict__', '__extension__', 'register', '__const', '__volatile__']);
const QUALIFIERS = new Set(['const', 'volatile', 'restrict', '__restrict', '__restrict__', '__const', '__volatile__']);
const IGNORED = new Set(['extern', 'static', 'inline', '__inline', '__inline__', '__extension__', 'register']);

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    const id = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i, i + 256));
    if (id) { out.push({ kind: 'id', text: id[0], value: 0 }); i += id[0].length; continue; }
    const num = /^(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*/.exec(text.slice(i, i + 64));
    if (num) {
      const digits = num[1];
      const value = /^0[0-7]+$/.test(digits) ? parseInt(digits, 8) : Number(digits);
      out.push({ kind: 'num', text: num[0], value });
      i += num[0].length;
      continue;
    }
    if (text.startsWith('...', i)) { out.push({ kind: 'punct', text: '...', value: 0 }); i += 3; continue; }
    const two = text.slice(i, i + 2);
    if (two === '<<' || two === '>>') { out.push({ kind: 'punct', text: two, value: 0 }); i += 2; continue; }
    out.push({ kind: 'punct', text: c, value: 0 });
    i++;
  }
  out.push({ kind: 'eof', text: '<eof>', value: 0 });
  return out;
}

interface Declarator {
  name: string | null;
  apply: (base: CType) => CType;
}

class Parser {
  private readonly toks: Token[];
  private pos = 0;

  constructor(text: string, private readonly reg: CRegistry, private readonly inCdef: boolean) {
    this.toks = tokenize(text);
  }

  private get tok(): Token { return this.toks[this.pos]; }
  private peek(k = 1): Token { return this.toks[Math.min(this.pos + k, this.toks.length - 1)]; }
  private next(): Token { return this.toks[this.pos++]; }
  private is(text: string): boolean { return this.tok.kind !== 'eof' && this.tok.text === text; }

  private accept(text: string): boolean {
    if (!this.is(text)) return false;
    this.pos++;
    return true;
  }

  private fail(what: string): never {
    throw new CDeclError(`${what} near '${this.tok.text}'`);
  }

  private expect(text: string): void {
    if (!this.accept(text)) this.fail(`'${text}' expected`);
  }

  expectEnd(): void {
    if (this.tok.kind !== 'eof') this.fail("'<eof>' expected");
  }

  private ident(): string {
    if (this.tok.kind !== 'id') this.fail("'<identifier>' expected");
    return this.next().text;
  }

  /** After '(' in a declarator: a parenthesized declarator rather than a parameter list? */
  private nestedDeclarator(): boolean {
    const t = this.peek();
    if (t.text === ')' || t.text === '...') return false;
    return !(t.kind === 'id' && (KEYWORDS.has(t.text) || this.reg.typedefs.has(t.text) || t.text in BUILTIN_TYPEDEFS));
  }

  declarations(): void {
    while (this.tok.kind !== 'eof') {
      if (this.accept(';')) continue;
      if (this.is('#')) throw new CDeclError('sysbench-ts: preprocessor lines are not supported by ffi.cdef');
      const typedef = this.accept('typedef');
      const base = this.specifiers();
      if (this.accept(';')) continue; // a struct/union/enum definition alone
      do {
        const d = this.declarator(false);
        this.skipAttributes();
        const t = d.apply(base);
        if (d.name === null) this.fail("'<identifier>' expected");
        if (!typedef && this.accept('=')) { // static const int NAME = value; a constant, as in LuaJIT
          const v = this.expression();
          if (this.reg.constants.has(d.name)) throw new CDeclError(`attempt to redefine '${d.name}'`);
          this.reg.constants.set(d.name, v | 0);
        } else if (typedef) this.reg.typedefs.set(d.name, t);
        else if (t.kind === 'func') this.reg.functions.set(d.name, t);
        else this.reg.variables.set(d.name, t);
      } while (this.accept(','));
      this.expect(';');
    }
  }

  /** A type string: specifiers and an abstract declarator. */
  typeName(): CType {
    const base = this.specifiers();
    const d = this.declarator(true);
    if (d.name !== null) this.fail("'<eof>' expected");
    return d.apply(base);
  }

  private skipAttributes(): void {
    while (this.is('__attribute__') || this.is('asm') || this.is('__asm__')) {
      this.next();
      this.expect('(');
      let depth = 1;
      while (depth > 0 && this.tok.kind !== 'eof') {
        const t = this.next().text;
        if (t === '(') depth++;
        else if (t === ')') depth--;
      }
    }
  }

  /** Declaration specifiers: the base type, with const. */
  private specifiers(): CType {
    let konst = false, unsigned = false, signed = false, longs = 0;
    let word: string | null = null;
    let named: CType | null = null;
    let any = false;
    for (;;) {
      this.skipAttributes();
      const t = this.tok;
      if (t.kind !== 'id') break;
      const w = t.text;
      if (QUALIFIERS.has(w)) { if (w === 'const' || w === '__const') konst = true; }
      else if (IGNORED.has(w)) { /* storage classes and hints */ }
      else if (w === 'unsigned') unsigned = true;
      else if (w === 'signed') signed = true;
      else if (w === 'long') longs++;
      else if (w === 'short' || w === 'char' || w === 'int' || w === 'float' || w === 'double' || w === 'void' || w === 'bool' || w === '_Bool') {
        if (w === 'int' && word !== null) { /* "short int", "long int" */ } else word = w;
      } else if (w === 'struct' || w === 'union' || w === 'enum') {
        if (named || word) break;
        this.next();
        named = w === 'enum' ? this.enumSpecifier() : this.structSpecifier(w === 'union');
        any = true;
        continue;
      } else if (!named && !word && !unsigned && !signed && longs === 0 && (this.reg.typedefs.has(w) || w in BUILTIN_TYPEDEFS)) {
        named = this.reg.typedefs.get(w) ?? BUILTIN_TYPEDEFS[w];
      } else break;
      any = true;
      this.next();
    }
    if (!any || (!named && word === null && !unsigned && !signed && longs === 0)) this.fail('declaration specifier expected');
    let t: CType;
    if (named) t = named;
    else if (word === 'void') t = VOID;
    else if (word === 'bool' || word === '_Bool') t = BOOL;
    else if (word === 'float') t = FLOAT;
    else if (word === 'double') t = DOUBLE;
    else if (word === 'char') t = intType(1, unsigned);
    else if (word === 'short') t = intType(2, unsigned);
    else t = intType(longs > 0 ? 8 : 4, unsigned);
    return konst ? withConst(t, true) : t;
  }

  private structSpecifier(union: boolean): CType {
    const kind = union ? 'union' : 'struct';
    let tag: string | null = null;
    if (this.tok.kind === 'id' && !this.is('{')) tag = this.ident();
    const key = tag === null ? null : `${kind} ${tag}`;
    let t = key === null ? undefined : this.reg.tags.get(key);
    if (!this.is('{')) {
      if (t) return t;
      if (!this.inCdef) throw new CDeclError(`undeclared or implicit tag '${tag}'`);
      const s: StructInfo = { name: key!, union, fields: null, size: 0, align: 1 };
      t = { kind: 'struct', s, konst: false };
      this.reg.tags.set(key!, t);
      return t;
    }
    if (!this.inCdef) this.fail("'<eof>' expected"); // no definitions in type strings
    this.next(); // '{'
    if (t && t.kind === 'struct' && t.s.fields !== null) throw new CDeclError(`attempt to redefine '${tag}'`);
    if (!t) {
      const s: StructInfo = { name: key ?? this.reg.anonymousName(kind), union, fields: null, size: 0, align: 1 };
      t = { kind: 'struct', s, konst: false };
      if (key !== null) this.reg.tags.set(key, t);
    }
    const fields: { name: string; type: CType }[] = [];
    while (!this.accept('}')) {
      const fbase = this.specifiers();
      do {
        const d = this.declarator(false);
        if (this.is(':')) throw new CDeclError('sysbench-ts: bit fields are not supported by ffi.cdef');
        if (d.name === null) this.fail("'<identifier>' expected");
        fields.push({ name: d.name, type: d.apply(fbase) });
      } while (this.accept(','));
      this.expect(';');
    }
    if (t.kind === 'struct') layout(t.s, fields);
    return t;
  }

  private enumSpecifier(): CType {
    let tag: string | null = null;
    if (this.tok.kind === 'id' && !this.is('{')) tag = this.ident();
    const key = tag === null ? null : `enum ${tag}`;
    const known = key === null ? undefined : this.reg.tags.get(key);
    if (!this.is('{')) {
      if (known) return known;
      const t: CType = { kind: 'enum', tag: key ?? this.reg.anonymousName('enum'), konst: false };
      if (key !== null) this.reg.tags.set(key, t);
      return t;
    }
    if (!this.inCdef) this.fail("'<eof>' expected");
    this.next();
    let value = -1;
    while (!this.accept('}')) {
      const name = this.ident();
      value = this.accept('=') ? this.expression() : value + 1;
      if (this.reg.constants.has(name)) throw new CDeclError(`attempt to redefine '${name}'`);
      this.reg.constants.set(name, value | 0);
      if (!this.accept(',')) { this.expect('}'); break; }
    }
    const t: CType = known ?? { kind: 'enum', tag: key ?? this.reg.anonymousName('enum'), konst: false };
    if (key !== null) this.reg.tags.set(key, t);
    return t;
  }

  private declarator(abstract: boolean): Declarator {
    let pointers = 0;
    while (this.accept('*')) {
      pointers++;
      while (this.tok.kind === 'id' && QUALIFIERS.has(this.tok.text)) this.next();
    }
    let name: string | null = null;
    let inner: Declarator | null = null;
    if (this.is('(') && this.nestedDeclarator()) {
      this.next();
      inner = this.declarator(abstract);
      this.expect(')');
    } else if (this.is('&')) {
      this.next();
      inner = { name: null, apply: (t) => ({ kind: 'ref', to: t, konst: false }) };
    } else if (this.tok.kind === 'id' && !KEYWORDS.has(this.tok.text) && this.tok.text !== '__attribute__') {
      name = this.next().text;
    } else if (!abstract) this.fail("'<identifier>' expected");
    const suffixes: ((t: CType) => CType)[] = [];
    for (;;) {
      if (this.accept('[')) {
        let len: number | null;
        if (this.accept('?')) len = null;
        else if (this.is(']')) len = 0;
        else len = this.expression();
        this.expect(']');
        suffixes.push((t) => ({ kind: 'array', of: t, len, konst: false }));
      } else if (this.is('(')) {
        this.next();
        const { params, varargs } = this.parameters();
        suffixes.push((t) => ({ kind: 'func', ret: t, params, varargs, konst: false }));
      } else break;
    }
    return {
      name: inner ? inner.name : name,
      apply: (b) => {
        let t = b;
        for (let i = 0; i < pointers; i++) t = { kind: 'ptr', to: t, konst: false };
        for (let i = suffixes.length - 1; i >= 0; i--) t = suffixes[i](t);
        return inner ? inner.apply(t) : t;
      },
    };
  }

  private parameters(): { params: CType[]; varargs: boolean } {
    const params: CType[] = [];
    let varargs = false;
    if (this.accept(')')) return { params, varargs };
    if (this.is('void') && this.peek().text === ')') { this.next(); this.next(); return { params, varargs }; }
    do {
      if (this.accept('...')) { varargs = true; break; }
      const b = this.specifiers();
      const d = this.declarator(true);
      let t = d.apply(b);
      if (t.kind === 'array') t = { kind: 'ptr', to: t.of, konst: false }; // arrays decay
      params.push(t);
    } while (this.accept(','));
    this.expect(')');
    return { params, varargs };
  }

  // constant expressions (array sizes, enum values): C's operators on integers
  private expression(): number {
    return this.binary(0);
  }

  private static readonly PREC: Record<string, number> = {
    '|': 1, '^': 2, '&': 3, '<<': 4, '>>': 4, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6,
  };

  private binary(min: number): number {
    let v = this.unary();
    for (;;) {
      const op = this.tok.kind === 'punct' ? this.tok.text : '';
      const p = Parser.PREC[op];
      if (p === undefined || p <= min) return v;
      this.next();
      const r = this.binary(p);
      switch (op) {
        case '|': v |= r; break;
        case '^': v ^= r; break;
        case '&': v &= r; break;
        case '<<': v <<= r; break;
        case '>>': v >>= r; break;
        case '+': v += r; break;
        case '-': v -= r; break;
        case '*': v *= r; break;
        case '/': if (r === 0) this.fail('division by zero'); v = Math.trunc(v / r); break;
        case '%': if (r === 0) this.fail('division by zero'); v %= r; break;
      }
    }
  }

  private unary(): number {
    if (this.accept('-')) return -this.unary();
    if (this.accept('+')) return this.unary();
    if (this.accept('~')) return ~this.unary();
    if (this.accept('!')) return this.unary() ? 0 : 1;
    if (this.accept('(')) {
      const v = this.expression();
      this.expect(')');
      return v;
    }
    if (this.tok.kind === 'num') return this.next().value;
    if (this.tok.kind === 'id' && this.tok.text === 'sizeof') {
      this.next();
      this.expect('(');
      const t = this.typeName();
      this.expect(')');
      const n = sizeOf(t);
      if (n === null) throw new CDeclError('size of C type is unknown or too large');
      return n;
    }
    if (this.tok.kind === 'id' && this.reg.constants.has(this.tok.text)) return this.reg.constants.get(this.next().text)!;
    return this.fail('unexpected symbol');
  }
}
