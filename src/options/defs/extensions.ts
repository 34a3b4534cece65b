// ---------------------------------------------------------------------------------------
// OPTIONS THAT SYSBENCH 1.0.20 DOES NOT HAVE.
//
// They are registered as known options (so they are accepted everywhere, also by scripts
// that declare their own options), exported to Lua like any other, but NEVER printed by
// formatGeneralHelp(), which must stay byte-identical to sysbench 1.0.20's --help. Only
// formatExtensionsHelp() lists them. Add new extensions here, and nowhere else.
// ---------------------------------------------------------------------------------------
import type { OptionDef } from '../types.js';

/** sysbench-ts's own options (registered with the general options). */
export const EXTENSION_OPTIONS: readonly OptionDef[] = [
  {
    name: 'worker-threads',
    description:
      'number of OS worker threads hosting sysbench threads (sysbench-ts extension) [0 = min(threads, CPUs)]',
    default: '0',
    type: 'int',
  },
  {
    // sysbench 1.0.20 hard-codes these three SQLSTATEs (deadlock, unique violation,
    // serialization failure) as ignorable; this makes the list configurable (sysbench #334)
    name: 'pgsql-ignore-errors',
    description:
      'list of PostgreSQL SQLSTATE codes to ignore (the transaction is rolled back and the event ' +
      'restarted), or "all" (sysbench-ts extension)',
    default: '40P01,23505,40001',
    type: 'list',
  },
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

export const SYSBENCH_11_PGSQL_OPTIONS: readonly OptionDef[] = [
  {
    name: 'pgsql-sslmode',
    description: 'PostgreSQL SSL mode (disable, allow, prefer, require, verify-ca, verify-full)',
    default: 'prefer',
    type: 'string',
  },
];

/** All sysbench 1.1 backports, in the order their groups appear in help. */
export const SYSBENCH_11_OPTIONS: readonly OptionDef[] = [
  ...SYSBENCH_11_GENERAL_OPTIONS,
  ...SYSBENCH_11_RAND_OPTIONS,
  ...SYSBENCH_11_PGSQL_OPTIONS,
];
