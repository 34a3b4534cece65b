// npm run quickstart with MariaDB running: it uses that server, creates a database of its
// own, drops it and nothing else.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, ROOT, SOCKET, sql } from '../../helpers/sysbench.js';

const QUICKSTART = join(ROOT, 'scripts', 'quickstart.mjs');
// a database of this test's own, with a table, that the quickstart must leave alone
const GUARD = 'sbtest_quickstart_guard';

describe('quickstart with a running server', () => {
  beforeAll(() => {
    createDatabase(GUARD);
    sql('CREATE TABLE sbtest1 (id INT PRIMARY KEY); INSERT INTO sbtest1 VALUES (1), (2)', GUARD);
  });
  afterAll(() => dropDatabase(GUARD));

  it('uses it and drops only its own database', async () => {
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const p = spawn(process.execPath, [QUICKSTART], { env: { ...process.env, MYSQL_SOCKET: SOCKET } });
      let stdout = '';
      let stderr = '';
      p.stdout.on('data', (d) => { stdout += d; });
      p.stderr.on('data', (d) => { stderr += d; });
      p.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Using the MySQL/MariaDB server on socket ${SOCKET}`);
    expect(r.stdout).not.toContain('private MariaDB');
    const db = /--mysql-db=(sbtest_quickstart_[0-9a-f]{6}) /.exec(r.stdout)![1];
    expect(r.stdout).toContain(`Dropped database \`${db}\`.`);
    expect(r.stdout).toMatch(/transactions:\s+\d+ +\(\d+\.\d+ per sec\.\)/);
    expect(r.stdout).toContain('Threads fairness:');
    expect(sql(`SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '${db}'`)).toBe('0');
    expect(sql('SELECT COUNT(*) FROM sbtest1', GUARD)).toBe('2');
  });
});
