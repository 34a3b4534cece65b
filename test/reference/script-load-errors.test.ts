// Scripts that exist but cannot run: empty (/dev/null, an empty file), no event(), a
// directory, trailing slashes. Messages, streams and exit codes as sysbench 1.0.20's: pinned
// in test/fixtures/script-load/expected.json (taken from the reference binary) and compared
// with the reference when it is installed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, ROOT, sysbench } from '../helpers/sysbench.js';

const DIR = join(ROOT, 'test', 'fixtures', 'script-load');
interface Case { args: string[]; code: number; stdout: string; stderr: string }
const CASES: Case[] = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8'));

function outcome(args: string[], bin?: string): Case {
  const r = sysbench(args, { bin, cwd: DIR });
  return { args, code: r.code, stdout: r.stdout, stderr: r.stderr };
}

describe('scripts that cannot run', () => {
  it.each(CASES.map((c) => [c.args.join(' '), c] as const))('sysbench %s', (_name, expected) => {
    expect(outcome(expected.args)).toEqual(expected);
  });

  it.skipIf(!hasReference)('the same as the reference binary', () => {
    for (const c of CASES) expect(outcome(c.args)).toEqual(outcome(c.args, REFERENCE));
  });
});
