// sysbench.hooks.report_intermediate / report_cumulative, called in the Lua states sysbench
// uses: intermediate reports in the reporting thread's own state, checkpoint reports in the
// checkpoint thread's state, the final report in the main state. Each of those states closes
// (running what a script left for its finalizers, e.g. report_json's closing bracket) when
// its thread ends, as in sysbench.
import type { ReportStats } from '../report/types.js';
import type { ScriptState } from '../script-job/script-state.js';

export class LuaReportHooks {
  private readonly intermediateDefined: boolean;
  private readonly cumulativeDefined: boolean;

  /**
   * `reportState` / `checkpointState`: the background threads' states (null when that thread
   * does not run or the hook is not defined).
   */
  constructor(
    private readonly main: ScriptState,
    private readonly reportState: ScriptState | null,
    private readonly checkpointState: ScriptState | null,
  ) {
    this.intermediateDefined = main.hasReportHook('report_intermediate');
    this.cumulativeDefined = main.hasReportHook('report_cumulative');
  }

  intermediate(stat: ReportStats): boolean {
    if (!this.intermediateDefined) return false;
    (this.reportState ?? this.main).callReportHook('report_intermediate', stat);
    return true;
  }

  cumulative(stat: ReportStats, final: boolean): boolean {
    if (!this.cumulativeDefined) return false;
    const owner = final ? this.main : (this.checkpointState ?? this.main);
    owner.callReportHook('report_cumulative', stat);
    return true;
  }

  /** The background threads end: their states close. */
  async closeBackground(): Promise<void> {
    for (const t of [this.reportState, this.checkpointState]) {
      if (t) await new Promise<void>((r) => t.close(r));
    }
  }
}
