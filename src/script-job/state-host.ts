// The LuaHost of one Lua state: counters, limits and timing of one sysbench thread.
import { isMainThread } from 'node:worker_threads';
import type { Logger, Writer } from '../output.js';
import type { DbDriver } from '../drivers/driver.js';
import { createDriver, type DriverConfig } from '../drivers/index.js';
import type { LuaHost, ScriptOptionDef } from '../lua-runtime/host.js';
import type { SbCounter } from '../stats/counters.js';
import type { ExportedOption } from '../lua-runtime/api/opt.js';
import { Ctl, type SharedViews } from '../runner/shared-memory.js';
import { ThreadStats, type EventStart } from '../runner/thread-stats.js';
import type { EventDispatcher } from '../runner/event-dispatcher.js';

export interface ScriptSpec {
  /** the test name as given (sysbench.cmdline.script_path) */
  name: string;
  /** the file it resolved to */
  file: string;
  argv: string[];
  command: string | null;
  options: ExportedOption[];
  legacyGlobals: boolean;
}

export interface StateHostOptions {
  tid: number;
  /** slot in the shared counters (sysbench counts main-thread queries in slot 0 too) */
  slot: number;
  /** histogram region (worker number) */
  histRegion: number;
  script: ScriptSpec;
  shared: SharedViews;
  driver: DriverConfig;
  maxEvents: number;
  /** --percentile: when > 0 each event also draws the histogram's random slot, as sysbench does */
  percentile: number;
  /** --rate: the worker's side of the event queue; --rate-latency-limit */
  events?: EventDispatcher | null;
  latencyLimitMs?: number;
  out: Writer;
  log: Logger;
}

export class StateHost implements LuaHost {
  readonly tid: number;
  readonly out: Writer;
  readonly log: Logger;
  readonly scriptPath: string;
  readonly scriptFile: string;
  readonly argv: string[];
  readonly command: string | null;
  private readonly ctl: Int32Array;
  readonly stats: ThreadStats;
  private readonly exitHooks: (() => void)[] = [];
  testArgs: ScriptOptionDef[] | null = null;
  onPrintTestOptions: () => void = () => {};

  constructor(private readonly o: StateHostOptions) {
    this.tid = o.tid;
    this.out = o.out;
    this.log = o.log;
    this.scriptPath = o.script.name;
    this.scriptFile = o.script.file;
    this.argv = o.script.argv;
    this.command = o.script.command;
    this.ctl = o.shared.ctl;
    this.stats = new ThreadStats(o);
    this.stats.onLimit = (time) => o.log.info(time ? 'Time limit exceeded, exiting...' : 'Event limit exceeded, exiting...');
  }

  get sharedCtl(): Int32Array { return this.ctl; }

  options(): ExportedOption[] { return this.o.script.options; }
  legacyGlobals(): boolean { return this.o.script.legacyGlobals; }

  createDriver(name: string | null): DbDriver | string {
    const ctl = this.ctl;
    Atomics.store(ctl, Ctl.DbUsed, 1);
    const drv = createDriver(name, this.o.driver, this.log, () => Atomics.add(ctl, Ctl.ConnIndex, 1));
    if (typeof drv !== 'string' && drv.release) this.atExit(() => drv.release!());
    return drv;
  }

  countInc(counter: SbCounter): void {
    this.stats.inc(counter);
  }

  eventStart(): EventStart {
    return this.stats.startEvent();
  }

  eventStop(): void {
    this.stats.stop();
  }

  stopping(): boolean {
    return Atomics.load(this.ctl, Ctl.Stop) !== 0;
  }

  setTestArgs(defs: ScriptOptionDef[]): boolean {
    this.testArgs = defs;
    return true;
  }

  printTestOptions(): void { this.onPrintTestOptions(); }

  atExit(run: () => void): void { this.exitHooks.push(run); }

  exit(code: number): void {
    this.out.flush?.();
    if (!isMainThread) {
      // a worker thread cannot end the process: the runner does when this worker stops
      Atomics.store(this.ctl, Ctl.ExitCode, 0x100 | code);
    }
    process.exit(code);
  }

  runExitHooks(): void {
    for (const h of this.exitHooks.splice(0)) h();
  }
}
