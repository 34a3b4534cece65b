// Shared helpers for end-to-end tests: run our bin/sysbench or the reference binary, talk to
// the local MariaDB, mask numbers for golden comparisons.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'sysbench');
export const REFERENCE = '/usr/bin/sysbench';
export const hasReference = existsSync(REFERENCE);
/** the MariaDB of this run: found or started by test/setup/servers.ts (which reports what is missing) */
export const SOCKET = process.env.MYSQL_SOCKET ?? '/run/mysqld/mysqld.sock';
export const STOCK = '/usr/share/sysbench';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a sysbench binary synchronously (ours by default). */
export function sysbench(args: string[], opts: { bin?: string; cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; input?: string } = {}): RunResult {
  const r = spawnSync(opts.bin ?? BIN, args, {
    input: opts.input,
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** The same, without blocking the test worker (for long runs). */
export function sysbenchAsync(args: string[], opts: { bin?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const p = spawn(opts.bin ?? BIN, args, { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => { stdout += d; });
    p.stderr.on('data', (d) => { stderr += d; });
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

export function mysqlArgs(db: string): string[] {
  return ['--db-driver=mysql', '--mysql-user=root', `--mysql-db=${db}`, `--mysql-socket=${SOCKET}`];
}

/** Runs SQL through the mariadb client; returns tab-separated rows without headers. */
export function sql(query: string, db?: string): string {
  const args = ['-uroot', `--socket=${SOCKET}`, '-N', '-B', '-e', query];
  if (db) args.push(db);
  const r = spawnSync('mariadb', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`mariadb failed: ${r.stderr}`);
  return r.stdout.trim();
}

export function createDatabase(name: string): void {
  sql(`DROP DATABASE IF EXISTS \`${name}\`; CREATE DATABASE \`${name}\``);
}

export function dropDatabase(name: string): void {
  sql(`DROP DATABASE IF EXISTS \`${name}\``);
}

/** Replaces every number with N, so outputs of two runs compare line by line. */
/**
 * The test file's own database, created before its tests and dropped after them, and a
 * temporary folder removed after them (its path returned). Call at the file's top level.
 */
export function useDatabaseAndDir(db: string, dirPrefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), dirPrefix));
  beforeAll(() => createDatabase(db));
  afterAll(() => {
    dropDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

export function maskNumbers(text: string): string {
  return text.replace(/\d+(\.\d+)?/g, 'N');
}

/**
 * Output lines with numbers masked and runs of spaces collapsed (column padding depends on
 * the numbers' widths; the report unit tests pin exact alignment), histogram rows dropped.
 */
export function layout(text: string): string[] {
  return maskNumbers(text).split('\n').filter((l) => !/^\s+N \|\**\s+N$/.test(l)).map((l) => l.replace(/ +/g, ' '));
}
