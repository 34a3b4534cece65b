// One Lua state running the test script (the main state, a thread's state, a reporting
// thread's state), driven as sysbench drives it: load the script, call init / thread_init /
// thread_run / thread_done / done or a command, and report failures in sysbench's words.
import { lua } from '../lua-runtime/fengari.js';
import { newSysbenchState, loadScript, hasFunction, callSync, type RandApi, type SysbenchState } from '../lua-runtime/state.js';
import { exportOptions } from '../lua-runtime/api/opt.js';
import { closeConnections } from '../lua-runtime/sql/session.js';
import { EventLoop, usesDefaultThreadRun } from '../lua-runtime/event-loop.js';
import { callReportHook, reportHookDefined, type ReportHookName } from '../lua-runtime/report-hooks.js';
import type { ReportStats } from '../report/types.js';
import type { StateHost } from './state-host.js';

export type Ok = (ok: boolean) => void;

export class ScriptState {
  private readonly state: SysbenchState;

  /** `state`: the state made for it already (a copy of a template), else one is built */
  constructor(readonly host: StateHost, rand: RandApi, state?: SysbenchState) {
    this.state = state ?? newSysbenchState(host, rand);
  }

  /** Runs the script's main chunk; prints sysbench's FATAL line on failure. */
  load(done: Ok): void {
    if (this.state.scriptLoaded === true) return done(true);
    loadScript(this.state, this.host.scriptFile, (err) => {
      if (err !== null) this.host.log.fatal(err);
      done(err === null);
    });
  }

  exportOptions(): void {
    if (this.state.scriptLoaded === true) return; // the template did it
    exportOptions(this.state.L, this.host.options(), this.host.legacyGlobals());
  }

  has(name: string): boolean {
    return hasFunction(this.state.L, name);
  }

  /** Calls global `name` (with the thread id when `withTid`), if the script defines it. */
  call(name: string, withTid: boolean, done: Ok): void {
    if (!this.has(name)) return done(true);
    const tid = this.host.tid;
    this.state.exec.callGlobal(name, withTid ? (co) => { lua.lua_pushinteger(co, tid); return 1; } : null, (err) => {
      if (err !== null) this.host.log.fatal(`\`${name}' function failed: ${err}`);
      done(err === null);
    });
  }

  /** thread_run(thread_id): sysbench's own loop runs from JavaScript, a script's own in Lua. */
  runEvents(done: Ok): void {
    if (!usesDefaultThreadRun(this.state.L)) return this.call('thread_run', true, done);
    new EventLoop(this.state.L, this.state.exec, this.host, this.host.tid, (err) => {
      if (err !== null) this.host.log.fatal(`\`thread_run' function failed: ${err}`);
      done(err === null);
    }).run();
  }

  /** Calls sysbench.cmdline[name](...args), a function that does no I/O: its boolean result or its error text. */
  callCmdline(name: string, args: (string | number)[]): ReturnType<typeof callSync> {
    return callSync(this.state.L, ['sysbench', 'cmdline', name], args);
  }

  /** sysbench.cmdline.call_command(name): true when the command ran and returned success. */
  callCommand(name: string, done: Ok): void {
    const L = this.state.L;
    this.state.exec.callGlobal('__sb_call_command', (co) => { lua.lua_pushstring(co, Buffer.from(name)); return 1; }, (err) => {
      if (err !== null) {
        this.host.log.fatal(`\`sysbench.cmdline.call_command' function failed: ${err}`);
        return done(false);
      }
      lua.lua_getglobal(L, Buffer.from('__sb_command_rc'));
      const rc = lua.lua_toboolean(L, -1);
      lua.lua_pop(L, 1);
      done(rc);
    });
  }

  hasReportHook(name: ReportHookName): boolean {
    return reportHookDefined(this.state.L, name);
  }

  /** Calls a report hook the script defined; prints sysbench's FATAL line when it fails. */
  callReportHook(name: ReportHookName, stat: ReportStats): void {
    const err = callReportHook(this.state.L, name, stat);
    if (err !== null) this.host.log.fatal(`\`${name}' function failed: ${err}`);
  }

  close(done: () => void): void {
    closeConnections(this.state.L, () => {
      this.host.runExitHooks();
      done();
    });
  }
}
