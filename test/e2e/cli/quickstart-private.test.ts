// npm run quickstart when the named server is not reachable and MariaDB is installed: it
// starts a private, throwaway MariaDB, runs the whole benchmark against it, and leaves no
// server process, no folder behind.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMariadb } from '../../../src/server/private-mariadb.js';
import { ROOT } from '../../helpers/sysbench.js';

const QUICKSTART = join(ROOT, 'scripts', 'quickstart.mjs');
const hasMariadb = findMariadb() !== null;

function mariadbdUsing(dir: string): string {
  const r = spawnSync('pgrep', ['-af', `datadir=${dir}/data`], { encoding: 'utf8' });
  return r.stdout.trim();
}

function quickstart(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [QUICKSTART, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => { stdout += d; });
    p.stderr.on('data', (d) => { stderr += d; });
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!hasMariadb)('quickstart with a private MariaDB', () => {
  it('falls back to a private server, prints the full report, removes everything', async () => {
    const r = await quickstart([], { MYSQL_SOCKET: '/nonexistent/mysqld.sock' });
    expect(r.code, r.stderr).toBe(0);
    const m = /Private MariaDB running in (\S+) \(socket (\S+)\)/.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    const dir = m![1];
    expect(m![2]).toBe(join(dir, 'mysqld.sock'));
    // the steps, in order, against the private socket
    const steps = [...r.stdout.matchAll(/^\$ sysbench (.*)$/gm)].map((x) => x[1]);
    expect(steps).toHaveLength(4);
    expect(steps[0]).toBe('cpu run');
    for (const s of steps.slice(1)) expect(s).toContain(`--mysql-socket=${dir}/mysqld.sock`);
    expect(steps[1]).toMatch(/^oltp_read_write .* prepare$/);
    expect(steps[2]).toMatch(/--time=10 --report-interval=1 run$/);
    expect(steps[3]).toMatch(/ cleanup$/);
    // the cpu report and the full oltp report with its per-second lines
    expect(r.stdout).toContain('CPU speed:');
    expect(r.stdout.match(/^\[ \d+s \] thds: 1 tps: /gm)!.length).toBeGreaterThanOrEqual(8);
    for (const section of ['SQL statistics:', 'transactions:', 'Latency (ms):', '95th percentile:', 'Threads fairness:']) {
      expect(r.stdout).toContain(section);
    }
    expect(r.stdout).toMatch(/Dropped database `sbtest_quickstart_[0-9a-f]{6}`\./);
    expect(r.stdout).toContain('Stopped and removed the private MariaDB.');
    // nothing left
    expect(existsSync(dir)).toBe(false);
    expect(mariadbdUsing(dir)).toBe('');
  });

  it('--keep-server leaves the private server running and prints how to stop it', async () => {
    // the kept server's folder: one of this test's own, not the user's default
    const parent = mkdtempSync(join(tmpdir(), 'sbts-quickstart-keep-'));
    const keptDir = join(parent, 'srv');
    const r = await quickstart(['--keep-server'], { SYSBENCH_TS_MARIADB_DIR: keptDir });
    const stop = /^Stop and remove it with: node (\S+) stop --dir=(\S+)$/m.exec(r.stdout);
    try {
      expect(r.code, r.stderr).toBe(0);
      expect(stop, r.stdout).not.toBeNull();
      const dir = stop![2];
      expect(dir).toBe(keptDir);
      expect(r.stdout).toContain(`The private MariaDB keeps running: socket ${dir}/mysqld.sock`);
      expect(r.stdout).toMatch(/Dropped database `sbtest_quickstart_[0-9a-f]{6}`\./);
      expect(mariadbdUsing(dir)).not.toBe('');
    } finally {
      if (stop) {
        const s = spawnSync(process.execPath, [stop[1], 'stop', `--dir=${stop[2]}`], { encoding: 'utf8' });
        expect(s.stdout).toContain('Stopped the private MariaDB');
        expect(existsSync(stop[2])).toBe(false);
        expect(mariadbdUsing(stop[2])).toBe('');
      }
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
