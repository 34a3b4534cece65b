// npm run quickstart when it cannot run a benchmark: no server and no MariaDB installed
// (install hints, exit 1, quickly), a named server that refuses the login, a bad option.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SOCKET } from '../../helpers/sysbench.js';

const QUICKSTART = join(ROOT, 'scripts', 'quickstart.mjs');

function quickstart(args: string[], env: NodeJS.ProcessEnv) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [QUICKSTART, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ms: Date.now() - t0 };
}

describe('quickstart without a usable server', () => {
  it('prints the install commands and exits non-zero within 5 s when MariaDB is not installed', () => {
    // SYSBENCH_TS_MARIADBD=none hides mariadbd; the named socket does not exist
    const r = quickstart([], { SYSBENCH_TS_MARIADBD: 'none', MYSQL_SOCKET: '/nonexistent/mysqld.sock' });
    expect(r.code).toBe(1);
    expect(r.ms).toBeLessThan(5000);
    expect(r.stderr).toContain('the server you named, socket /nonexistent/mysqld.sock: not reachable');
    expect(r.stderr).toContain('sudo apt-get install -y mariadb-server');
    expect(r.stderr).toContain('brew install mariadb');
    expect(r.stderr).toMatch(/docker run -d .*mariadb/);
    // nothing ran
    expect(r.stdout).not.toContain('$ sysbench');
  });

  it('the same with the server named by options', () => {
    const r = quickstart(['--mysql-host=127.0.0.1', '--mysql-port=1'], { SYSBENCH_TS_MARIADBD: 'none', MYSQL_SOCKET: '' });
    expect(r.code).toBe(1);
    expect(r.ms).toBeLessThan(5000);
    expect(r.stderr).toContain('the server you named, 127.0.0.1:1: not reachable');
    expect(r.stderr).toContain('sudo apt-get install -y mariadb-server');
  });

  it('stops when the named server refuses the login', () => {
    const r = quickstart([`--mysql-socket=${SOCKET}`, '--mysql-user=sbts_no_such_user'], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('login refused');
    expect(r.stderr).toContain('--mysql-user / --mysql-password');
    expect(r.stdout).not.toContain('$ sysbench');
  });

  it('rejects an unknown option', () => {
    const r = quickstart(['--tables=4'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option --tables=4');
  });

  it('--help', () => {
    const r = quickstart(['--help'], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--keep-server');
  });
});
