// main()'s decisions: help beats version beats everything; stdin scripts; builtin tests need
// a command; command dispatch messages.
import { expect, it } from 'vitest';
import { formatGeneralHelp } from '../../src/options/help.js';
import { classifyTest, commandOutcome, earlyExit, scriptShortName } from '../../src/options/invocation.js';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';

function early(argv: string[]) {
  const reg = createDefaultRegistry();
  parseGeneralArguments(argv, reg);
  return earlyExit(reg);
}

it('prints help for --help in any valid spelling, before version', () => {
  expect(early(['cpu', 'run', '--help'])?.stdout).toBe(formatGeneralHelp());
  expect(early(['--version', '--help=1'])?.kind).toBe('help');
  expect(early(['--help=true', '--threads=abc'])?.kind).toBe('help');
  expect(early(['--help=ON'])).toBeNull();
  expect(early(['--version'])).toEqual({ kind: 'version', stdout: 'sysbench 1.0.20\n', exitCode: 0 });
  expect(early(['--version=yes'])).toBeNull();
});

it('reads stdin without a test name or with "-" (ignoring the command)', () => {
  expect(classifyTest({ testname: null, cmdname: null }).kind).toBe('stdin');
  const c = classifyTest({ testname: '-', cmdname: 'prepare' });
  expect(c.kind === 'stdin' && c.ttyNotice.text).toBe('Reading the script from the standard input:\n\n');
});

it('requires a command for built-in tests', () => {
  const c = classifyTest({ testname: 'cpu', cmdname: null });
  expect(c.kind === 'error' && c.error.output).toEqual({
    stream: 'stderr',
    text: "The 'cpu' test requires a command argument. See 'sysbench cpu help'\n",
  });
  expect(classifyTest({ testname: 'oltp_read_write', cmdname: null })).toEqual({
    kind: 'script',
    path: 'oltp_read_write',
    cmdname: null,
  });
});

it('dispatches commands with sysbench\'s messages', () => {
  const text = (o: ReturnType<typeof commandOutcome>) => (o.kind === 'error' ? o.error.output.text : o.kind);
  expect(text(commandOutcome('cpu', 'help', { hasOptions: true }))).toBe('print-options');
  expect(text(commandOutcome('x.lua', 'help', { hasOptions: false }))).toBe(
    "'x.lua' test does not implement the 'help' command.\n",
  );
  expect(text(commandOutcome('x.lua', 'prepare', { hasOptions: true }))).toBe(
    "'x.lua' test does not implement the 'prepare' command.\n",
  );
  expect(text(commandOutcome('cpu', 'bogus', { hasOptions: true }))).toBe('Unknown command: bogus\n');
  expect(text(commandOutcome('x.lua', 'bogus', { hasOptions: false, customCommand: true }))).toBe('custom');
  expect(text(commandOutcome('x.lua', 'help', { hasOptions: true, help: true }))).toBe('help-function');
});

it('names scripts by basename', () => {
  expect(scriptShortName('/usr/share/sysbench/oltp_read_write.lua')).toBe('oltp_read_write.lua');
  expect(scriptShortName('oltp_read_write')).toBe('oltp_read_write');
  expect(scriptShortName('dir/x.lua/')).toBe('x.lua');
});
