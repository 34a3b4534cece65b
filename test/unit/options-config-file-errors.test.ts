// Config file failures: an unopenable file prints perror() on stderr and parsing goes on;
// an unterminated quote prints "unexpected EOL on line N" and stops reading the file.
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';

it('reports a missing file like perror and continues', () => {
  const reg = createDefaultRegistry({
    readFile: () => {
      throw Object.assign(new Error('x'), { code: 'ENOENT' });
    },
  });
  const p = parseGeneralArguments(['cpu', '--config-file=nonexist', '--time=1', 'run'], reg);
  expect(p.error).toBeNull();
  expect(p.messages).toEqual([{ stream: 'stderr', text: 'nonexist: No such file or directory\n' }]);
  expect(reg.getInt('time')).toBe(1);
});

it('stops at an unterminated quote, keeping what was read', () => {
  const reg = createDefaultRegistry({ readFile: () => "events=7\nthreads=1,'2\ntime=1\n" });
  const p = parseGeneralArguments(['--config-file=c4'], reg);
  expect(p.messages).toEqual([{ stream: 'stderr', text: 'unexpected EOL on line 2\n' }]);
  expect(reg.getInt('events')).toBe(7);
  expect(reg.getList('threads')).toEqual(['1']);
  expect(reg.getInt('time')).toBe(10);
});

it('reads nothing and says nothing for a directory', () => {
  const reg = createDefaultRegistry({
    readFile: () => {
      throw Object.assign(new Error('x'), { code: 'EISDIR' });
    },
  });
  expect(parseGeneralArguments(['--config-file=/tmp'], reg).messages).toEqual([]);
});

it('an option known only from a config file cannot be set on the command line', () => {
  const reg = createDefaultRegistry({ readFile: () => 'foo=1\n' });
  const p = parseGeneralArguments(['--config-file=c6', '--foo=2', 'x.lua'], reg);
  // sysbench prints this (without newline) on stdout and keeps the word
  expect(p.messages).toEqual([{ stream: 'stdout', text: 'Unknown argument type: 0' }]);
  expect(p.remaining).toContain('--foo=2');
});
