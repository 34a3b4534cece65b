// Issue 6: without /usr/share/sysbench (hidden with SYSBENCH_TS_SYSTEM_LUA_DIR), every stock-script
// command still works through our lua/workloads/: help texts identical to the reference,
// prepare / prewarm / run / cleanup of all 11 scripts (run output in the reference's layout),
// the seed-000 command lines by path. Where the stock scripts are installed, they stay the default.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveScript } from '../../../src/cli/resolve.js';
import { luaSearchPath } from '../../../src/lua-runtime/state.js';
import { createDatabase, dropDatabase, hasReference, layout, mysqlArgs, REFERENCE, ROOT, SOCKET, sql, STOCK, sysbench, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_wl_hidden';
const GONE = '/nonexistent-sysbench-scripts';
const HIDDEN = { SYSBENCH_TS_SYSTEM_LUA_DIR: GONE };
const WORKLOADS = join(ROOT, 'lua', 'workloads');
const SCRIPTS = ['oltp_read_write', 'oltp_read_only', 'oltp_write_only', 'oltp_point_select', 'oltp_update_index',
  'oltp_update_non_index', 'oltp_insert', 'oltp_delete', 'select_random_points', 'select_random_ranges', 'bulk_insert'];
const hasStock = existsSync(`${STOCK}/oltp_common.lua`);

beforeAll(() => createDatabase(DB));
afterAll(() => dropDatabase(DB));

describe('name resolution', () => {
  it('lua/workloads/ comes after the system folder on package.path', () => {
    const path = luaSearchPath(null, {}).split(';');
    const sys = path.indexOf(`${STOCK}/?.lua`);
    const ours = path.indexOf(`${WORKLOADS}/?.lua`);
    expect(sys).toBeGreaterThan(0);
    expect(ours).toBeGreaterThan(sys);
  });

  it.skipIf(!hasStock)('the stock scripts stay the default by name', () => {
    for (const s of SCRIPTS) expect(resolveScript(s, '/', {})).toEqual({ file: `${STOCK}/${s}.lua` });
  });

  it('our own workloads are found by name', () => {
    for (const s of ['oltp_scan', 'oltp_update_one', 'update_t1']) expect(resolveScript(s, '/', {})).toEqual({ file: `${WORKLOADS}/${s}.lua` });
  });

  it('a missing /usr/share/sysbench/X.lua falls back to lua/workloads/X.lua with a notice', () => {
    const r = resolveScript(`${STOCK}/oltp_scan.lua`, '/', {});
    expect(r).toEqual({ file: `${WORKLOADS}/oltp_scan.lua`, notice: `sysbench-ts: ${STOCK}/oltp_scan.lua not found, using the bundled ${WORKLOADS}/oltp_scan.lua\n` });
  });
});

describe.skipIf(!hasReference)('help with the stock scripts hidden is the reference\'s', () => {
  for (const s of [...SCRIPTS, 'oltp_common']) {
    it(s, () => {
      const ref = sysbench([s, 'help'], { bin: REFERENCE });
      const ours = sysbench([s, 'help'], { env: HIDDEN });
      expect(ours.stdout).toBe(ref.stdout);
      expect(ours.stderr).toBe(ref.stderr);
      expect(ours.code).toBe(ref.code);
    });
  }
  it('running oltp_common directly fails as the stock one does', () => {
    const ours = sysbench(['oltp_common', ...mysqlArgs(DB), 'run'], { env: HIDDEN });
    expect(ours.code).toBe(1);
    expect(ours.stdout + ours.stderr).toContain('this script is meant to be included by other OLTP scripts and should not be called directly.');
    const none = sysbench(['oltp_read_write'], { env: HIDDEN });
    expect(none.code).toBe(1);
    expect(none.stdout + none.stderr).toContain('Command is required. Supported commands: prepare, prewarm, run, cleanup, help');
  });
});

describe('every stock-script command works with the stock scripts hidden', () => {
  for (const script of SCRIPTS) {
    it(`${script}: prepare, prewarm, run at 1 and 4 threads, cleanup`, async () => {
      createDatabase(DB);
      const tables = script.startsWith('select_random') ? 1 : 2;
      const common = [script, `--tables=${tables}`, '--table-size=500', ...mysqlArgs(DB)];
      const admin = script === 'bulk_insert' ? [...common, '--threads=4'] : common;
      const prep = await sysbenchAsync([...admin, 'prepare'], { env: HIDDEN });
      expect(prep.code, prep.stderr).toBe(0);
      if (script !== 'bulk_insert') {
        expect(sql(`SELECT COUNT(*) FROM ${DB}.sbtest1`)).toBe('500');
        const pw = await sysbenchAsync([...admin, 'prewarm'], { env: HIDDEN });
        expect(pw.code, pw.stderr).toBe(0);
        expect(pw.stdout).toContain('Prewarming table sbtest1');
      } else {
        expect(sql(`SHOW TABLES FROM ${DB}`).split('\n')).toEqual(['sbtest1', 'sbtest2', 'sbtest3', 'sbtest4']);
      }
      const ref = hasReference && hasStock ? await sysbenchAsync([...common, '--threads=4', '--time=1', 'run'], { bin: REFERENCE }) : null;
      if (ref) expect(ref.code, ref.stdout.slice(-1500)).toBe(0);
      for (const threads of [1, 4]) {
        if (script === 'bulk_insert') {
          await sysbenchAsync([...admin, 'cleanup'], { env: HIDDEN });
          await sysbenchAsync([...admin, 'prepare'], { env: HIDDEN });
        }
        const r = await sysbenchAsync([...common, `--threads=${threads}`, '--time=1', 'run'], { env: HIDDEN });
        expect(r.code, (r.stdout + r.stderr).slice(-2000)).toBe(0);
        expect(r.stdout).toMatch(/transactions:\s+[1-9]\d*/);
        if (ref) expect(layout(r.stdout)).toEqual(layout(ref.stdout));
      }
      const clean = await sysbenchAsync([...admin, 'cleanup'], { env: HIDDEN });
      expect(clean.code, clean.stderr).toBe(0);
      expect(sql(`SHOW TABLES FROM ${DB}`)).toBe('');
    }, 120_000);
  }

  it('select_random_* cleanup refuses --tables > 1, as the stock scripts do', async () => {
    for (const s of ['select_random_points', 'select_random_ranges']) {
      const r = await sysbenchAsync([s, '--tables=2', ...mysqlArgs(DB), 'cleanup'], { env: HIDDEN });
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).toContain('this benchmark does not support --tables > 1');
    }
  });

  it('the seed-000 command lines, with the script path under the hidden folder', async () => {
    createDatabase(DB);
    const path = `${GONE}/oltp_point_select.lua`;
    const conn = ['--db-driver=mysql', `--mysql-db=${DB}`, `--mysql-socket=${SOCKET}`, '--mysql-user=root'];
    for (const engine of [[], ['--mysql_storage_engine=aria']]) {
      const prep = await sysbenchAsync([path, '--table-size=2000', '--threads=1', '--rand-type=uniform', ...conn, ...engine, 'prepare'], { env: HIDDEN });
      expect(prep.code, prep.stderr).toBe(0);
      expect(prep.stderr).toBe(`sysbench-ts: ${path} not found, using the bundled ${WORKLOADS}/oltp_point_select.lua\n`);
      expect(prep.stdout).toContain("Inserting 2000 records into 'sbtest1'");
      expect(sql(`SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA='${DB}' AND TABLE_NAME='sbtest1'`)).toBe(engine.length ? 'Aria' : 'InnoDB');
      const run = await sysbenchAsync([path, '--table-size=2000', '--threads=8', '--time=1', '--rand-type=uniform', ...conn, ...engine, 'run'], { env: HIDDEN });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Number of threads: 8/);
      expect(run.stdout).toMatch(/transactions:\s+[1-9]\d*/);
      expect((await sysbenchAsync([path, ...conn, 'cleanup'], { env: HIDDEN })).code).toBe(0);
    }
  }, 120_000);

  it('a third-party script that requires "oltp_common" gets ours when sysbench\'s is missing', async () => {
    createDatabase(DB);
    const dir = mkdtempSync(join(tmpdir(), 'sbts-wl-'));
    try {
      const file = join(dir, 'my_test.lua');
      writeFileSync(file, 'require("oltp_common")\nfunction prepare_statements() prepare_point_selects() end\nfunction event() execute_point_selects() end\n');
      const base = [file, '--table-size=100', '--point_selects=2', ...mysqlArgs(DB)];
      expect((await sysbenchAsync([...base, 'prepare'], { env: HIDDEN })).code).toBe(0);
      const r = await sysbenchAsync([...base, '--events=5', 'run'], { env: HIDDEN });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/read:\s+10\b/);
      expect((await sysbenchAsync([...base, 'cleanup'], { env: HIDDEN })).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
