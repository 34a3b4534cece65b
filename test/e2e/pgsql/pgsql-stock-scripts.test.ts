// Every stock script of /usr/share/sysbench against PostgreSQL: prepare, run with 1 and 16
// threads, cleanup; each command's output has the reference binary's layout line for line.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasReference, layout, REFERENCE, STOCK, sysbenchAsync } from '../../helpers/sysbench.js';
import { createPgDatabase, dropPgDatabase, hasPgsql, pgsqlArgs, psql, resetPgDatabase, pgDatabaseName } from '../../helpers/pgsql.js';

const DB = pgDatabaseName('stock');
const SCRIPTS = ['oltp_read_write', 'oltp_read_only', 'oltp_write_only', 'oltp_point_select', 'oltp_update_index',
  'oltp_update_non_index', 'oltp_insert', 'oltp_delete', 'select_random_points', 'select_random_ranges', 'bulk_insert'];

describe.skipIf(!hasPgsql || !existsSync(STOCK))('stock scripts on PostgreSQL', () => {
  beforeAll(() => createPgDatabase(DB));
  afterAll(() => dropPgDatabase(DB));
  // a failed script must not leave tables behind for the next one
  beforeEach(() => resetPgDatabase(DB));

  const tables = (): string => psql("SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public'", DB);

  for (const script of SCRIPTS) {
    it(`${script}: prepare, run at 1 and 16 threads, cleanup`, async () => {
      // select_random_* refuse --tables > 1 at cleanup (the reference binary too)
      const n = script.startsWith('select_random') ? 1 : 2;
      const common = [script, `--tables=${n}`, '--table-size=500', ...pgsqlArgs(DB)];
      // bulk_insert creates one table per thread, and its rows start at id 1 in every run
      const admin = script === 'bulk_insert' ? [...common, '--threads=16'] : common;
      const prepare = async (): Promise<void> => {
        resetPgDatabase(DB);
        const r = await sysbenchAsync([...admin, 'prepare']);
        expect(r.code, r.stdout.slice(-2000)).toBe(0);
      };
      // each command runs with both binaries, from the same database state
      const steps: { args: string[]; before: () => Promise<void> | void }[] = [
        { args: [...admin, 'prepare'], before: () => resetPgDatabase(DB) },
        { args: [...common, '--threads=1', '--time=1', 'run'], before: script === 'bulk_insert' ? prepare : () => {} },
        { args: [...common, '--threads=16', '--time=1', 'run'], before: script === 'bulk_insert' ? prepare : () => {} },
        { args: [...admin, 'cleanup'], before: prepare },
      ];
      for (const step of steps) {
        await step.before();
        const ours = await sysbenchAsync(step.args);
        expect(ours.code, (ours.stdout + ours.stderr).slice(-3000)).toBe(0);
        expect(ours.stderr).toBe('');
        if (step.args.includes('run')) expect(ours.stdout).toMatch(/transactions:\s+[1-9]\d*/);
        if (step.args.includes('prepare') && script !== 'bulk_insert') {
          for (let t = 1; t <= n; t++) expect(psql(`SELECT COUNT(*) FROM sbtest${t}`, DB)).toBe('500');
        }
        if (step.args.includes('cleanup')) expect(tables()).toBe('');
        if (!hasReference) continue;
        await step.before();
        const ref = await sysbenchAsync(step.args, { bin: REFERENCE });
        expect(ref.code, ref.stdout.slice(-2000)).toBe(0);
        expect(layout(ours.stdout), step.args.join(' ')).toEqual(layout(ref.stdout));
      }
    }, 300_000);
  }

  // without the reference binary the layout comparisons above are left out: say so in the report
  if (!hasReference) it.skip('layout equal to /usr/bin/sysbench (not installed: golden comparisons skipped)', () => {});
});
