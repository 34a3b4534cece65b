// sysbench-ts extensions of run control and reporting (none of them exists in sysbench).
import type { OptionDef } from '../types.js';

export const RUN_EXTENSION_OPTIONS: readonly OptionDef[] = [
  {
    name: 'json-report',
    description:
      'write the complete final result (counters, latency summary and percentiles, raw histogram) as one JSON ' +
      "document to this file, or '-' for stdout (sysbench-ts extension) []",
    default: '',
    type: 'string',
  },
  {
    name: 'rate-latency-limit',
    description:
      'with --rate: drop events that waited in the queue longer than this many milliseconds, and events that find ' +
      'the queue full, counting them instead of aborting (like pgbench --latency-limit; sysbench-ts extension) [0 = off]',
    default: '0',
    type: 'int',
  },
  {
    name: 'report-lag',
    description:
      'with --rate: end the final report with each event\'s latency split into schedule lag (queued to started) and ' +
      'service time (started to ended), like pgbench\'s schedule lag (sysbench-ts extension)',
    default: 'off',
    type: 'bool',
  },
  {
    name: 'shard',
    description:
      'run as shard I of N (I/N, 0 <= I < N) of one run spread over N processes: thread ids, sysbench.rand.unique() ' +
      'ranges and seeds are those of threads I*threads.. of an N*threads run; --events and --rate are totals divided ' +
      'among the shards (sysbench-ts extension) []',
    default: '',
    type: 'string',
  },
  {
    name: 'start-at',
    description:
      'start the measured run at this UNIX time (seconds), after the threads are initialized, so that several ' +
      'processes start together (sysbench-ts extension) []',
    default: '',
    type: 'string',
  },
];
