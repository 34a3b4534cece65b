// sysbench.hooks.report_intermediate / report_cumulative: whether a script set them, and
// calling them with the stat table sysbench hands them.
import { lua, toLuaString, type LuaState } from './fengari.js';
import { errorText } from './exec.js';
import type { ReportStats } from '../report/types.js';

export type ReportHookName = 'report_intermediate' | 'report_cumulative';

/** Whether the script set sysbench.hooks[name] to a function. */
export function reportHookDefined(L: LuaState, name: ReportHookName): boolean {
  let ok = false;
  if (lua.lua_getglobal(L, toLuaString('sysbench')) === lua.LUA_TTABLE &&
      lua.lua_getfield(L, -1, toLuaString('hooks')) === lua.LUA_TTABLE) {
    ok = lua.lua_getfield(L, -1, toLuaString(name)) === lua.LUA_TFUNCTION;
  }
  lua.lua_settop(L, 0);
  return ok;
}

function pushReportStat(L: LuaState, s: ReportStats, cumulative: boolean): void {
  const fields: [string, number][] = [
    ['threads_running', s.threadsRunning], ['time_interval', s.timeInterval], ['time_total', s.timeTotal],
    ['latency_pct', s.latencyPct], ['events', s.events], ['reads', s.reads], ['writes', s.writes],
    ['other', s.other], ['errors', s.errors], ['reconnects', s.reconnects],
  ];
  if (cumulative) {
    fields.push(['latency_min', s.latencyMin], ['latency_max', s.latencyMax], ['latency_avg', s.latencyAvg], ['latency_sum', s.latencySum]);
  } else {
    fields.push(['queue_length', s.queueLength], ['concurrency', s.concurrency]);
  }
  lua.lua_createtable(L, 0, fields.length);
  for (const [k, v] of fields) {
    lua.lua_pushnumber(L, v);
    lua.lua_setfield(L, -2, toLuaString(k));
  }
}

/**
 * Calls sysbench.hooks[name](stat) (the hook must be defined: see reportHookDefined); the
 * cumulative stat table has the latency fields, the intermediate one the --rate queue fields.
 * Returns the error text when the hook failed, else null.
 */
export function callReportHook(L: LuaState, name: ReportHookName, stat: ReportStats): string | null {
  lua.lua_getglobal(L, toLuaString('sysbench'));
  lua.lua_getfield(L, -1, toLuaString('hooks'));
  lua.lua_getfield(L, -1, toLuaString(name));
  pushReportStat(L, stat, name === 'report_cumulative');
  const error = lua.lua_pcall(L, 1, 0, 0) !== lua.LUA_OK ? errorText(L) : null;
  lua.lua_settop(L, 0);
  return error;
}
