// print_run_mode(): the "Running the test with following options:" block before a run.
import type { LogMessages } from './types.js';

export interface RunModeInput {
  threads: number;
  /** --warmup-time (sysbench 1.1) */
  warmup?: number;
  rate: number;
  reportInterval: number;
  checkpoints: number[];
  debug: boolean;
  validate: boolean;
  /** --rand-seed; 0 = seeded from the current time */
  randSeed: number;
  /** seconds after which a forced shutdown happens, or null when off */
  forcedShutdownAt: number | null;
}

export function formatRunMode(m: RunModeInput): LogMessages {
  const msgs: LogMessages = ['Running the test with following options:', `Number of threads: ${m.threads}`];
  if ((m.warmup ?? 0) > 0) msgs.push(`Warmup time: ${m.warmup}s`);
  // the values are unsigned; sysbench prints these two with %d (--report-interval=-1: "every -1")
  if (m.rate > 0) msgs.push(`Target transaction rate: ${m.rate | 0}/sec`);
  if (m.reportInterval > 0) msgs.push(`Report intermediate results every ${m.reportInterval | 0} second(s)`);
  if (m.checkpoints.length > 0) msgs.push(`Report checkpoint(s) at ${m.checkpoints.join(', ')} seconds`);
  if (m.debug) msgs.push('Debug mode enabled.\n');
  if (m.validate) msgs.push('Validation checks: on.\n');
  msgs.push(m.randSeed !== 0
    ? `Initializing random number generator from seed (${m.randSeed}).\n`
    : 'Initializing random number generator from current time\n');
  // (unsigned) (time + timeout): wraps at 2^32 (--time=1 --forced-shutdown=-1: "in 0 seconds")
  if (m.forcedShutdownAt !== null) msgs.push(`Forcing shutdown in ${m.forcedShutdownAt >>> 0} seconds`);
  msgs.push('');
  return msgs;
}
