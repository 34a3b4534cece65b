// Lua's io library as sysbench's LuaJIT 2.1 has it (Lua 5.1 results: write, close and
// setvbuf answer true): io.open/close/read/write/lines/input/output/popen/tmpfile/type/flush and
// the file methods read/write/lines/seek/setvbuf/flush/close. fengari's own io library has only
// writing to the standard files.
import { constants, fstatSync, mkdtempSync, openSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lua, lauxlib, setNatives, toLuaString, type LuaState, type LuaNative } from '../../fengari.js';
import type { LuaHost } from '../../host.js';
import { stateOf } from '../../context.js';
import { bytesToString, stringToBytes } from '../../strings.js';
import { errnoOf, systemError, type Errno } from '../../../format/errno.js';
import { shell } from '../os.js';
import { LuaFile, type FileTarget, type Whence } from './file.js';

const FILE_MT = toLuaString('FILE*');
const IO_INPUT = toLuaString('_IO_input');
const IO_OUTPUT = toLuaString('_IO_output');

const EINVAL: Errno = errnoOf(systemError('EINVAL'));

function pushFile(L: LuaState, file: LuaFile): void {
  const ud = lua.lua_newuserdata(L, 0);
  ud.obj = file;
  lauxlib.luaL_setmetatable(L, FILE_MT);
}

/** The open file of argument `i` (raises for anything else). */
function checkFile(L: LuaState, i: number): LuaFile {
  const f = lauxlib.luaL_checkudata(L, i, FILE_MT).obj as LuaFile;
  if (f.closed) lauxlib.luaL_error(L, toLuaString('attempt to use a closed file'));
  return f;
}

/** luaL_fileresult: true, or nil + message (prefixed with `name`) + errno. */
function fileResult(L: LuaState, failure: Errno | null, name: Uint8Array | null = null): number {
  if (failure === null) {
    lua.lua_pushboolean(L, true);
    return 1;
  }
  lua.lua_pushnil(L);
  const text = name === null ? failure.text : `${bytesToString(name)}: ${failure.text}`;
  lua.lua_pushstring(L, stringToBytes(text));
  lua.lua_pushinteger(L, failure.errno);
  return 3;
}

/** A system call's failure as a result (nil, message, errno); anything else is a bug: rethrown. */
function failed(L: LuaState, e: unknown): number {
  if ((e as NodeJS.ErrnoException).code === undefined) throw e;
  return fileResult(L, errnoOf(e));
}

/** fopen(name, mode) as glibc does it: the first letter decides, '+' adds the other way, 'x' is O_EXCL. */
function openFile(name: Uint8Array, mode: string): LuaFile | Errno {
  const kind = mode[0];
  if (kind !== 'r' && kind !== 'w' && kind !== 'a') return EINVAL;
  const plus = mode.includes('+');
  let flags = kind === 'r' ? (plus ? constants.O_RDWR : constants.O_RDONLY)
    : (plus ? constants.O_RDWR : constants.O_WRONLY) | constants.O_CREAT | (kind === 'w' ? constants.O_TRUNC : constants.O_APPEND);
  if (kind !== 'r' && mode.includes('x')) flags |= constants.O_EXCL;
  try {
    const fd = openSync(Buffer.from(name), flags, 0o666);
    return new LuaFile({ fd, seekable: fstatSync(fd).isFile(), append: kind === 'a' });
  } catch (e) {
    return errnoOf(e);
  }
}

/** One read format: a byte count, or the letter of "*n", "*a", "*l", "*L" (the star optional). */
type Format = number | 'n' | 'a' | 'l' | 'L';

function checkFormat(L: LuaState, i: number): Format {
  if (lua.lua_type(L, i) === lua.LUA_TNUMBER) return Math.max(0, Math.floor(lua.lua_tonumber(L, i)));
  const s = bytesToString(lauxlib.luaL_checkstring(L, i));
  const c = s[0] === '*' ? s[1] : s[0];
  if (c === 'n' || c === 'a' || c === 'l' || c === 'L') return c;
  return lauxlib.luaL_argerror(L, i, toLuaString('invalid format'));
}

/** Pushes one format's result; false when it pushed nil (nothing more is read then). */
function readOne(L: LuaState, f: LuaFile, fmt: Format): boolean {
  let bytes: Buffer | null;
  if (typeof fmt === 'number') bytes = f.readCount(fmt);
  else if (fmt === 'l' || fmt === 'L') bytes = f.readLine(fmt === 'L');
  else if (fmt === 'a') bytes = f.readAll();
  else {
    const n = f.readNumber();
    if (n === null) {
      lua.lua_pushnil(L);
      return false;
    }
    lua.lua_pushnumber(L, n);
    return true;
  }
  if (bytes === null) {
    lua.lua_pushnil(L);
    return false;
  }
  lua.lua_pushstring(L, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  return true;
}

/** read(formats...) of `f` (a line when there are none). */
function readFormats(L: LuaState, f: LuaFile, formats: Format[]): number {
  try {
    if (formats.length === 0) {
      readOne(L, f, 'l');
      return 1;
    }
    let n = 0;
    for (const fmt of formats) {
      n++;
      if (!readOne(L, f, fmt)) break;
    }
    return n;
  } catch (e) {
    return failed(L, e);
  }
}

function formatsFrom(L: LuaState, first: number): Format[] {
  const out: Format[] = [];
  for (let i = first; i <= lua.lua_gettop(L); i++) out.push(checkFormat(L, i));
  return out;
}

/** write(values...) to `f`, values from argument `first` on: strings and numbers. */
function writeValues(L: LuaState, f: LuaFile, first: number): number {
  const n = lua.lua_gettop(L);
  try {
    for (let i = first; i <= n; i++) f.write(lauxlib.luaL_checklstring(L, i));
  } catch (e) {
    return failed(L, e);
  }
  return fileResult(L, null);
}

function closeFile(L: LuaState, f: LuaFile): number {
  if (f.isStd) {
    lua.lua_pushnil(L);
    lua.lua_pushstring(L, toLuaString('cannot close standard file'));
    return 2;
  }
  try {
    f.close();
  } catch (e) {
    return failed(L, e);
  }
  return fileResult(L, null);
}

/** The default input or output file (registry `key`); raises when it was closed, unless `evenClosed`. */
function defaultFile(L: LuaState, key: Uint8Array, evenClosed = false): LuaFile {
  lua.lua_getfield(L, lua.LUA_REGISTRYINDEX, key);
  const f = lua.lua_touserdata(L, -1).obj as LuaFile;
  lua.lua_pop(L, 1);
  if (f.closed && !evenClosed) lauxlib.luaL_error(L, toLuaString('standard file is closed'));
  return f;
}

/** An iterator over `f` read with `formats`; closes `f` at its end when `closeAtEnd`. */
function pushLines(L: LuaState, f: LuaFile, formats: Format[], closeAtEnd: boolean): void {
  lua.lua_pushcfunction(L, (L: LuaState) => {
    if (f.closed) return lauxlib.luaL_error(L, toLuaString('attempt to use a closed file'));
    lua.lua_settop(L, 0);
    const n = readFormats(L, f, formats);
    if (lua.lua_isnil(L, 1) && closeAtEnd && !f.isStd) f.close();
    return n;
  });
}

/** io.input / io.output: sets the default file from a file or a file name, returns it. */
function getSet(L: LuaState, key: Uint8Array, mode: string): number {
  if (!lua.lua_isnoneornil(L, 1)) {
    const name = lua.lua_type(L, 1) === lua.LUA_TSTRING || lua.lua_type(L, 1) === lua.LUA_TNUMBER ? lua.lua_tolstring(L, 1) : null;
    if (name !== null) {
      const f = openFile(name, mode);
      if (!(f instanceof LuaFile)) return lauxlib.luaL_argerror(L, 1, stringToBytes(`${bytesToString(name)}: ${f.text}`));
      pushFile(L, f);
    } else {
      checkFile(L, 1);
      lua.lua_pushvalue(L, 1);
    }
    lua.lua_setfield(L, lua.LUA_REGISTRYINDEX, key);
  }
  lua.lua_getfield(L, lua.LUA_REGISTRYINDEX, key);
  return 1;
}

/** io.popen(command, mode): the command runs to its end at once ("r": its output is read back) or at close ("w": fed what was written). */
function popen(host: LuaHost, L: LuaState): number {
  const command = lauxlib.luaL_checkstring(L, 1);
  const mode = bytesToString(lauxlib.luaL_optstring(L, 2, toLuaString('r')));
  const sh = bytesToString(command);
  if (mode[0] === 'r') {
    const r = shell(host, sh, { stdio: ['inherit', 'pipe', 'inherit'], maxBuffer: 2 ** 31 - 1 });
    if (r.error !== undefined && r.stdout === null) return fileResult(L, errnoOf(r.error), command);
    pushFile(L, new LuaFile({ fd: null, seekable: false }, r.stdout));
    return 1;
  }
  if (mode[0] !== 'w') return fileResult(L, EINVAL, command);
  const input: Uint8Array[] = [];
  pushFile(L, new LuaFile({
    fd: null, seekable: false,
    write: (bytes) => { input.push(Uint8Array.from(bytes)); },
    onClose: () => { shell(host, sh, { stdio: ['pipe', 'inherit', 'inherit'], input: Buffer.concat(input) }); },
  }));
  return 1;
}

/** io.tmpfile(): a file open for reading and writing that no name leads to. */
function tmpfile(L: LuaState): number {
  try {
    const dir = mkdtempSync(join(tmpdir(), 'sysbench-lua-'));
    const path = join(dir, 'tmpfile');
    const fd = openSync(path, 'w+', 0o600);
    unlinkSync(path);
    rmdirSync(dir);
    pushFile(L, new LuaFile({ fd, seekable: true }));
    return 1;
  } catch (e) {
    return failed(L, e);
  }
}

const SEEK_OPTIONS = ['set', 'cur', 'end'].map((s) => toLuaString(s));
const VBUF_OPTIONS = ['no', 'full', 'line'].map((s) => toLuaString(s));

const fileMethods: Record<string, LuaNative> = {
  read: (L) => readFormats(L, checkFile(L, 1), formatsFrom(L, 2)),
  write: (L) => writeValues(L, checkFile(L, 1), 2),
  lines: (L) => {
    const f = checkFile(L, 1);
    pushLines(L, f, formatsFrom(L, 2), false);
    return 1;
  },
  seek: (L) => {
    const f = checkFile(L, 1);
    const whence = (['set', 'cur', 'end'] as Whence[])[lauxlib.luaL_checkoption(L, 2, toLuaString('cur'), SEEK_OPTIONS)];
    const offset = lauxlib.luaL_optnumber(L, 3, 0);
    try {
      lua.lua_pushnumber(L, f.seek(whence, Math.trunc(offset)));
      return 1;
    } catch (e) {
      return failed(L, e);
    }
  },
  setvbuf: (L) => {
    checkFile(L, 1);
    lauxlib.luaL_checkoption(L, 2, null, VBUF_OPTIONS);
    return fileResult(L, null);
  },
  flush: (L) => {
    checkFile(L, 1);
    return fileResult(L, null);
  },
  close: (L) => closeFile(L, checkFile(L, 1)),
};

const ioNatives: Readonly<Record<string, LuaNative>> = {
  open: (L) => {
    const name = lauxlib.luaL_checkstring(L, 1);
    const mode = bytesToString(lauxlib.luaL_optstring(L, 2, toLuaString('r')));
    const f = openFile(name, mode);
    if (!(f instanceof LuaFile)) return fileResult(L, f, name);
    pushFile(L, f);
    return 1;
  },
  close: (L) => closeFile(L, lua.lua_isnone(L, 1) ? defaultFile(L, IO_OUTPUT) : checkFile(L, 1)),
  read: (L) => readFormats(L, defaultFile(L, IO_INPUT), formatsFrom(L, 1)),
  write: (L) => writeValues(L, defaultFile(L, IO_OUTPUT), 1),
  lines: (L) => {
    if (lua.lua_isnoneornil(L, 1)) {
      // as LuaJIT: a closed default input fails when the iterator is called, not here
      pushLines(L, defaultFile(L, IO_INPUT, true), formatsFrom(L, 2), false);
      return 1;
    }
    const name = lauxlib.luaL_checkstring(L, 1);
    const f = openFile(name, 'r');
    if (!(f instanceof LuaFile)) return lauxlib.luaL_argerror(L, 1, stringToBytes(`${bytesToString(name)}: ${f.text}`));
    pushLines(L, f, formatsFrom(L, 2), true);
    return 1;
  },
  input: (L) => getSet(L, IO_INPUT, 'r'),
  output: (L) => getSet(L, IO_OUTPUT, 'w'),
  popen: (L) => popen(stateOf(L).host, L),
  tmpfile: (L) => tmpfile(L),
  type: (L) => {
    lauxlib.luaL_checkany(L, 1);
    const ud = lauxlib.luaL_testudata(L, 1, FILE_MT);
    if (ud === null) lua.lua_pushnil(L);
    else lua.lua_pushstring(L, toLuaString((ud.obj as LuaFile).closed ? 'closed file' : 'file'));
    return 1;
  },
  flush: (L) => {
    defaultFile(L, IO_OUTPUT);
    return fileResult(L, null);
  },
};

/** The standard files: stdout goes through the state's output writer, in order with print(). */
function stdFiles(host: LuaHost): Record<'stdin' | 'stdout' | 'stderr', FileTarget> {
  return {
    stdin: { fd: 0, seekable: false, borrowed: true },
    stdout: { fd: 1, seekable: false, borrowed: true, write: (b) => host.out(bytesToString(b)) },
    stderr: {
      fd: 2, seekable: false, borrowed: true,
      write: (b) => { host.out.flush?.(); writeSync(2, b); },
    },
  };
}

/** luaopen_io for the calling state: the module table (the FILE* metatable and default files set up). */
const fileToString: LuaNative = (L) => {
  const f = lauxlib.luaL_checkudata(L, 1, FILE_MT).obj as LuaFile;
  lua.lua_pushstring(L, toLuaString(f.closed ? 'file (closed)' : `file (0x${f.id.toString(16)})`));
  return 1;
};

export const openIo: LuaNative = (L) => {
  lua.lua_createtable(L, 0, 16);
  setNatives(L, ioNatives);
  lauxlib.luaL_newmetatable(L, FILE_MT);
  lua.lua_createtable(L, 0, 8);
  setNatives(L, fileMethods);
  lua.lua_setfield(L, -2, '__index');
  lua.lua_pushcfunction(L, fileToString);
  lua.lua_setfield(L, -2, '__tostring');
  lua.lua_pop(L, 1);
  const std = stdFiles(stateOf(L).host);
  for (const name of ['stdin', 'stdout', 'stderr'] as const) {
    pushFile(L, new LuaFile(std[name]));
    if (name === 'stdin') {
      lua.lua_pushvalue(L, -1);
      lua.lua_setfield(L, lua.LUA_REGISTRYINDEX, IO_INPUT);
    } else if (name === 'stdout') {
      lua.lua_pushvalue(L, -1);
      lua.lua_setfield(L, lua.LUA_REGISTRYINDEX, IO_OUTPUT);
    }
    lua.lua_setfield(L, -2, name);
  }
  return 1;
};
