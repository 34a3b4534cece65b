// PostgreSQL's local socket with a full listen queue: libpq gives up on a connect the kernel
// refuses with EAGAIN, and sysbench 1.0.20 prints libpq's line for it; so do we.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refusedConnects, startFullListenQueue } from '../../helpers/full-listen-queue.js';
import { sysbenchAsync } from '../../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-pg-backlog-'));
const PG_SOCKET = join(dir, '.s.PGSQL.5432');
let listener: ChildProcess | null = null;

afterAll(() => {
  listener?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('a PostgreSQL socket with a full listen queue', () => {
  it("fails as libpq does: strerror's text and the socket hint", async () => {
    listener = await startFullListenQueue(dir, PG_SOCKET, 5000);
    expect(await refusedConnects(PG_SOCKET, 4)).toBeGreaterThan(0);
    const r = await sysbenchAsync(['oltp_point_select', '--db-driver=pgsql', `--pgsql-host=${dir}`, '--pgsql-user=postgres',
      '--threads=1', '--events=1', '--time=0', 'run']);
    expect(r.code).not.toBe(0);
    expect(r.stderr + r.stdout).toContain(`FATAL: Connection to database failed: connection to server on socket "${PG_SOCKET}" failed: Resource temporarily unavailable\n` +
      '\tIs the server running locally and accepting connections on that socket?\n');
  }, 30_000);
});
