// Bad command lines, table-driven: each one fails (or is refused) as /usr/bin/sysbench does it,
// same exit code and same first error line, where the reference behaves sanely; where it hangs,
// crashes or runs forever, ours stops at once with a clear message (the `ours` cases). No case
// may hang, print a JS stack trace or a Node warning.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, hasReference, REFERENCE } from '../helpers/sysbench.js';

interface Case {
  args: string[];
  /** the reference misbehaves here: what ours does instead */
  ours?: { code: number; line: RegExp; why: string };
}

const DIR = mkdtempSync(join(tmpdir(), 'sbts-bad-input-'));
writeFileSync(join(DIR, 'empty.lua'), 'function event() end\n');
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const T = '--time=1';
const CASES: Case[] = [
  // thread counts and sizes
  { args: ['--threads=-1', 'cpu', 'run'] },
  { args: ['--threads=0', 'cpu', 'run'] },
  { args: ['--threads=abc', 'cpu', 'run'] },
  { args: ['--threads=2147483648', 'cpu', 'run'] },
  { args: ['--num-threads=-1', 'cpu', 'run'] },
  { args: ['--threads=100000000', 'cpu', 'run'], ours: { code: 1, line: /^FATAL: Memory allocation failure\.$/, why: 'the reference hangs' } },
  { args: ['--threads=100000', T, 'empty.lua', 'run'], ours: { code: 1, line: /^FATAL: 100000 threads do not fit in memory/, why: 'the reference cannot create the threads after minutes' } },
  { args: ['--thread-stack-size=100G', 'cpu', 'run'] },
  { args: ['--thread-stack-size=abc', 'cpu', 'run'] },
  { args: ['--cpu-max-prime=-1', 'cpu', 'run'] },
  { args: ['--cpu-max-prime=abc', 'cpu', 'run'] },
  { args: ['--memory-block-size=-1', 'memory', 'run'] },
  { args: ['--memory-block-size=0', 'memory', 'run'] },
  { args: ['--memory-block-size=100G', 'memory', 'run'] },
  { args: ['--memory-total-size=abc', 'memory', 'run'] },
  { args: ['--mutex-num=-1', 'mutex', 'run'] },
  { args: ['--mutex-num=2000000000', 'mutex', 'run'] },
  { args: ['--thread-locks=-1', 'threads', 'run'] },
  { args: ['--file-num=0', 'fileio', 'run'] },
  { args: ['--file-block-size=0', '--file-test-mode=seqwr', 'fileio', 'run'] },
  { args: ['--file-total-size=abc', 'fileio', 'prepare'] },
  // numbers and durations
  { args: ['--events=abc', 'cpu', 'run'] },
  { args: ['--max-requests=abc', 'cpu', 'run'] },
  { args: ['--time=abc', 'cpu', 'run'] },
  { args: ['--time=-5', 'cpu', 'run'], ours: { code: 1, line: /^FATAL: Invalid value for --time: -5 \(0 means no time limit\)$/, why: 'the reference runs forever' } },
  { args: ['--rate=abc', 'cpu', 'run'] },
  { args: ['--report-interval=abc', 'cpu', 'run'] },
  { args: ['--rand-seed=abc', 'cpu', 'run'] },
  { args: ['--forced-shutdown=x', T, 'cpu', 'run'] },
  { args: ['--forced-shutdown=5x', T, 'cpu', 'run'] },
  { args: ['--forced-shutdown=-1', '--time=2', 'cpu', 'run'], ours: { code: 2, line: /^FATAL: The --max-time limit has expired, forcing shutdown\.\.\.$/, why: 'the reference forces the shutdown at 1 s too, then segfaults' } },
  { args: ['--report-checkpoints=abc', 'cpu', 'run'] },
  { args: ['--report-checkpoints=-1', 'cpu', 'run'] },
  { args: ['--report-checkpoints=3000000000', 'cpu', 'run'] },
  { args: ['--percentile=101', 'cpu', 'run'] },
  { args: ['--percentile=-1', 'cpu', 'run'] },
  { args: ['--histogram', '--percentile=0', 'cpu', 'run'] },
  { args: ['--verbosity=6', 'cpu', 'run'] },
  // enumerations
  { args: ['--rand-type=bogus', 'cpu', 'run'] },
  { args: ['--memory-oper=bogus', 'memory', 'run'] },
  { args: ['--memory-access-mode=bogus', 'memory', 'run'] },
  { args: ['--memory-scope=bogus', 'memory', 'run'] },
  { args: ['--file-test-mode=bogus', 'fileio', 'run'] },
  { args: ['--file-io-mode=bogus', '--file-test-mode=seqwr', 'fileio', 'run'] },
  { args: ['--file-fsync-mode=bogus', '--file-test-mode=seqwr', 'fileio', 'run'] },
  { args: ['--db-ps-mode=bogus', 'oltp_read_only', 'run'] },
  { args: ['--db-driver=foo', 'oltp_read_only', 'run'] },
  { args: ['--db-driver=foo', 'oltp_read_only', 'prepare'] },
  // options, tests, commands
  { args: ['--no-such-option=1', 'cpu', 'run'] },
  { args: ['--my-password=hunter2', 'cpu', 'run'], ours: { code: 1, line: /^invalid option: --my-password=\*\*\*$/, why: 'the reference echoes the password' } },
  { args: ['--no-such-option=1', 'oltp_read_only', 'run'] },
  { args: ['--config-file=/nonexistent/sbts.cfg', T, 'cpu', 'run'] },
  { args: ['nosuchtest', 'run'] },
  { args: ['/nonexistent/x.lua', 'run'] },
  { args: ['cpu', 'bogus'] },
  { args: ['cpu'] },
  { args: ['--test=cpu'] },
  { args: ['cpu', 'prepare'] },
  { args: ['empty.lua', 'prepare'] },
  { args: ['empty.lua', 'bogus'] },
  // servers that are not there
  { args: ['--mysql-port=99999', '--mysql-host=127.0.0.1', 'oltp_read_only', 'run'] },
  { args: ['--mysql-socket=/nonexistent/mysqld.sock', 'oltp_read_only', 'run'] },
  { args: ['--mysql-host=nonexistent.invalid', 'oltp_read_only', 'run'] },
];

interface Outcome { code: number | null; out: string; timedOut: boolean }

function run(bin: string, args: string[], timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const p = spawn(bin, args, { cwd: DIR, env: { ...process.env, LC_ALL: 'C' } });
    let out = '';
    let timedOut = false;
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { out += d; });
    const timer = setTimeout(() => { timedOut = true; p.kill('SIGKILL'); }, timeoutMs);
    p.on('close', (code) => { clearTimeout(timer); resolve({ code, out, timedOut }); });
  });
}

const ERROR_LINE = /FATAL|ALERT|[Ii]nvalid|[Uu]nknown|Unrecognized|not implement|requires a command|[Cc]an(not|'t)|No such file|failed|[Ee]rror/;

function firstErrorLine(out: string): string | undefined {
  return out.split('\n').find((l) => ERROR_LINE.test(l));
}

describe('bad command lines', () => {
  it.concurrent.each(CASES.map((c) => [c.args.join(' '), c] as const))('%s', async (_name, c) => {
    const ours = await run(BIN, c.args, 60_000);
    expect(ours.timedOut, 'ours must not hang').toBe(false);
    expect(ours.out).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(ours.out).not.toMatch(/internal error|\(node:\d+\)|Warning: /);
    if (c.ours) {
      expect(ours.code).toBe(c.ours.code);
      expect(firstErrorLine(ours.out)).toMatch(c.ours.line);
      return;
    }
    if (!hasReference) return;
    const ref = await run(REFERENCE, c.args, 20_000);
    expect(ref.timedOut, `${REFERENCE} hangs: mark the case as ours`).toBe(false);
    expect({ code: ours.code, line: firstErrorLine(ours.out) }).toEqual({ code: ref.code, line: firstErrorLine(ref.out) });
  });
});

