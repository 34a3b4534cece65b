// sysbench 1.0.20's general options (general_args in sysbench.c), in help order.
import type { OptionDef } from '../types.js';

export const GENERAL_OPTIONS: readonly OptionDef[] = [
  { name: 'threads', description: 'number of threads to use', default: '1', type: 'int' },
  { name: 'events', description: 'limit for total number of events', default: '0', type: 'int' },
  { name: 'time', description: 'limit for total execution time in seconds', default: '10', type: 'int' },
  {
    name: 'forced-shutdown',
    description:
      "number of seconds to wait after the --time limit before forcing shutdown, or 'off' to disable",
    default: 'off',
    type: 'string',
  },
  { name: 'thread-stack-size', description: 'size of stack per thread', default: '64K', type: 'size' },
  { name: 'rate', description: 'average transactions rate. 0 for unlimited rate', default: '0', type: 'int' },
  {
    name: 'report-interval',
    description:
      'periodically report intermediate statistics with a specified interval in seconds. ' +
      '0 disables intermediate reports',
    default: '0',
    type: 'int',
  },
  {
    name: 'report-checkpoints',
    description:
      'dump full statistics and reset all counters at specified points in time. ' +
      'The argument is a list of comma-separated values representing the amount of time ' +
      'in seconds elapsed from start of test when report checkpoint(s) must be performed. ' +
      'Report checkpoints are off by default.',
    default: '',
    type: 'list',
  },
  { name: 'debug', description: 'print more debugging info', default: 'off', type: 'bool' },
  { name: 'validate', description: 'perform validation checks where possible', default: 'off', type: 'bool' },
  { name: 'help', description: 'print help and exit', default: 'off', type: 'bool' },
  { name: 'version', description: 'print version and exit', default: 'off', type: 'bool' },
  { name: 'config-file', description: 'File containing command line options', default: null, type: 'file' },
  { name: 'tx-rate', description: 'deprecated alias for --rate', default: '0', type: 'int' },
  { name: 'max-requests', description: 'deprecated alias for --events', default: '0', type: 'int' },
  { name: 'max-time', description: 'deprecated alias for --time', default: '0', type: 'int' },
  { name: 'num-threads', description: 'deprecated alias for --threads', default: '1', type: 'int' },
];
