// What a Lua state needs from the program around it. The runner provides one per state.
import type { DbDriver } from '../drivers/driver.js';
import type { SbCounter } from '../stats/counters.js';
import type { Logger, Writer } from '../output.js';
import type { ExportedOption } from './api/opt.js';

export interface ScriptOptionDef {
  name: string;
  desc: string;
  /** default as text, or null */
  value: string | null;
  /** sysbench's SB_ARG_TYPE_* number */
  type: number;
}

export interface LuaHost {
  /** sysbench.tid */
  readonly tid: number;
  readonly out: Writer;
  readonly log: Logger;
  /** the test name as given: sysbench.cmdline.script_path */
  readonly scriptPath: string;
  /** the file the script was loaded from */
  readonly scriptFile: string;
  readonly argv: string[];
  readonly command: string | null;
  /** values for sysbench.opt (and for legacy globals) */
  options(): ExportedOption[];
  /** whether options also become globals (the script declares no sysbench.cmdline.options) */
  legacyGlobals(): boolean;
  /** creates a driver by name (null: --db-driver); returns an error text when it cannot */
  createDriver(name: string | null): DbDriver | string;
  countInc(counter: SbCounter): void;
  /**
   * Start of an event: true to go on, false when the limits say stop. When it returns a
   * function, the event must wait (e.g. for --rate): call it with a callback that receives
   * the true/false answer later.
   */
  eventStart(): boolean | ((cb: (err: unknown, more: unknown) => void) => void);
  eventStop(): void;
  /** the run is ending (--time expired, Ctrl-C): waits such as reconnect retries give up */
  stopping?(): boolean;
  /** main state only: the options a script declares */
  setTestArgs(defs: ScriptOptionDef[]): boolean;
  printTestOptions(): void;
  atExit(run: () => void): void;
  /** os.exit(code): ends the whole program at once with `code` (output written so far kept) */
  exit(code: number): void;
}
