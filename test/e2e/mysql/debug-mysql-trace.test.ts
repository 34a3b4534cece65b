// --mysql-debug: drv_mysql.c's DEBUG line for each client library call (library and thread
// init and end, connect, prepare, bind, execute, store / fetch / free of results, close,
// errors), the verbosity it raises to 5 for every thread, and none of it under
// --mysql-dry-run beyond the init and end lines. C pointers differ from run to run (masked);
// the rest is compared line by line with the reference transcripts
// (test/fixtures/reference/mysql_debug_*.txt) and, when installed, the reference binary.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, mysqlArgs, REFERENCE, ROOT, SOCKET, sysbench, sysbenchAsync } from '../../helpers/sysbench.js';
import { debugLayout, transcriptRuns, unfinalized, withConnection } from '../../helpers/debug-output.js';

const DB = 'sbtest_debug_mysql_trace';
const SCRIPTS = join(ROOT, 'test', 'fixtures', 'debug');

beforeAll(() => createDatabase(DB));
afterAll(() => dropDatabase(DB));

function check(name: string, runs: number[]): void {
  const all = transcriptRuns(name);
  for (const i of runs) {
    const run = all[i];
    const args = withConnection(run.args, DB, SOCKET);
    it(`sysbench ${run.args.join(' ')}`, async () => {
      const ours = await sysbenchAsync(args, { cwd: SCRIPTS });
      expect(ours.stderr).toBe('');
      const lines = (text: string, db?: string, socket?: string): string[] => unfinalized(debugLayout(text, db, socket));
      expect(lines(ours.stdout, DB, SOCKET)).toEqual(lines(run.output));
      if (hasReference) {
        // a prepare or cleanup is undone (quietly) before the reference does it again
        const command = args[args.length - 1];
        if (command === 'prepare' || command === 'cleanup') {
          const undo = [...args.slice(0, -1).filter((a) => a !== '--mysql-debug'), '--table-size=3', command === 'prepare' ? 'cleanup' : 'prepare'];
          expect((await sysbenchAsync(undo)).code).toBe(0);
        }
        const ref = await sysbenchAsync(args, { bin: REFERENCE, cwd: SCRIPTS });
        expect(ours.code).toBe(ref.code);
        expect(lines(ours.stdout, DB, SOCKET)).toEqual(lines(ref.stdout, DB, SOCKET));
      }
    });
  }
}

// prepare, run, dry run, cleanup: in this order (the runs use the prepared table)
describe('--mysql-debug, stock scripts', () => check('mysql_debug_oltp', [0, 1, 2, 3]));
describe('--mysql-debug, every SQL API call', () => check('mysql_debug_api', [0, 1]));

describe('--mysql-debug, what stays the same', () => {
  it('one object, one address: a statement prints the same pointer at each call', () => {
    const r = sysbench(['api.lua', '--mysql-debug', '--mysql-ignore-errors=1062', '--events=1', ...mysqlArgs(DB), 'run'], { cwd: SCRIPTS });
    expect(r.code).toBe(0);
    const con = /mysql_init\((0x[0-9a-f]+)\)/.exec(r.stdout)![1];
    expect(r.stdout).toContain(`mysql_real_connect(${con}, "localhost", "root", "(null)", "${DB}", 0, "${SOCKET}", CLIENT_MULTI_STATEMENTS)`);
    expect(r.stdout).toContain(`DEBUG: mysql_close(${con})\n`);
    const stmt = /mysql_stmt_init\(0x[0-9a-f]+\) = (0x[0-9a-f]+)/.exec(r.stdout)![1];
    expect(r.stdout).toContain(`DEBUG: mysql_stmt_prepare(${stmt}, "INSERT INTO dbg_t VALUES (?, ?)", 31) = ${stmt}\n`);
    expect(r.stdout).toContain(`DEBUG: mysql_stmt_close(${stmt}) = 0\n`);
  });

  it('a host and a port instead of a socket, and the password', () => {
    const r = sysbench(['api.lua', '--mysql-debug', '--db-driver=mysql', '--mysql-host=127.0.0.1', '--mysql-port=1', '--mysql-user=u',
      '--mysql-password=secret', '--mysql-db=d', '--events=1', 'run'], { cwd: SCRIPTS });
    expect(r.stdout).toMatch(/DEBUG: mysql_real_connect\(0x[0-9a-f]+, "127\.0\.0\.1", "u", "secret", "d", 1, "\(null\)", CLIENT_MULTI_STATEMENTS\)\nFATAL: unable to connect/);
  });

  it('without --mysql-debug, no trace', () => {
    const r = sysbench(['api.lua', '--mysql-ignore-errors=1062', '--events=1', ...mysqlArgs(DB), 'run'], { cwd: SCRIPTS });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('DEBUG');
  });
});
