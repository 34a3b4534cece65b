// string.format as LuaJIT has it (fengari's Lua 5.3 version formats through sprintf-js, which
// is not C's printf, and knows only 32-bit integers). Formats are parsed once and cached;
// the output is assembled in a reused byte buffer.
import { lua, lauxlib, newLuaBytes, pushOwnedBytes, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import { cdataAt } from '../ffi/ffi-state.js';
import { scalarValue } from '../ffi/cdata.js';
import { base, isNumber } from '../ffi/ctypes.js';
import { charPadding, formatFloat, formatInteger, type FormatSpec } from './printf.js';

type Part = Uint8Array | FormatSpec;

const FLAG_CHARS = new Set([45, 43, 32, 35, 48]); // - + space # 0
const INT_CONV = new Set([100, 105, 117, 120, 88, 111]); // d i u x X o
const FLOAT_CONV = new Set([101, 69, 102, 70, 103, 71, 97, 65]); // e E f F g G a A
const OTHER_CONV = new Set([99, 115, 113, 112]); // c s q p
const VALUE_EXPECTED = toLuaString('value expected');
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** The format's literal runs and conversion specs, or the text of LuaJIT's "invalid option". */
function parse(fmt: Uint8Array): Part[] | string {
  const parts: Part[] = [];
  let lit: number[] = [];
  for (let i = 0; i < fmt.length; i++) {
    const ch = fmt[i];
    if (ch !== 37) { lit.push(ch); continue; }
    if (fmt[i + 1] === 37) { lit.push(37); i++; continue; }
    const start = i++;
    const spec: FormatSpec = { conv: 0, left: false, plus: false, space: false, alt: false, zero: false, width: 0, prec: -1 };
    for (; i < fmt.length && FLAG_CHARS.has(fmt[i]); i++) {
      const f = fmt[i];
      if (f === 45) spec.left = true;
      else if (f === 43) spec.plus = true;
      else if (f === 32) spec.space = true;
      else if (f === 35) spec.alt = true;
      else spec.zero = true;
    }
    let bad = false;
    const number = (): number => {
      let v = 0, n = 0;
      for (; i < fmt.length && isDigit(fmt[i]); i++, n++) {
        if (n === 2) { bad = true; return v; } // at most two digits
        v = v * 10 + fmt[i] - 48;
      }
      return v;
    };
    spec.width = number();
    if (!bad && fmt[i] === 46) { i++; spec.prec = number(); }
    const conv = fmt[i];
    if (bad || conv === undefined || !(INT_CONV.has(conv) || FLOAT_CONV.has(conv) || OTHER_CONV.has(conv))) {
      return Buffer.from(fmt.subarray(start, Math.min(i + 1, fmt.length))).toString('latin1');
    }
    spec.conv = conv;
    if (lit.length) { parts.push(new Uint8Array(lit)); lit = []; }
    parts.push(spec);
  }
  if (lit.length) parts.push(new Uint8Array(lit));
  return parts;
}

/** Growable output bytes, reused across calls. */
class Sink {
  buf = new Uint8Array(256);
  n = 0;

  private room(k: number): void {
    if (this.n + k <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.n + k));
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }

  byte(c: number): void {
    this.room(1);
    this.buf[this.n++] = c;
  }

  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.n);
    this.n += b.length;
  }

  ascii(s: string): void {
    const k = s.length;
    this.room(k);
    for (let j = 0; j < k; j++) this.buf[this.n++] = s.charCodeAt(j);
  }

  spaces(k: number): void {
    for (let j = 0; j < k; j++) this.byte(32);
  }
}

/** A number argument: a number or numeric string; integer conversions also take cdata numbers. */
function numberArg(L: LuaState, i: number, integer: true): number | bigint;
function numberArg(L: LuaState, i: number, integer: false): number;
function numberArg(L: LuaState, i: number, integer: boolean): number | bigint {
  const c = cdataAt(L, i);
  if (c) {
    const t = base(c.type);
    if (!integer || !isNumber(t)) lauxlib.luaL_argerror(L, i, toLuaString('number expected, got cdata'));
    const v = scalarValue(c);
    return typeof v === 'boolean' ? (v ? 1 : 0) : integer ? v : Number(v);
  }
  return lauxlib.luaL_checknumber(L, i);
}

const isCntrl = (c: number): boolean => c < 32 || c === 127;

/** LuaJIT's %q: quotes, backslashes and newlines escaped, other control bytes as \ddd. */
function quoted(sink: Sink, s: Uint8Array): void {
  sink.byte(34);
  for (let j = 0; j < s.length; j++) {
    const c = s[j];
    if (c === 34 || c === 92 || c === 10) { sink.byte(92); sink.byte(c); }
    else if (isCntrl(c)) {
      sink.byte(92);
      sink.ascii(isDigit(s[j + 1]) ? String(c).padStart(3, '0') : String(c));
    } else sink.byte(c);
  }
  sink.byte(34);
}

function padded(sink: Sink, spec: FormatSpec, s: Uint8Array): void {
  const fill = spec.width - s.length;
  if (fill > 0 && !spec.left) sink.spaces(fill);
  sink.bytes(s);
  if (fill > 0 && spec.left) sink.spaces(fill);
}

/** %p: an object's address as tostring shows it, NULL for other values. */
function pointer(L: LuaState, i: number): Uint8Array {
  const t = lua.lua_type(L, i);
  if (t !== lua.LUA_TTABLE && t !== lua.LUA_TFUNCTION && t !== lua.LUA_TUSERDATA && t !== lua.LUA_TTHREAD) return toLuaString('NULL');
  const s: Uint8Array = lua.lua_pushfstring(L, toLuaString('%p'), lua.lua_topointer(L, i));
  lua.lua_pop(L, 1);
  return s;
}

/** string.format: one for every state of the worker, with one cache of parsed formats */
export function stringFormat(): LuaNative {
  const cache = new Map<Uint8Array, Part[]>();
  // the buffer of a call not running: a %s argument's __tostring may call string.format again
  // before this call is done with its buffer (that call gets a buffer of its own; so does the
  // call after one that raised an error, which never gave its buffer back)
  let idle: Sink | null = new Sink();
  return (L: LuaState) => {
    const fmt: Uint8Array = lauxlib.luaL_checklstring(L, 1);
    let parts = cache.get(fmt);
    if (parts === undefined) {
      const p = parse(fmt);
      if (typeof p === 'string') return lauxlib.luaL_error(L, toLuaString("invalid option '%s' to 'format'"), toLuaString(p));
      parts = p;
      if (cache.size > 1000) cache.clear();
      cache.set(fmt, parts);
    }
    const sink = idle ?? new Sink();
    idle = null;
    sink.n = 0;
    let arg = 1;
    const top = lua.lua_gettop(L);
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k];
      if (part instanceof Uint8Array) { sink.bytes(part); continue; }
      // LuaJIT: a missing argument is "value expected", whatever the conversion
      if (++arg > top) lauxlib.luaL_argerror(L, arg, VALUE_EXPECTED);
      const c = part.conv;
      if (c === 100 || c === 105) { // d i: plain 32-bit integers take the short way
        const n = numberArg(L, arg, true);
        if (typeof n === 'number' && (n | 0) === n && part.width === 0 && part.prec < 0 && !part.plus && !part.space) sink.ascii(String(n));
        else sink.ascii(formatInteger(part, n));
      } else if (c === 115) { // s
        // LuaJIT takes a string argument as it is (no __tostring lookup), others through tostring
        let s: Uint8Array;
        if (lua.lua_type(L, arg) === lua.LUA_TSTRING) s = lua.lua_tolstring(L, arg);
        else {
          lauxlib.luaL_checkany(L, arg);
          s = lauxlib.luaL_tolstring(L, arg);
          lua.lua_pop(L, 1);
        }
        if (part.width === 0 && part.prec < 0) sink.bytes(s);
        else padded(sink, part, part.prec >= 0 && part.prec < s.length ? s.subarray(0, part.prec) : s);
      } else if (INT_CONV.has(c)) {
        sink.ascii(formatInteger(part, numberArg(L, arg, true)));
      } else if (FLOAT_CONV.has(c)) {
        sink.ascii(formatFloat(part, numberArg(L, arg, false)));
      } else if (c === 99) { // c
        const code = lauxlib.luaL_checkinteger(L, arg) & 255;
        const { before, after } = charPadding(part);
        sink.spaces(before);
        sink.byte(code);
        sink.spaces(after);
      } else if (c === 113) { // q
        quoted(sink, lauxlib.luaL_checklstring(L, arg));
      } else { // p
        lauxlib.luaL_checkany(L, arg);
        padded(sink, part, pointer(L, arg));
      }
    }
    const out = newLuaBytes(sink.n);
    out.set(sink.buf.subarray(0, sink.n));
    idle = sink;
    pushOwnedBytes(L, out);
    return 1;
  };
}

const workerFormat = stringFormat();

/** Replaces string.format in state L with LuaJIT's. */
export function installStringFormat(L: LuaState): void {
  lua.lua_getglobal(L, 'string');
  lua.lua_pushcfunction(L, workerFormat);
  lua.lua_setfield(L, -2, 'format');
  lua.lua_pop(L, 1);
}
