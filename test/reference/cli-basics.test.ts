// The CLI surface that needs no database: version, general help, a script's help, and
// sysbench's messages for unknown tests and commands.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

/** A reference transcript without its first line (the command). */
function transcript(name: string): string {
  return readFileSync(new URL(`../fixtures/reference/${name}`, import.meta.url), 'utf8').split('\n').slice(1).join('\n');
}

describe('version and help', () => {
  it('--version prints sysbench 1.0.20', () => {
    const r = sysbench(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('sysbench 1.0.20\n');
  });

  it('--help is byte-identical to the reference transcript', () => {
    const r = sysbench(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(transcript('help.txt'));
  });

  it('a script help lists its options as the reference does', () => {
    const r = sysbench(['oltp_read_write', 'help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(transcript('oltp_help.txt'));
  });

  it('an unknown test gives sysbench\'s FATAL line and exit 1', () => {
    const r = sysbench(['nosuchscript', 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(transcript('error_no_script.txt'));
  });
});

describe.skipIf(!hasReference)('same as the reference binary', () => {
  for (const args of [
    ['oltp_point_select', 'nosuchcommand'],
    ['oltp_point_select'],
    ['oltp_point_select', 'run', 'extra'],
    ['--threads=abc', 'oltp_point_select', 'run'],
    ['bulk_insert', 'help'],
    ['select_random_ranges', 'help'],
  ]) {
    it(`sysbench ${args.join(' ')}`, () => {
      const ours = sysbench(args);
      const ref = sysbench(args, { bin: REFERENCE });
      expect({ code: ours.code, stdout: ours.stdout, stderr: ours.stderr }).toEqual({ code: ref.code, stdout: ref.stdout, stderr: ref.stderr });
    });
  }
});
