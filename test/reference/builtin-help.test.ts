// `sysbench <test> help` and the command dispatch of the built-in tests, end to end.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

const TESTS = ['fileio', 'cpu', 'memory', 'threads', 'mutex'];

/** builtin_help.txt, split per command */
function transcript(): Map<string, string> {
  const text = readFileSync(new URL('../fixtures/reference/builtin_help.txt', import.meta.url), 'utf8');
  const out = new Map<string, string>();
  for (const part of text.split(/^\$ /m).filter(Boolean)) {
    const nl = part.indexOf('\n');
    out.set(/^sysbench (\w+) help$/.exec(part.slice(0, nl))![1], part.slice(nl + 1));
  }
  return out;
}

describe('built-in test help', () => {
  const ref = transcript();
  for (const t of TESTS) {
    it(`${t} help prints the transcript's option list`, () => {
      const r = sysbench([t, 'help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(ref.get(t));
      expect(r.stderr).toBe('');
    });
  }

  it('parses the test options before the command: a bad option fails even for help', () => {
    const r = sysbench(['cpu', '--no-such-option=1', 'help']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('invalid option: --no-such-option=1\n');
  });
});

describe('built-in test commands', () => {
  for (const t of ['cpu', 'memory', 'threads', 'mutex']) {
    it(`${t} has no prepare or cleanup`, () => {
      for (const cmd of ['prepare', 'cleanup']) {
        const r = sysbench([t, cmd]);
        expect(r.code).toBe(1);
        expect(r.stderr).toBe(`'${t}' test does not implement the '${cmd}' command.\n`);
      }
    });
  }

  it('an unknown command', () => {
    const r = sysbench(['cpu', 'bogus']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('Unknown command: bogus\n');
  });

  it('a command is required', () => {
    const r = sysbench(['threads']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("The 'threads' test requires a command argument. See 'sysbench threads help'\n");
  });

  it('an int option with a bad value', () => {
    const r = sysbench(['cpu', '--cpu-max-prime=abc', 'run']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("Invalid value for the 'cpu_max_prime' option: 'abc'\n");
  });
});

describe.skipIf(!hasReference)(`help and errors equal ${REFERENCE}'s`, () => {
  const cases = [
    ...TESTS.map((t) => [t, 'help']),
    ['memory', 'prepare'], ['fileio', 'bogus'], ['mutex', '--mutex-num=x', 'run'], ['threads', '--foo', 'help'],
  ];
  for (const args of cases) {
    it(args.join(' '), () => {
      const ours = sysbench(args);
      const ref = sysbench(args, { bin: REFERENCE });
      expect(ours).toEqual(ref);
    });
  }
});
