// User mistakes get sysbench's words and exit codes, never a JS stack trace.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sysbench } from '../../helpers/sysbench.js';

const DB = 'sbtest_cli_errors';

function transcript(name: string): { command: string; output: string } {
  const [command, ...rest] = readFileSync(new URL(`../../fixtures/reference/${name}`, import.meta.url), 'utf8').split('\n');
  return { command, output: rest.join('\n') };
}

/** Reference transcripts name database sbtest; ours is DB. */
const withDb = (s: string): string => s.replaceAll(`'${DB}.`, "'sbtest.");

function expectNoStackTrace(text: string): void {
  expect(text).not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/);
  expect(text).not.toMatch(/internal error/);
}

beforeAll(() => createDatabase(DB));
afterAll(() => dropDatabase(DB));

describe('error messages', () => {
  it('unknown option', () => {
    const r = sysbench(['oltp_point_select', '--no-such-option=1', ...mysqlArgs(DB), 'run']);
    expect(r.code).toBe(1);
    // the reference transcript shows stdout and stderr together
    expect(r.stdout + r.stderr).toBe(transcript('error_bad_option.txt').output);
  });

  it('bad option value', () => {
    const r = sysbench(['oltp_point_select', '--threads=abc', ...mysqlArgs(DB), 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toBe(transcript('error_bad_value.txt').output);
  });

  it('no server on the socket', () => {
    const r = sysbench(['oltp_point_select', '--mysql-socket=/nonexistent.sock', '--db-driver=mysql', 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(transcript('error_no_server.txt').output);
    expectNoStackTrace(r.stdout + r.stderr);
  });

  it('Lua syntax error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbts-'));
    writeFileSync(join(dir, 'bad.lua'), 'function event()\n  local x = 1\n  x = end\n');
    const r = sysbench(['bad.lua', 'run'], { cwd: dir });
    rmSync(dir, { recursive: true, force: true });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(transcript('error_lua_syntax.txt').output);
  });

  it('tables that exist already', () => {
    const args = ['oltp_point_select', '--table-size=100', '--tables=2', ...mysqlArgs(DB)];
    expect(sysbench([...args, 'prepare']).code).toBe(0);
    const r = sysbench([...args, 'prepare']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(transcript('error_table_exists.txt').output);
    expect(sysbench([...args, 'cleanup']).code).toBe(0);
  });

  it('a missing table at thread_init, one report per thread', () => {
    const args = ['oltp_read_write', '--table-size=100', '--tables=2', '--threads=4', '--time=4', '--report-interval=1', '--histogram', ...mysqlArgs(DB)];
    expect(sysbench(['oltp_read_write', '--table-size=100', '--tables=1', ...mysqlArgs(DB), 'prepare']).code).toBe(0);
    const r = sysbench([...args, 'run']);
    expect(r.code).toBe(1);
    expect(withDb(r.stdout)).toBe(transcript('error_missing_table.txt').output);
    sysbench(['oltp_read_write', '--tables=2', ...mysqlArgs(DB), 'cleanup']);
  });
});
