// prepare leaves exactly --table-size rows per table, with the schema the script asks for
// (the same schema the reference binary creates).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, mysqlArgs, REFERENCE, sql, sysbench } from '../../helpers/sysbench.js';

const OURS = 'sbtest_prepare_ours';
const REF = 'sbtest_prepare_ref';

beforeAll(() => {
  createDatabase(OURS);
  createDatabase(REF);
});
afterAll(() => {
  dropDatabase(OURS);
  dropDatabase(REF);
});

const showCreate = (db: string, table: string): string => sql(`SHOW CREATE TABLE \`${db}\`.\`${table}\``);

describe('oltp prepare', () => {
  it('creates --tables tables of exactly --table-size rows, then cleanup drops them', () => {
    const args = ['oltp_read_write', '--tables=3', '--table-size=2345', ...mysqlArgs(OURS)];
    const r = sysbench([...args, 'prepare']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Inserting 2345 records into 'sbtest3'");
    for (const t of [1, 2, 3]) {
      expect(sql(`SELECT COUNT(*), MIN(id), MAX(id), COUNT(DISTINCT id) FROM ${OURS}.sbtest${t}`)).toBe('2345\t1\t2345\t2345');
      // c and pad follow the templates: digits in dash-separated groups
      expect(sql(`SELECT COUNT(*) FROM ${OURS}.sbtest${t} WHERE c NOT REGEXP '^([0-9]{11}-){9}[0-9]{11}$' OR pad NOT REGEXP '^([0-9]{11}-){4}[0-9]{11}$'`)).toBe('0');
    }
    expect(sql(`SHOW INDEX FROM ${OURS}.sbtest1 WHERE Key_name = 'k_1'`)).toContain('k_1');
    const c = sysbench([...args, 'cleanup']);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain("Dropping table 'sbtest3'...");
    expect(sql(`SHOW TABLES FROM ${OURS}`)).toBe('');
  });

  it('honours --mysql_storage_engine and --auto_inc=off', () => {
    const args = ['oltp_point_select', '--table-size=500', '--mysql_storage_engine=myisam', '--auto_inc=off', ...mysqlArgs(OURS)];
    expect(sysbench([...args, 'prepare']).code).toBe(0);
    expect(showCreate(OURS, 'sbtest1')).toMatch(/ENGINE=MyISAM/);
    expect(showCreate(OURS, 'sbtest1')).not.toMatch(/AUTO_INCREMENT/);
    expect(sql(`SELECT COUNT(*), MAX(id) FROM ${OURS}.sbtest1`)).toBe('500\t500');
    expect(sysbench([...args, 'cleanup']).code).toBe(0);
  });

  it.skipIf(!hasReference)('creates the same schema as the reference binary', () => {
    for (const [bin, db] of [[undefined, OURS], [REFERENCE, REF]] as const) {
      expect(sysbench(['oltp_read_write', '--tables=1', '--table-size=10', ...mysqlArgs(db), 'prepare'], { bin }).code).toBe(0);
    }
    expect(showCreate(OURS, 'sbtest1').replace(/AUTO_INCREMENT=\d+ /, '')).toBe(showCreate(REF, 'sbtest1').replace(/AUTO_INCREMENT=\d+ /, ''));
  });
});
