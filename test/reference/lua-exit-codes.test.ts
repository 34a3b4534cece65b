// How a script's own ending and failures end the program, as sysbench 1.0.20: os.exit(code)
// exits with code (also from a worker thread), an error in thread_done or done keeps the final
// report and exit 0, argument errors keep the caller's file:line, and errors raised as JS
// exceptions still say what went wrong.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-exit-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function script(name: string, lines: string[]): string {
  writeFileSync(join(DIR, name), lines.join('\n') + '\n');
  return name;
}

const run = (args: string[], bin?: string) => sysbench(args, { cwd: DIR, bin, timeoutMs: 60_000 });

describe('os.exit', () => {
  it('in event() on a worker thread exits with its code, without a report', () => {
    const r = run(['--events=5', script('exit3.lua', ['function event()', '  io.write("bye\\n")', '  os.exit(3)', 'end']), 'run']);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('bye\n');
    expect(r.stdout).not.toContain('General statistics');
  });

  it('in thread_init of one of several threads', () => {
    const r = run(['--threads=3', '--events=5', script('exit5.lua', ['function thread_init()', '  os.exit(5)', 'end', 'function event() end']), 'run']);
    expect(r.code).toBe(5);
  });

  it('in a command on the main thread; true and false are 0 and 1', () => {
    expect(run([script('exit4.lua', ['function prepare()', '  os.exit(4)', 'end']), 'prepare']).code).toBe(4);
    expect(run([script('exitf.lua', ['function prepare()', '  os.exit(false)', 'end']), 'prepare']).code).toBe(1);
    expect(run([script('exitt.lua', ['function prepare()', '  os.exit(true)', 'end']), 'prepare']).code).toBe(0);
  });
});

describe('errors after the events', () => {
  const tdone = ['function event() end', 'function thread_done()', '  error("boom")', 'end'];
  const done = ['function event() end', 'function done()', '  error("boomdone")', 'end'];

  it('thread_done: FATAL, then the report, exit 0', () => {
    const r = run(['--events=5', script('tdone.lua', tdone), 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("FATAL: `thread_done' function failed: tdone.lua:3: boom\n");
    expect(r.stdout).toMatch(/total number of events:\s+5\n/);
  });

  it('done: the report, then FATAL, exit 0', () => {
    const r = run(['--events=5', script('done.lua', done), 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/total number of events:\s+5\n[\s\S]*FATAL: `done' function failed: done.lua:3: boomdone\n$/);
  });

  it.skipIf(!hasReference)(`exit codes equal ${REFERENCE}'s`, () => {
    for (const [name, args] of [['tdone.lua', []], ['done.lua', []], ['exit3.lua', []], ['exit4.lua', ['prepare']]] as const) {
      const a = ['--events=5', name, ...(args.length ? args : ['run'])];
      expect(run(a).code, name).toBe(run(a, REFERENCE).code);
    }
  });
});

describe('error texts', () => {
  it("sysbench.rand.uniform('a', 2) names the caller's line", () => {
    const r = run(['--events=1', script('randa.lua', ['function event()', '  local x = sysbench.rand.uniform("a", 2)', 'end']), 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("FATAL: `thread_run' function failed: randa.lua:2: bad argument #1 to 'uniform' (cannot convert 'string' to 'unsigned int')\n");
  });

  it('--mysql-port=99999 is a connection failure in sysbench\'s words, not "(not a string)"', () => {
    const r = run(['--mysql-host=127.0.0.1', '--mysql-port=99999', 'oltp_read_only', 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("FATAL: unable to connect to MySQL server on host '127.0.0.1', port 99999, aborting...\n");
    expect(r.stdout).not.toContain('(not a string)');
  });
});
