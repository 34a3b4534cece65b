// os.execute as LuaJIT 2.1 has it (sysbench's Lua): system()'s status as a number (0, 768 for
// `exit 3`, the signal's number for a killed shell, 1 without a command), in the main state and
// in the threads' states alike, with the command's output in line with what the script printed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-os-execute-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const STATUS = join(DIR, 'status.lua');
writeFileSync(STATUS, [
  'function thread_init() print("init", os.execute("exit 3"), os.execute(), os.execute("kill -9 $$")) end',
  'function event()',
  '  print("before")',
  '  print("status", os.execute("echo from-shell; echo to-stderr >&2"))',
  '  print("after")',
  'end',
].join('\n') + '\n');

const run = (bin?: string, threads = 2) =>
  sysbench([STATUS, `--threads=${threads}`, '--events=1', 'run'], { cwd: DIR, bin, timeoutMs: 60_000 });

/** the lines the script and its commands wrote, in order */
const scriptLines = (stdout: string) => stdout.split('\n').filter((l) => /^(init|before|from-shell|status|after)\b/.test(l));

describe('os.execute', () => {
  it('returns the wait status, on worker threads too, and keeps the output in order', () => {
    const r = run();
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('to-stderr\n');
    expect(scriptLines(r.stdout)).toEqual([
      'init\t768\t1\t9', 'init\t768\t1\t9',
      'before', 'from-shell', 'status\t0', 'after',
    ]);
  });

  // One thread: the reference's threads print through C stdio, one write per argument, so two
  // threads' `init` lines can interleave within a line ("init\tinit768\t768...").
  it.skipIf(!hasReference)(`returns what ${REFERENCE} returns`, () => {
    const ours = scriptLines(run(undefined, 1).stdout).filter((l) => l.startsWith('init') || l.startsWith('status'));
    const ref = scriptLines(run(REFERENCE, 1).stdout).filter((l) => l.startsWith('init') || l.startsWith('status'));
    expect(ours).toEqual(ref);
  });
});
