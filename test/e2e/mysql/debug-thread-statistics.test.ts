// --debug as sysbench 1.0.20 prints it: "Debug mode enabled.", the threads' start-up lines
// (workers and the reporting, event generating and checkpoint threads), why each thread
// stopped and "Done.", and the "Verbose per-thread statistics" block that ends every
// cumulative report (checkpoints too), for the built-in tests and for Lua scripts. Layouts
// (numbers masked) against the reference transcripts (test/fixtures/reference/debug_*.txt)
// and, when it is installed, against the reference binary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, mysqlArgs, REFERENCE, SOCKET, sysbench, sysbenchAsync } from '../../helpers/sysbench.js';
import { debugLayout, hasBackgroundThreads, transcriptRuns, unraced, withConnection } from '../../helpers/debug-output.js';
import { hasPgsql, createPgDatabase, dropPgDatabase, pgDatabaseName, pgsqlArgs } from '../../helpers/pgsql.js';

const DB = 'sbtest_debug_thread_statistics';
const PG_DB = pgDatabaseName('debug_thread_statistics');
const FILEIO = ['--file-num=2', '--file-total-size=64K'];
let fileioDir = '';

beforeAll(() => {
  createDatabase(DB);
  expect(sysbench(['oltp_point_select', '--table-size=1000', ...mysqlArgs(DB), 'prepare']).code).toBe(0);
  fileioDir = mkdtempSync(join(tmpdir(), 'sbts-debug-fileio-'));
  expect(sysbench(['fileio', ...FILEIO, 'prepare'], { cwd: fileioDir }).code).toBe(0);
});

afterAll(() => {
  dropDatabase(DB);
  if (fileioDir) rmSync(fileioDir, { recursive: true, force: true });
});

const cwdFor = (args: string[]): string | undefined => (args[0] === 'fileio' ? fileioDir : undefined);

function check(name: string): void {
  for (const run of transcriptRuns(name)) {
    const args = withConnection(run.args, DB, SOCKET);
    const prep = (lines: string[]): string[] => (hasBackgroundThreads(args) ? unraced(lines) : lines);
    it(`sysbench ${run.args.join(' ')}`, async () => {
      const ours = await sysbenchAsync(args, { cwd: cwdFor(args) });
      expect(ours.stderr).toBe('');
      expect(prep(debugLayout(ours.stdout, DB, SOCKET))).toEqual(prep(debugLayout(run.output)));
      if (hasReference) {
        const ref = await sysbenchAsync(args, { bin: REFERENCE, cwd: cwdFor(args) });
        expect(ours.code).toBe(ref.code);
        expect(prep(debugLayout(ours.stdout, DB, SOCKET))).toEqual(prep(debugLayout(ref.stdout, DB, SOCKET)));
      }
    });
  }
}

describe('--debug, built-in tests', () => check('debug_builtin'));
describe('--debug, background threads (start-up lines in any order)', () => check('debug_background'));
describe('--debug, a Lua script', () => check('debug_oltp'));

describe('--debug, several threads', () => {
  it('one block line pair per thread, in thread order, after the fairness block', () => {
    const r = sysbench(['cpu', '--debug', '--events=40', '--threads=3', 'run']);
    expect(r.code).toBe(0);
    const block = r.stdout.slice(r.stdout.indexOf('Threads fairness:'));
    expect(block).toMatch(new RegExp(
      '\n\nDEBUG: Verbose per-thread statistics:\n\n' +
      [0, 1, 2].map((i) => `DEBUG: {5}thread # {2}${i}: min: \\d+\\.\\d{4}s {2}avg: \\d+\\.\\d{4}s {2}max: \\d+\\.\\d{4}s {2}events: \\d+\n` +
        'DEBUG: {18}total time taken by event execution: \\d+\\.\\d{4}s\n').join('') + '\n$'));
    const events = [...block.matchAll(/events: (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(events).toBe(40);
  });

  it('every thread says why it stopped; sysbench\'s duplicate filter counts the repeats across threads', async () => {
    const r = await sysbenchAsync(['oltp_point_select', '--table-size=1000', '--debug', '--events=30', '--threads=4', ...mysqlArgs(DB), 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Threads started!\n\nEvent limit exceeded, exiting...\n(last message repeated 3 times)\nDone.\n\nSQL statistics:');
    for (let i = 0; i < 4; i++) {
      expect(r.stdout).toContain(`DEBUG: Worker thread (#${i}) started\n`);
      expect(r.stdout).toContain(`DEBUG: Worker thread (#${i}) initialized\n`);
    }
  });

  it('without --debug, none of it', async () => {
    const r = await sysbenchAsync(['oltp_point_select', '--table-size=1000', '--events=30', '--threads=2', ...mysqlArgs(DB), 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/DEBUG|Event limit|Done\./);
  });
});

describe.skipIf(!hasPgsql)('--debug, a Lua script on PostgreSQL', () => {
  beforeAll(() => {
    createPgDatabase(PG_DB);
    expect(sysbench(['oltp_point_select', '--table-size=1000', ...pgsqlArgs(PG_DB), 'prepare']).code).toBe(0);
  });
  afterAll(() => dropPgDatabase(PG_DB));

  it('the same layout as on MySQL', async () => {
    const args = ['oltp_point_select', '--table-size=1000', '--debug', '--events=20', '--threads=1', ...pgsqlArgs(PG_DB), 'run'];
    const ours = await sysbenchAsync(args);
    expect(ours.code).toBe(0);
    const mysqlRun = transcriptRuns('debug_oltp')[0].output;
    expect(debugLayout(ours.stdout)).toEqual(debugLayout(mysqlRun));
    if (hasReference) expect(debugLayout(ours.stdout)).toEqual(debugLayout((await sysbenchAsync(args, { bin: REFERENCE })).stdout));
  });
});
