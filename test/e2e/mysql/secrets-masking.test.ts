// Passwords are never echoed: the JSON report's argv, 'invalid option' errors and `ps`
// (/proc/PID/cmdline) show --mysql-password=*** ; MYSQL_PWD is used when no --mysql-password is
// given, as libmysqlclient does (checked with a password-protected user created for the test).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, createDatabase, dropDatabase, SOCKET, sql, sysbench } from '../../helpers/sysbench.js';

const DB = 'sbtest_secrets_masking';
const USER = `sbts_pw_${process.pid}`;
const SECRET = 'hunter2-Secret';
const DIR = mkdtempSync(join(tmpdir(), 'sbts-secrets-'));
writeFileSync(join(DIR, 'who.lua'), [
  'function event()',
  '  local con = sysbench.sql.driver():connect()',
  '  print("user: " .. con:query_row("SELECT CURRENT_USER()"))',
  'end',
  '',
].join('\n'));

beforeAll(() => {
  createDatabase(DB);
  sql(`DROP USER IF EXISTS '${USER}'@'localhost'; CREATE USER '${USER}'@'localhost' IDENTIFIED BY '${SECRET}'; GRANT ALL ON \`${DB}\`.* TO '${USER}'@'localhost'`);
});
afterAll(() => {
  sql(`DROP USER IF EXISTS '${USER}'@'localhost'`);
  dropDatabase(DB);
  rmSync(DIR, { recursive: true, force: true });
});

describe('secret options are masked', () => {
  it('in the JSON report', () => {
    const file = join(DIR, 'report.json');
    const r = sysbench(['--events=10', `--mysql-password=${SECRET}`, `--pgsql-password=${SECRET}`, `--json-report=${file}`, 'cpu', 'run']);
    expect(r.code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text).argv).toEqual(['--events=10', '--mysql-password=***', '--pgsql-password=***', `--json-report=${file}`, 'cpu', 'run']);
  });

  it('in the error for an unknown option', () => {
    const r = sysbench([`--my-password=${SECRET}`, 'cpu', 'run']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('invalid option: --my-password=***\n');
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });

  it.skipIf(!existsSync('/proc/self/cmdline'))('in /proc/PID/cmdline while it runs', async () => {
    const p = spawn(BIN, ['--time=5', `--mysql-password=${SECRET}`, 'cpu', 'run'], { stdio: 'ignore' });
    try {
      let cmdline = '';
      for (let i = 0; i < 100 && !cmdline.includes('***'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        cmdline = readFileSync(`/proc/${p.pid}/cmdline`, 'latin1');
      }
      expect(cmdline).toContain('--mysql-password=***');
      expect(cmdline).not.toContain(SECRET);
      expect(cmdline).toContain('cpu run');
    } finally {
      p.kill('SIGKILL');
    }
  });
});

describe('MYSQL_PWD', () => {
  const args = ['--events=1', `--mysql-socket=${SOCKET}`, `--mysql-user=${USER}`, `--mysql-db=${DB}`, 'who.lua', 'run'];

  it('is the password when no --mysql-password is given', () => {
    const r = sysbench(args, { cwd: DIR, env: { MYSQL_PWD: SECRET } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`user: ${USER}@localhost\n`);
  });

  it('without it (or with a wrong one) the server refuses', () => {
    const none = sysbench(args, { cwd: DIR, env: { MYSQL_PWD: '' } });
    expect(none.code).toBe(1);
    expect(none.stdout).toContain(`FATAL: error 1045: Access denied for user '${USER}'@'localhost' (using password: NO)`);
    const wrong = sysbench(args, { cwd: DIR, env: { MYSQL_PWD: 'wrong' } });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('(using password: YES)');
  });

  it('--mysql-password wins over it', () => {
    const r = sysbench([`--mysql-password=${SECRET}`, ...args], { cwd: DIR, env: { MYSQL_PWD: 'wrong' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`user: ${USER}@localhost\n`);
  });
});
