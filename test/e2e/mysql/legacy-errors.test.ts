// A sysbench 0.5-style script that fails: a Lua runtime error (LuaJIT's wording, e.g.
// "attempt to index local 't' (a nil value)") or db_query() on a missing table (the driver's
// FATAL line, then "db_query() failed" at the script's line). Same output and exit code as
// the reference binary.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, hasReference, mysqlArgs, REFERENCE, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_legacy_errors';
let dir = '';

beforeAll(() => {
  createDatabase(DB);
  dir = mkdtempSync(join(tmpdir(), 'sbtest-legacy-errors-'));
});
afterAll(() => {
  dropDatabase(DB);
  rmSync(dir, { recursive: true, force: true });
});

const SCRIPT = `function prepare()
  db_query("SELECT * FROM no_such_table")
end
function thread_init(thread_id)
  if oops == "init" then
    local cfg
    print(cfg.value)
  end
end
function event(thread_id)
  if oops == "index" then
    local t = nil
    return t.field
  elseif oops == "call" then
    no_such_function(thread_id)
  elseif oops == "arith" then
    return thread_id + nothing
  elseif oops == "concat" then
    local s
    return "sbtest" .. s
  end
  db_query("SELECT c FROM no_such_table WHERE id=" .. sb_rand(1, 10))
end
`;

// what each case must print (after the run header), and the exit code
const CASES: [string, string[], string, string][] = [
  ['runtime error in event()', ['--oops=index', 'run'], "`thread_run' function failed: PATH:13: attempt to index local 't' (a nil value)", ''],
  ['call of a nil global', ['--oops=call', 'run'], "`thread_run' function failed: PATH:15: attempt to call global 'no_such_function' (a nil value)", ''],
  ['arithmetic on nil', ['--oops=arith', 'run'], "`thread_run' function failed: PATH:17: attempt to perform arithmetic on global 'nothing' (a nil value)", ''],
  ['concatenation of nil', ['--oops=concat', 'run'], "`thread_run' function failed: PATH:20: attempt to concatenate local 's' (a nil value)", ''],
  ['runtime error in thread_init()', ['--oops=init', 'run'], "`thread_init' function failed: PATH:7: attempt to index local 'cfg' (a nil value)", 'FATAL: Thread initialization failed!'],
  ['db_query on a missing table in event()', ['run'], "`thread_run' function failed: PATH:22: db_query() failed",
    "FATAL: mysql_drv_query() returned error 1146 (Table 'sbtest_legacy_errors.no_such_table' doesn't exist) for query 'SELECT c FROM no_such_table WHERE id="],
  ['db_query on a missing table in prepare()', ['prepare'], "`prepare' function failed: PATH:2: db_query() failed",
    "FATAL: mysql_drv_query() returned error 1146 (Table 'sbtest_legacy_errors.no_such_table' doesn't exist) for query 'SELECT * FROM no_such_table'"],
];

describe('legacy script failures', () => {
  for (const [title, args, fatal, other] of CASES) {
    it(title, async () => {
      const path = join(dir, 'failing.lua');
      writeFileSync(path, SCRIPT);
      const argv = [`--test=${path}`, '--max-requests=1', '--num-threads=1', '--rand-seed=3', ...mysqlArgs(DB), ...args];
      const ours = await sysbenchAsync(argv);
      expect(ours.code).toBe(1);
      expect(ours.stdout).toContain('FATAL: ' + fatal.replace('PATH', path) + '\n');
      if (other) expect(ours.stdout).toContain(other);
      expect(ours.stderr).toContain('WARNING: the --test option is deprecated.');
      if (!hasReference) return;
      const ref = await sysbenchAsync(argv, { bin: REFERENCE });
      expect(ours.stdout).toBe(ref.stdout);
      expect(ours.stderr).toBe(ref.stderr);
      expect(ours.code).toBe(ref.code);
    });
  }
});
