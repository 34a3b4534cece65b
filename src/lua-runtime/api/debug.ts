// The debug library with LuaJIT's debug.debug(): a "lua_debug> " prompt on stderr, then a line
// of standard input run as a chunk named "(debug command)", until a line "cont" or the end of
// the input; an error is printed on stderr and the loop goes on. fengari's own reads the terminal
// through readline-sync, which cannot work from the bundle (it runs a shell script of its own).
import { readSync, writeSync } from 'node:fs';
import { lua, lauxlib, lualib, toLuaString, type LuaNative } from '../fengari.js';
import { stateOf } from '../context.js';

const PROMPT = 'lua_debug> ';
const CHUNKNAME = toLuaString('=(debug command)');
const CONT = Buffer.from('cont\n');
const NEWLINE = Buffer.from('\n');
/** LuaJIT reads with fgets() into 250 bytes: a longer line is run as several commands */
const COMMAND_MAX = 249;

/** Sleeps `ms` (standard input is non-blocking and has nothing yet). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * What fgets() reads: bytes of standard input up to and including the next newline, at most
 * COMMAND_MAX; null at the end of the input. Byte by byte, so that nothing after the line is
 * taken from what io.read() may read next.
 */
function readCommand(): Buffer | null {
  const line = Buffer.alloc(COMMAND_MAX);
  let n = 0;
  while (n < COMMAND_MAX) {
    let got: number;
    try {
      got = readSync(0, line, n, 1, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
        pause(10);
        continue;
      }
      got = 0; // a closed or unreadable standard input ends the input, as for fgets()
    }
    if (got === 0) break;
    if (line[n++] === 10) break;
  }
  return n === 0 ? null : line.subarray(0, n);
}

const debugLoop: LuaNative = (L) => {
  const { host } = stateOf(L);
  for (;;) {
    // what the script printed so far comes before the prompt
    host.out.flush?.();
    writeSync(2, PROMPT);
    const command = readCommand();
    if (command === null || command.equals(CONT)) return 0;
    if (lauxlib.luaL_loadbuffer(L, command, null, CHUNKNAME) !== lua.LUA_OK || lua.lua_pcall(L, 0, 0, 0) !== lua.LUA_OK) {
      host.out.flush?.();
      const message = lua.lua_tostring(L, -1);
      writeSync(2, message === null ? Buffer.from('(error object is not a string)\n') : Buffer.concat([message, NEWLINE]));
    }
    lua.lua_settop(L, 0);
  }
};

/** luaopen_debug: fengari's library, with LuaJIT's debug.debug(). */
export const openDebug: LuaNative = (L) => {
  lualib.luaopen_debug(L);
  lua.lua_pushcfunction(L, debugLoop);
  lua.lua_setfield(L, -2, 'debug');
  return 1;
};
