// Logger options (sb_logger.c): the text handler's and the operation handler's sets. Help
// prints them as two separate blocks under "Log options:".
import type { OptionDef } from '../types.js';

export const LOG_TEXT_OPTIONS: readonly OptionDef[] = [
  {
    name: 'verbosity',
    description: 'verbosity level {5 - debug, 0 - only critical messages}',
    default: '3',
    type: 'int',
  },
];

export const LOG_OPER_OPTIONS: readonly OptionDef[] = [
  {
    name: 'percentile',
    description:
      'percentile to calculate in latency statistics (1-100). ' +
      'Use the special value of 0 to disable percentile calculations',
    default: '95',
    type: 'int',
  },
  { name: 'histogram', description: 'print latency histogram in report', default: 'off', type: 'bool' },
];
