// The parts of `os` that LuaJIT (sysbench's Lua) defines differently from fengari's Lua 5.3:
// os.exit ends the whole program, and os.execute returns what C's system() returns.
import type { SpawnSyncOptions, SpawnSyncReturns } from 'node:child_process';
import { constants } from 'node:os';
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import { bytesToString } from '../strings.js';
import type { LuaHost } from '../host.js';
import { stateOf } from '../context.js';
import { childProcess } from '../../lazy-node-modules.js';

/**
 * Runs `command` with /bin/sh -c, as system() and popen() do, once what the script printed so far
 * is out (the command's output comes after it). The standard streams not given in `options` are
 * the process's file descriptors 0-2 (Node's stdio objects are not those in a worker thread).
 */
export function shell(host: LuaHost, command: string, options: SpawnSyncOptions = {}): SpawnSyncReturns<Buffer> {
  host.out.flush?.();
  return childProcess().spawnSync('/bin/sh', ['-c', command], { stdio: 'inherit', ...options }) as SpawnSyncReturns<Buffer>;
}

/**
 * system(cmd)'s result: the child's wait status (exit code << 8, or the number of the signal that
 * killed it), -1 when no shell could be started.
 */
function systemStatus(host: LuaHost, command: string): number {
  const r = shell(host, command);
  if (r.error !== undefined) return -1;
  if (r.signal !== null) return (constants.signals as Record<string, number>)[r.signal] ?? -1;
  return (r.status ?? 0) << 8;
}

// os.exit([code]): true is 0, false is 1
const exit: LuaNative = (L) => {
  const code = lua.lua_isboolean(L, 1) ? (lua.lua_toboolean(L, 1) ? 0 : 1) : lauxlib.luaL_optinteger(L, 1, 0);
  stateOf(L).host.exit(Number(code) & 0xff);
  return 0;
};

// os.execute([command]): LuaJIT 2.1 without 5.2 compatibility returns system()'s status as a
// number (0 on success, 768 for `exit 3`), and 1 without a command (a shell is available)
const execute: LuaNative = (L) => {
  const command = lauxlib.luaL_optstring(L, 1, null);
  if (command === null) {
    lua.lua_pushinteger(L, 1);
    return 1;
  }
  lua.lua_pushinteger(L, systemStatus(stateOf(L).host, bytesToString(command)));
  return 1;
};

/** Sets os.exit and os.execute of the state's `os` table. */
export function installOs(L: LuaState): void {
  lua.lua_getglobal(L, toLuaString('os'));
  lua.lua_pushcfunction(L, exit);
  lua.lua_setfield(L, -2, toLuaString('exit'));
  lua.lua_pushcfunction(L, execute);
  lua.lua_setfield(L, -2, toLuaString('execute'));
  lua.lua_pop(L, 1);
}
