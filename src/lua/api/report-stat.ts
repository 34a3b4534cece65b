// The stat table sysbench hands to sysbench.hooks.report_intermediate / report_cumulative.
import { lua, toLuaString, type LuaState } from '../fengari.js';
import type { ReportStats } from '../../report/types.js';

export function pushReportStat(L: LuaState, s: ReportStats, cumulative: boolean): void {
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
