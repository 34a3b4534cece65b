// ---------------------------------------------------------------------------------------
// OPTIONS THAT SYSBENCH 1.0.20 DOES NOT HAVE.
//
// They are registered as known options (so they are accepted everywhere, also by scripts
// that declare their own options), exported to Lua like any other, but NEVER printed by
// formatGeneralHelp(), which must stay byte-identical to sysbench 1.0.20's --help. Only
// formatExtensionsHelp() lists them. Add new extensions here; a driver's own extensions and
// backports live with its options (defs/<driver>.ts) and are gathered here.
// ---------------------------------------------------------------------------------------
import type { OptionDef } from '../types.js';
import { DRIVER_DEFS } from './db.js';

/** sysbench-ts's own options (registered with the general options). */
export const EXTENSION_OPTIONS: readonly OptionDef[] = [
  {
    name: 'worker-threads',
    description:
      'number of OS worker threads hosting sysbench threads (sysbench-ts extension) [0 = min(threads, CPUs); for the run of a Lua script min(threads, CPUs/2), at least 1]',
    default: '0',
    type: 'int',
  },
  ...DRIVER_DEFS.flatMap((d) => d.extensionOptions),
  {
    name: 'legacy-help',
    description:
      'print how the sysbench 0.5 options and scripts of the command line map to sysbench 1.0, ' +
      'and the equivalent 1.0 command, then exit (sysbench-ts extension)',
    default: 'off',
    type: 'bool',
  },
];

/** Options backported from sysbench 1.1 (texts and defaults as 1.1 defines them). */
export const SYSBENCH_11_GENERAL_OPTIONS: readonly OptionDef[] = [
  {
    name: 'warmup-time',
    description:
      'execute events for this many seconds with statistics disabled before the actual benchmark run ' +
      'with statistics enabled',
    default: '0',
    type: 'int',
  },
  {
    name: 'thread-init-timeout',
    description: 'wait time in seconds for worker threads to initialize',
    default: '30',
    type: 'int',
  },
];

export const SYSBENCH_11_RAND_OPTIONS: readonly OptionDef[] = [
  {
    name: 'rand-zipfian-exp',
    description: 'shape parameter (exponent, theta) for the Zipfian distribution',
    default: '0.8',
    type: 'double',
  },
];

/** All sysbench 1.1 backports, in the order their groups appear in help. */
export const SYSBENCH_11_OPTIONS: readonly OptionDef[] = [
  ...SYSBENCH_11_GENERAL_OPTIONS,
  ...SYSBENCH_11_RAND_OPTIONS,
  ...DRIVER_DEFS.flatMap((d) => d.backportOptions),
];
