// The mysql driver's own debug lines, shown at --verbosity=5 (or with --debug) without
// --mysql-debug: "Ignoring error N <message>, " for each error --mysql-ignore-errors lets
// through, and "Reconnecting" / "Reconnected" around re-establishing a lost connection.
// (sysbench 1.0.20 crashes right after "Reconnecting": it reconnects on the handle it has just
// closed, so the reconnect lines are checked on our own output only.)
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, mysqlArgs, REFERENCE, ROOT, SOCKET, sysbenchAsync } from '../../helpers/sysbench.js';
import { debugLayout, transcriptRuns, withConnection } from '../../helpers/debug-output.js';

const DB = 'sbtest_debug_mysql_verbose';
const SCRIPTS = join(ROOT, 'test', 'fixtures', 'debug');

beforeAll(() => createDatabase(DB));
afterAll(() => dropDatabase(DB));

describe('--verbosity=5, mysql driver', () => {
  const run = transcriptRuns('mysql_debug_api')[2];
  const args = withConnection(run.args, DB, SOCKET);

  it(`sysbench ${run.args.join(' ')}`, async () => {
    const ours = await sysbenchAsync(args, { cwd: SCRIPTS });
    expect(ours.code).toBe(0);
    expect(ours.stdout).toContain("\nDEBUG: Ignoring error 1062 Duplicate entry '1' for key 'PRIMARY', \nfalse\ttable: ");
    expect(debugLayout(ours.stdout, DB, SOCKET)).toEqual(debugLayout(run.output));
    if (hasReference) {
      const ref = await sysbenchAsync(args, { bin: REFERENCE, cwd: SCRIPTS });
      expect(debugLayout(ours.stdout, DB, SOCKET)).toEqual(debugLayout(ref.stdout, DB, SOCKET));
    }
  });

  it('a lost connection: ignored, then re-established', async () => {
    const r = await sysbenchAsync(['lost.lua', '--verbosity=5', '--mysql-ignore-errors=all', '--events=1', ...mysqlArgs(DB), 'run'], { cwd: SCRIPTS });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nDEBUG: Ignoring error \d+ [^\n]+, \nDEBUG: Reconnecting\nDEBUG: Reconnected\nfalse\ttable: [^\n]+\n2\n/);
    expect(r.stdout).toMatch(/reconnects: +1 /);
  });

  it('with --mysql-debug the connection calls come between them', async () => {
    const r = await sysbenchAsync(['lost.lua', '--mysql-debug', '--mysql-ignore-errors=all', '--events=1', ...mysqlArgs(DB), 'run'], { cwd: SCRIPTS });
    expect(r.code).toBe(0);
    const con = /DEBUG: mysql_init\((0x[0-9a-f]+)\)/.exec(r.stdout)![1];
    expect(r.stdout).toContain(`DEBUG: mysql_real_query(${con}, "SELECT 1", 8) = 1\nDEBUG: mysql_errno(${con}) = 0\n`);
    expect(r.stdout).toMatch(new RegExp(`, \\nDEBUG: Reconnecting\\nDEBUG: mysql_close\\(${con}\\)\\n` +
      `DEBUG: mysql_real_connect\\(${con}, "localhost", "root", "\\(null\\)", "${DB}", 0, "[^"]+", CLIENT_MULTI_STATEMENTS\\)\\nDEBUG: Reconnected\\n`));
  });

  it('at the default verbosity, none of these lines', async () => {
    const r = await sysbenchAsync(['lost.lua', '--mysql-ignore-errors=all', '--events=1', ...mysqlArgs(DB), 'run'], { cwd: SCRIPTS });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('DEBUG');
    expect(r.stdout).toMatch(/reconnects: +1 /);
  });
});
