// --db-debug: db_report_cumulative()'s "Query execution statistics" / "Results fetching
// statistics" block after "SQL statistics:", at debug priority (shown with --verbosity=5 or
// --debug), in the final and the checkpoint reports. sysbench 1.0.20 never starts the timers
// behind it, so its figures are always 0.0000s; ours are too. Layouts against the reference
// transcript (test/fixtures/reference/db_debug_oltp.txt) and, when installed, the reference
// binary; on PostgreSQL against the reference binary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, mysqlArgs, REFERENCE, SOCKET, sysbench, sysbenchAsync } from '../../helpers/sysbench.js';
import { debugLayout, hasBackgroundThreads, transcriptRuns, unraced, withConnection } from '../../helpers/debug-output.js';
import { hasPgsql, createPgDatabase, dropPgDatabase, pgDatabaseName, pgsqlArgs } from '../../helpers/pgsql.js';

const DB = 'sbtest_debug_db_statistics';
const PG_DB = pgDatabaseName('debug_db_statistics');

const BLOCK = [
  'DEBUG: ',
  'DEBUG: Query execution statistics:',
  'DEBUG:     min:                                0.0000s',
  'DEBUG:     avg:                                0.0000s',
  'DEBUG:     max:                                0.0000s',
  'DEBUG:   total:                                0.0000s',
  'DEBUG: Results fetching statistics:',
  'DEBUG:     min:                                0.0000s',
  'DEBUG:     avg:                                0.0000s',
  'DEBUG:     max:                                0.0000s',
  'DEBUG:   total:                                0.0000s',
  '',
  'General statistics:',
].join('\n');

describe('--db-debug on MySQL', () => {
  beforeAll(() => {
    createDatabase(DB);
    expect(sysbench(['oltp_point_select', '--table-size=1000', ...mysqlArgs(DB), 'prepare']).code).toBe(0);
  });
  afterAll(() => dropDatabase(DB));

  for (const run of transcriptRuns('db_debug_oltp')) {
    const args = withConnection(run.args, DB, SOCKET);
    const prep = (lines: string[]): string[] => (hasBackgroundThreads(args) ? unraced(lines) : lines);
    it(`sysbench ${run.args.join(' ')}`, async () => {
      const ours = await sysbenchAsync(args);
      expect(ours.code).toBe(0);
      expect(prep(debugLayout(ours.stdout, DB, SOCKET))).toEqual(prep(debugLayout(run.output)));
      // the block, byte for byte, where verbosity 5 shows it (final and checkpoint reports)
      const blocks = ours.stdout.split(`reconnects:                          0      (0.00 per sec.)\n${BLOCK}`).length - 1;
      expect(blocks).toBe(args.includes('--verbosity=5') ? (args.includes('--report-checkpoints=1') ? 2 : 1) : 0);
      if (hasReference) {
        const ref = await sysbenchAsync(args, { bin: REFERENCE });
        expect(prep(debugLayout(ours.stdout, DB, SOCKET))).toEqual(prep(debugLayout(ref.stdout, DB, SOCKET)));
      }
    });
  }
});

describe.skipIf(!hasPgsql)('--db-debug on PostgreSQL', () => {
  beforeAll(() => {
    createPgDatabase(PG_DB);
    expect(sysbench(['oltp_point_select', '--table-size=1000', ...pgsqlArgs(PG_DB), 'prepare']).code).toBe(0);
  });
  afterAll(() => dropPgDatabase(PG_DB));

  for (const extra of [['--db-debug', '--verbosity=5'], ['--db-debug', '--debug'], ['--db-debug']]) {
    it(extra.join(' '), async () => {
      const args = ['oltp_point_select', '--table-size=1000', ...extra, '--events=20', '--threads=1', ...pgsqlArgs(PG_DB), 'run'];
      const ours = await sysbenchAsync(args);
      expect(ours.code).toBe(0);
      expect(ours.stdout.includes(BLOCK)).toBe(extra.length > 1);
      if (hasReference) expect(debugLayout(ours.stdout)).toEqual(debugLayout((await sysbenchAsync(args, { bin: REFERENCE })).stdout));
    });
  }
});
