// The parts of `os` that LuaJIT (sysbench's Lua) defines differently from fengari's Lua 5.3:
// os.exit ends the whole program, and os.execute returns what C's system() returns.
import { spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { lua, lauxlib, toJsString, toLuaString, type LuaState } from '../fengari.js';
import type { LuaHost } from '../host.js';

/**
 * system(cmd)'s result: the child's wait status (exit code << 8, or the number of the signal that
 * killed it), -1 when no shell could be started.
 */
export function systemStatus(command: string): number {
  // the shell writes to the process's own standard streams, as under system(); Node's stdio
  // objects are not those in a worker thread, file descriptors 0-2 are
  const r = spawnSync('/bin/sh', ['-c', command], { stdio: 'inherit' });
  if (r.error !== undefined) return -1;
  if (r.signal !== null) return (constants.signals as Record<string, number>)[r.signal] ?? -1;
  return (r.status ?? 0) << 8;
}

/** Sets os.exit and os.execute of the state's `os` table. */
export function installOs(L: LuaState, host: LuaHost): void {
  lua.lua_getglobal(L, toLuaString('os'));
  // os.exit([code]): true is 0, false is 1
  lua.lua_pushcfunction(L, (L: LuaState) => {
    const code = lua.lua_isboolean(L, 1) ? (lua.lua_toboolean(L, 1) ? 0 : 1) : lauxlib.luaL_optinteger(L, 1, 0);
    host.exit(Number(code) & 0xff);
    return 0;
  });
  lua.lua_setfield(L, -2, toLuaString('exit'));
  // os.execute([command]): LuaJIT 2.1 without 5.2 compatibility returns system()'s status as a
  // number (0 on success, 768 for `exit 3`), and 1 without a command (a shell is available)
  lua.lua_pushcfunction(L, (L: LuaState) => {
    const command = lauxlib.luaL_optstring(L, 1, null);
    if (command === null) {
      lua.lua_pushinteger(L, 1);
      return 1;
    }
    // what the script printed so far comes before what the command prints
    host.out.flush?.();
    lua.lua_pushinteger(L, systemStatus(toJsString(command)));
    return 1;
  });
  lua.lua_setfield(L, -2, toLuaString('execute'));
  lua.lua_pop(L, 1);
}
