// Every stock script of /usr/share/sysbench: prepare (--tables=2), run with 1, 4, 16 and 64
// threads, cleanup; the run output has the reference binary's layout line for line.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, layout, mysqlArgs, REFERENCE, sql, STOCK, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_stock_scripts';
const SCRIPTS = ['oltp_read_write', 'oltp_read_only', 'oltp_write_only', 'oltp_point_select', 'oltp_update_index',
  'oltp_update_non_index', 'oltp_insert', 'oltp_delete', 'select_random_points', 'select_random_ranges', 'bulk_insert'];

beforeAll(() => {
  createDatabase(DB);
  sql('SET GLOBAL max_connections = 600');
});
afterAll(() => dropDatabase(DB));
// a failed script must not leave tables behind for the next one
beforeEach(() => createDatabase(DB));

describe.skipIf(!existsSync(STOCK))('stock scripts', () => {
  for (const script of SCRIPTS) {
    it(`${script}: prepare, run at 1/4/16/64 threads, cleanup`, async () => {
      // select_random_* refuse --tables > 1 (the reference binary too)
      const tables = script.startsWith('select_random') ? 1 : 2;
      const common = [script, `--tables=${tables}`, '--table-size=1000', ...mysqlArgs(DB)];
      // bulk_insert creates one table per thread
      const admin = script === 'bulk_insert' ? [...common, '--threads=64'] : common;
      const prep = await sysbenchAsync([...admin, 'prepare']);
      expect(prep.code, (prep.stdout + prep.stderr).slice(0, 2000)).toBe(0);
      if (script !== 'bulk_insert') {
        expect(sql(`SELECT COUNT(*) FROM ${DB}.sbtest1`)).toBe('1000');
        if (tables === 2) expect(sql(`SELECT COUNT(*) FROM ${DB}.sbtest2`)).toBe('1000');
      }
      const ref = hasReference ? await sysbenchAsync([...common, '--threads=4', '--time=1', 'run'], { bin: REFERENCE }) : null;
      if (ref) expect(ref.code, ref.stdout.slice(-2000)).toBe(0);
      for (const threads of [1, 4, 16, 64]) {
        if (script === 'bulk_insert') {
          // its rows start at id 1 in every run: fresh tables each time
          await sysbenchAsync([...admin, 'cleanup']);
          await sysbenchAsync([...admin, 'prepare']);
        }
        const r = await sysbenchAsync([...common, `--threads=${threads}`, '--time=1', 'run']);
        expect(r.code, (r.stdout + r.stderr).slice(-3000)).toBe(0);
        expect(r.stdout).toMatch(/transactions:\s+[1-9]\d*/);
        if (ref) expect(layout(r.stdout)).toEqual(layout(ref.stdout));
      }
      const clean = await sysbenchAsync([...admin, 'cleanup']);
      expect(clean.code).toBe(0);
      expect(sql(`SHOW TABLES FROM ${DB}`)).toBe('');
    }, 300_000);
  }
});
