// First non-option word is the test name, the second the command, a third is an error;
// options may come anywhere; "-x" and "-" are words, not options.
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';

it('takes test name and command from the first two words, options anywhere', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['--threads=2', 'cpu', '--time=1', 'run', '--events=5'], reg);
  expect(p.error).toBeNull();
  expect([p.testname, p.cmdname]).toEqual(['cpu', 'run']);
  expect(reg.getInt('threads')).toBe(2);
  expect(reg.getInt('events')).toBe(5);
  expect(p.remaining).toEqual([null, 'cpu', null, 'run', null]);
});

it('rejects a third word with the exact message, on stderr', () => {
  const p = parseGeneralArguments(['cpu', 'help', 'extra', '--threads=3'], createDefaultRegistry());
  expect(p.error?.output).toEqual({ stream: 'stderr', text: 'Unrecognized command line argument: extra\n' });
  expect(p.error?.exitCode).toBe(1);
});

it('treats single-dash words as positionals', () => {
  const p = parseGeneralArguments(['-', '-v'], createDefaultRegistry());
  expect([p.testname, p.cmdname]).toEqual(['-', '-v']);
});

it('keeps unknown options and rejected values for the second pass, silently', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['--unknown', '--debug=yes', '--', 'x.lua'], reg);
  expect(p.error).toBeNull();
  expect(p.messages).toEqual([]);
  expect(p.remaining).toEqual(['--unknown', '--debug=yes', '--', 'x.lua']);
  expect(reg.getFlag('debug')).toBe(false);
});

it('does not validate values in the first pass', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['--threads=abc', '--help'], reg);
  expect(p.error).toBeNull();
  expect(reg.getFlag('help')).toBe(true);
});
