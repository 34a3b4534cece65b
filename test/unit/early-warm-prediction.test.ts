// bin/sysbench starts a Lua run's worker threads before the CLI loads, from a quick reading of
// the command line (src/cli/early-warm.ts). Whatever it predicts must be what the real parser
// then decides (otherwise the run starts a second pool and the early one was wasted work), and
// it must predict the common command lines, or it starts nothing early.
import { describe, expect, it } from 'vitest';
import { predictLuaRun } from '../../src/cli/early-warm.js';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';
import { resolveGeneralSettings } from '../../src/options/settings.js';
import { classifyTest } from '../../src/options/invocation.js';
import { readDriverConfig } from '../../src/drivers/catalog.js';
import { scriptWorkerThreads, workerCount } from '../../src/runner/pool.js';

/** The pool the real CLI would want for `argv`: null when it is not a Lua script's run. */
function realRun(argv: string[]): { threads: number; workers: number; driver: string } | null {
  const reg = createDefaultRegistry({ readFile: () => { throw new Error('no files here'); } });
  const parsed = parseGeneralArguments(argv, reg);
  if (parsed.error) return null;
  let settings;
  try {
    const r = resolveGeneralSettings(reg);
    if (!r.ok) return null;
    settings = r.settings;
  } catch {
    return null;
  }
  const choice = classifyTest(parsed);
  if (choice.kind !== 'script' || choice.cmdname !== 'run') return null;
  const limits = { threads: settings.threads, workerThreads: settings.workerThreads };
  return { threads: limits.threads, workers: workerCount(Math.max(1, limits.threads), scriptWorkerThreads(limits)), driver: readDriverConfig(reg).name };
}

// (the thread count too: on a machine with more CPUs it changes the worker count)
function predicted(argv: string[]): { threads: number; workers: number; driver: string } | null {
  const p = predictLuaRun(argv);
  if (p === null) return null;
  return { threads: p.threads, workers: workerCount(Math.max(1, p.threads), scriptWorkerThreads(p)), driver: p.driver };
}

const PREDICTED: string[][] = [
  ['oltp_read_write', 'run'],
  ['oltp_point_select', '--threads=16', '--time=5', 'run'],
  ['--threads=64', 'oltp_point_select', '--mysql-socket=/run/mysqld/mysqld.sock', 'run'],
  ['oltp_read_only', '--threads=4', '--worker-threads=2', 'run'],
  ['oltp_read_only', '--threads=1', '--worker-threads=3', 'run'],
  ['oltp_insert', '--db-driver=pgsql', '--threads=8', 'run'],
  ['/usr/share/sysbench/oltp_update_index.lua', '--threads=100', '--events=100', '--time=0', 'run'],
  // 0.5 syntax
  ['--test=lua/oltp.lua', '--oltp-table-size=1000', '--num-threads=8', '--max-time=5', 'run'],
  ['--test=oltp.lua', '--num-threads=1', '--threads=4', 'run'],
  ['x.lua', '--threads=2', '--threads=6', 'run'],
  ['x.lua', '--num-threads=12', '--threads=6', 'run'],
  ['x.lua', '--skip-trx', 'run'],
];

const NOT_PREDICTED: string[][] = [
  [],
  ['oltp_read_write'],
  ['oltp_read_write', 'prepare'],
  ['oltp_read_write', '--threads=8', 'cleanup'],
  ['cpu', 'run'],
  ['--test=fileio', 'run'],
  ['memory', '--threads=4', 'run'],
  ['-', 'run'],
  ['oltp_read_write', 'run', 'extra'],
  ['oltp_read_write', '--threads=abc', 'run'],
  ['oltp_read_write', '--threads=0x10', 'run'],
  ['oltp_read_write', '--threads=0', 'run'],
  ['oltp_read_write', '--config-file=some.cfg', 'run'],
  ['oltp_read_write', '--help', 'run'],
  ['oltp_read_write', '--version', 'run'],
];

describe('early start of a run\'s worker threads', () => {
  it.each(PREDICTED.map((a) => [a.join(' '), a]))('predicts %s as the CLI decides it', (_, argv) => {
    const p = predicted(argv as string[]);
    expect(p).not.toBeNull();
    expect(p).toEqual(realRun(argv as string[]));
  });

  it.each(NOT_PREDICTED.map((a) => [a.join(' ') || '(nothing)', a]))('starts nothing early for %s', (_, argv) => {
    expect(predictLuaRun(argv as string[])).toBeNull();
  });
});
