// Ignorable PostgreSQL errors: by default sysbench's three SQLSTATEs (40P01 deadlock, 23505
// unique violation, 40001 serialization failure) roll the transaction back and restart the
// event; --pgsql-ignore-errors (a sysbench-ts extension) sets the list, or "all".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../../helpers/sysbench.js';
import { captureStatementLog, createPgDatabase, dropPgDatabase, hasPgsql, pgsqlArgs, psql, serverLogFile, pgDatabaseName } from '../../helpers/pgsql.js';

const DB = pgDatabaseName('ignore');
const LOG = serverLogFile();
let dir = '';

// ids drawn from 1..40 for 20 events: some collide (deterministically, with --rand-seed)
const SCRIPT = String.raw`
function thread_init()
  con = sysbench.sql.driver():connect()
  st = con:prepare("INSERT INTO dup VALUES (?, ?)")
  p1 = st:bind_create(sysbench.sql.type.INT)
  p2 = st:bind_create(sysbench.sql.type.VARCHAR, 10)
  st:bind_param(p1, p2)
end
function event()
  con:query("BEGIN")
  if sysbench.rand.uniform(1, 2) == 1 then
    con:query("INSERT INTO dup VALUES (" .. sysbench.rand.uniform(1, 40) .. ", 'q')")
  else
    p1:set(sysbench.rand.uniform(1, 40))
    p2:set_rand_str("####")
    st:execute()
  end
  if sysbench.opt.divide then con:query("SELECT 1 / " .. sysbench.rand.uniform(0, 2)) end
  con:query("COMMIT")
end
`;

function run(extra: string[], bin?: string): { code: number; stdout: string } {
  const args = [...pgsqlArgs(DB), '--rand-seed=5', '--events=20', '--threads=1', ...extra, join(dir, 'dup.lua'), 'run'];
  const r = sysbench(args, { bin });
  return { code: r.code, stdout: r.stdout };
}

const ignored = (out: string): number => Number(/ignored errors:\s+(\d+)/.exec(out)?.[1] ?? NaN);
const mask = (out: string): string => out.replace(/\d+\.\d+/g, 'N').replace(/ +/g, ' ');

describe.skipIf(!hasPgsql)('pgsql ignorable errors', () => {
  beforeAll(() => {
    createPgDatabase(DB);
    dir = mkdtempSync(join(tmpdir(), 'sbts-pgign-'));
    writeFileSync(join(dir, 'dup.lua'), SCRIPT);
  });
  afterAll(() => {
    dropPgDatabase(DB);
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => psql('DROP TABLE IF EXISTS dup; CREATE TABLE dup(id INT PRIMARY KEY, v VARCHAR(10))', DB));

  it('restarts events on unique violations by default, after a ROLLBACK', async () => {
    let r = { code: -1, stdout: '' };
    const log = LOG === null ? null : await captureStatementLog(LOG, DB, () => { r = run([]); });
    if (LOG === null) r = run([]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/transactions:\s+20 /);
    expect(ignored(r.stdout)).toBeGreaterThan(0);
    expect(r.stdout).not.toContain('FATAL');
    expect(psql('SELECT COUNT(*) FROM dup', DB)).toBe('20');
    if (log !== null) {
      const errors = log.filter((l) => / ERROR: {2}duplicate key value/.test(l));
      expect(errors.length).toBe(ignored(r.stdout));
      // each failed statement is followed by the ROLLBACK sysbench sends
      const statements = log.filter((l) => / (LOG|ERROR): /.test(l));
      statements.forEach((l, i) => {
        if (/ ERROR: {2}duplicate key/.test(l)) expect(statements[i + 1]).toMatch(/LOG: {2}statement: ROLLBACK$/);
      });
      expect(statements.filter((l) => l.endsWith('statement: ROLLBACK')).length).toBe(errors.length);
    }
  });

  it.skipIf(!hasReference)('matches the reference binary (output and statement log)', async () => {
    let ours = { code: -1, stdout: '' };
    let ref = { code: -1, stdout: '' };
    const oursLog = LOG === null ? null : await captureStatementLog(LOG, DB, () => { ours = run([]); });
    if (LOG === null) ours = run([]);
    psql('TRUNCATE dup', DB);
    const refLog = LOG === null ? null : await captureStatementLog(LOG, DB, () => { ref = run([], REFERENCE); });
    if (LOG === null) ref = run([], REFERENCE);
    expect(ours.code).toBe(ref.code);
    expect(mask(ours.stdout)).toBe(mask(ref.stdout));
    if (oursLog !== null) expect(oursLog).toEqual(refLog);
  });

  it('--pgsql-ignore-errors without 23505 makes a unique violation fatal', () => {
    const r = run(['--pgsql-ignore-errors=40P01,40001']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FATAL: PQexec(Prepared)?\(\) failed: 7 duplicate key value violates unique constraint "dup_pkey"\n/);
    expect(r.stdout).toMatch(/FATAL: `thread_run' function failed: .*SQL error, errno = 0, state = '23505': duplicate key value/);
  });

  it('--pgsql-ignore-errors=all ignores any SQLSTATE', () => {
    const plain = run(['--divide=on']);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain("state = '22012': division by zero");
    psql('TRUNCATE dup', DB);
    const all = run(['--divide=on', '--pgsql-ignore-errors=all']);
    expect(all.code, all.stdout).toBe(0);
    expect(all.stdout).toMatch(/transactions:\s+20 /);
    expect(all.stdout).not.toContain('FATAL');
    psql('TRUNCATE dup', DB);
    const dupsOnly = ignored(run([]).stdout);
    expect(ignored(all.stdout)).toBeGreaterThan(dupsOnly);
  });
});
