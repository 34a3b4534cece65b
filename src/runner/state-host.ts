// The LuaHost of one Lua state: counters, limits and timing of one sysbench thread.
import { performance } from 'node:perf_hooks';
import type { Logger, Writer } from '../output.js';
import type { DbDriver } from '../drivers/driver.js';
import { createDriver, type DriverConfig } from '../drivers/index.js';
import type { Counter, LuaHost, ScriptOptionDef } from '../lua/host.js';
import type { ExportedOption } from '../lua/api/opt.js';
import { bucketIndex } from '../stats/histogram.js';
import { HIST_SIZE } from '../stats/histogram.js';
import { Ctl, Stat, type SharedViews } from './shared.js';

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
  private readonly stats: Float64Array;
  private readonly hist: Float64Array;
  private readonly base: number;
  private readonly histBase: number;
  private readonly maxEvents: number;
  private eventT0 = 0;
  private readonly exitHooks: (() => void)[] = [];
  testArgs: ScriptOptionDef[] | null = null;
  /** the thread's generator (set once the state's rand API exists) */
  histogramSlot: (() => number) | null = null;
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
    this.stats = o.shared.stats;
    this.hist = o.shared.hist;
    this.base = o.slot * Stat.Stride;
    this.histBase = o.histRegion * HIST_SIZE;
    this.maxEvents = o.maxEvents;
  }

  get sharedCtl(): Int32Array { return this.ctl; }

  options(): ExportedOption[] { return this.o.script.options; }
  legacyGlobals(): boolean { return this.o.script.legacyGlobals; }

  createDriver(name: string | null): DbDriver | string {
    const ctl = this.ctl;
    Atomics.store(ctl, Ctl.DbUsed, 1);
    return createDriver(name, this.o.driver, this.log, () => Atomics.add(ctl, Ctl.ConnIndex, 1));
  }

  countInc(counter: Counter): void {
    this.stats[this.base + counter]++;
  }

  eventStart(): boolean {
    const ctl = this.ctl;
    if (Atomics.load(ctl, Ctl.Stop) !== 0) return false;
    if (this.maxEvents > 0 && Atomics.add(ctl, Ctl.EventsIssued, 1) >= this.maxEvents) return false;
    this.stats[this.base + Stat.InEvent] = 1;
    this.eventT0 = performance.now();
    return true;
  }

  eventStop(): void {
    const ms = performance.now() - this.eventT0;
    const s = this.stats;
    const b = this.base;
    s[b + Stat.Events]++;
    s[b + Stat.TimedEvents]++;
    s[b + Stat.TimeSum] += ms;
    const epoch = this.ctl[Ctl.Epoch];
    if (s[b + Stat.Epoch] !== epoch) {
      // a checkpoint report reset the timers: start min/max afresh
      s[b + Stat.Epoch] = epoch;
      s[b + Stat.LatMin] = ms;
      s[b + Stat.LatMax] = ms;
    } else {
      if (ms < s[b + Stat.LatMin]) s[b + Stat.LatMin] = ms;
      if (ms > s[b + Stat.LatMax]) s[b + Stat.LatMax] = ms;
    }
    s[b + Stat.InEvent] = 0;
    if (this.o.percentile > 0) {
      this.hist[this.histBase + bucketIndex(ms)]++;
      this.histogramSlot?.();
    }
  }

  setTestArgs(defs: ScriptOptionDef[]): boolean {
    this.testArgs = defs;
    return true;
  }

  printTestOptions(): void { this.onPrintTestOptions(); }

  atExit(run: () => void): void { this.exitHooks.push(run); }

  runExitHooks(): void {
    for (const h of this.exitHooks.splice(0)) h();
  }
}
