// --test=NAME (deprecated): stderr warning, sets the test name at its position in argv
// (an empty value unsets it), and stays for the second pass. "--test NAME" is not it.
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments, parseTestArguments } from '../../src/options/parser.js';
import { CPU_OPTIONS } from '../../src/options/defs/builtin.js';

const WARNING =
  'WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.\n';

it('warns on stderr and sets the test name (legacy_oltp_run.txt)', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['--test=lua/oltp.lua', '--max-requests=0', 'run'], reg);
  expect(p.messages).toEqual([{ stream: 'stderr', text: WARNING }]);
  expect([p.testname, p.cmdname]).toEqual(['lua/oltp.lua', 'run']);
  expect(p.remaining[0]).toBe('--test=lua/oltp.lua');
});

it('overrides an earlier positional; the next word becomes the command', () => {
  const p = parseGeneralArguments(['mytest', '--test=cpu', 'help'], createDefaultRegistry());
  expect([p.testname, p.cmdname]).toEqual(['cpu', 'help']);
});

it('with an empty value unsets the test name', () => {
  const p = parseGeneralArguments(['cpu', '--test=', 'run'], createDefaultRegistry());
  expect([p.testname, p.cmdname]).toEqual(['run', null]);
});

it('is accepted in the second pass, even by tests with declared options', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['--test=cpu', 'help'], reg);
  expect(parseTestArguments(p.remaining, reg, CPU_OPTIONS).error).toBeNull();
});

it('"--test cpu" is an unknown option --test', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['--test', 'cpu', 'help'], reg);
  expect(p.messages).toEqual([]);
  expect([p.testname, p.cmdname]).toEqual(['cpu', 'help']);
  expect(parseTestArguments(p.remaining, reg, CPU_OPTIONS).error?.output.text).toBe('invalid option: --test\n');
});
