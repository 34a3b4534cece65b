// scripts/mariadb-private.mjs: a private MariaDB that outlives the command that started it
// (start / status / env / stop), with a real mariadbd.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMariadb } from '../../../src/server/private-mariadb.js';
import { ROOT } from '../../helpers/sysbench.js';

const CLI = join(ROOT, 'scripts', 'mariadb-private.mjs');
const hasMariadb = findMariadb() !== null;

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 90_000 });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

describe.skipIf(!hasMariadb)('mariadb-private.mjs', () => {
  const parent = mkdtempSync(join(tmpdir(), 'sbts-private-cli-'));
  const dir = join(parent, 'srv');
  afterAll(() => {
    cli('stop', `--dir=${dir}`);
    rmSync(parent, { recursive: true, force: true });
  });

  it('start keeps a server running after the command, status / env / stop find it', () => {
    const start = cli('start', `--dir=${dir}`);
    expect(start.code, start.stderr).toBe(0);
    const socket = join(dir, 'mysqld.sock');
    expect(start.stdout).toContain(`socket:   ${socket}`);
    expect(start.stdout).toContain(`Stop and remove it with: node ${CLI} stop --dir=${dir}`);

    // the starting command has exited: the server still answers, with sysbench's default database
    const q = spawnSync('mariadb', [`--socket=${socket}`, '-uroot', '-N', '-B', '-e', "SELECT @@skip_networking, SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'sbtest'"], { encoding: 'utf8' });
    expect(q.status, q.stderr).toBe(0);
    expect(q.stdout.trim()).toBe('1\tsbtest');

    const status = cli('status', `--dir=${dir}`);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^Private MariaDB running \(pid \d+\), socket /);
    expect(cli('env', `--dir=${dir}`).stdout.trim()).toBe(`MYSQL_SOCKET=${socket}`);

    // a second start reports the running one
    const again = cli('start', `--dir=${dir}`);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already runs');

    const pid = Number(/pid (\d+)/.exec(status.stdout)![1]);
    const stop = cli('stop', `--dir=${dir}`);
    expect(stop.code).toBe(0);
    expect(stop.stdout).toContain(`Stopped the private MariaDB and removed ${dir}`);
    expect(existsSync(dir)).toBe(false);
    expect(() => process.kill(pid, 0)).toThrow();

    const after = cli('status', `--dir=${dir}`);
    expect(after.code).toBe(3);
    expect(after.stdout).toContain('No private MariaDB');
  });

  it('rejects unknown commands and options', () => {
    expect(cli('restart').code).toBe(2);
    expect(cli('status', '--bogus').code).toBe(2);
  });
});
