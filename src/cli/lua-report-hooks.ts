// sysbench.hooks.report_intermediate / report_cumulative, called in the Lua states sysbench
// uses: intermediate reports in the reporting thread's own state, checkpoint reports in the
// checkpoint thread's state, the final report in the main state. Each of those states closes
// (running what a script left for its finalizers, e.g. report_json's closing bracket) when
// its thread ends, as in sysbench.
import { lua, toLuaString, type LuaState } from '../lua/fengari.js';
import { errorText } from '../lua/exec.js';
import { pushReportStat } from '../lua/api/report-stat.js';
import type { Logger } from '../output.js';
import type { ReportStats } from '../report/types.js';
import type { LuaThread } from '../runner/lua-thread.js';

/** Whether the script set sysbench.hooks[name] to a function. */
export function hookDefined(L: LuaState, name: string): boolean {
  let ok = false;
  if (lua.lua_getglobal(L, toLuaString('sysbench')) === lua.LUA_TTABLE &&
      lua.lua_getfield(L, -1, toLuaString('hooks')) === lua.LUA_TTABLE) {
    ok = lua.lua_getfield(L, -1, toLuaString(name)) === lua.LUA_TFUNCTION;
  }
  lua.lua_settop(L, 0);
  return ok;
}

function callHook(L: LuaState, name: string, stat: ReportStats, cumulative: boolean, log: Logger): void {
  lua.lua_getglobal(L, toLuaString('sysbench'));
  lua.lua_getfield(L, -1, toLuaString('hooks'));
  lua.lua_getfield(L, -1, toLuaString(name));
  pushReportStat(L, stat, cumulative);
  if (lua.lua_pcall(L, 1, 0, 0) !== lua.LUA_OK) log.fatal(`\`${name}' function failed: ${errorText(L)}`);
  lua.lua_settop(L, 0);
}

export class LuaReportHooks {
  private readonly intermediateDefined: boolean;
  private readonly cumulativeDefined: boolean;

  /**
   * `reportState` / `checkpointState`: the background threads' states (null when that thread
   * does not run or the hook is not defined).
   */
  constructor(
    private readonly main: LuaThread,
    private readonly reportState: LuaThread | null,
    private readonly checkpointState: LuaThread | null,
    private readonly log: Logger,
  ) {
    this.intermediateDefined = hookDefined(main.state.L, 'report_intermediate');
    this.cumulativeDefined = hookDefined(main.state.L, 'report_cumulative');
  }

  intermediate(stat: ReportStats): boolean {
    if (!this.intermediateDefined) return false;
    callHook((this.reportState ?? this.main).state.L, 'report_intermediate', stat, false, this.log);
    return true;
  }

  cumulative(stat: ReportStats, final: boolean): boolean {
    if (!this.cumulativeDefined) return false;
    const owner = final ? this.main : (this.checkpointState ?? this.main);
    callHook(owner.state.L, 'report_cumulative', stat, true, this.log);
    return true;
  }

  /** The background threads end: their states close. */
  async closeBackground(): Promise<void> {
    for (const t of [this.reportState, this.checkpointState]) {
      if (t) await new Promise<void>((r) => t.close(r));
    }
  }
}
