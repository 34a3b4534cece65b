// Tests that declare options reject anything else in the second pass:
// "invalid option: WORD" on stderr, exit 1 (error_bad_option.txt).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';
import { declareScriptOptions, validateAgainstScript } from '../../src/options/script-options.js';

const DECLS = declareScriptOptions({ table_size: ['Number of rows per table', 10000], tables: ['Number of tables', 1] });

it('matches error_bad_option.txt', () => {
  const lines = readFileSync(new URL('../fixtures/reference/error_bad_option.txt', import.meta.url), 'utf8').split('\n');
  const argv = lines[0].slice('$ sysbench '.length).split(' ');
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(argv, reg);
  expect(p.error).toBeNull();
  expect([p.testname, p.cmdname]).toEqual(['oltp_point_select', 'run']);
  const t = validateAgainstScript(p.remaining, reg, DECLS);
  expect(t.error?.output).toEqual({ stream: 'stderr', text: lines[3] + '\n' });
  expect(t.error?.exitCode).toBe(1);
});

it('rejects bad values of known options and a bare "--"', () => {
  for (const [word, text] of [
    ['--debug=yes', 'invalid option: --debug=yes\n'],
    ['--', 'invalid option: --\n'],
    ['--tables', null],
  ] as const) {
    const reg = createDefaultRegistry();
    const p = parseGeneralArguments(['x.lua', word, 'run'], reg);
    expect(validateAgainstScript(p.remaining, reg, DECLS).error?.output.text ?? null, word).toBe(text);
  }
});

it('is strict for an empty declaration table too', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['x.lua', '--table-size=5', 'run'], reg);
  expect(validateAgainstScript(p.remaining, reg, []).error?.output.text).toBe('invalid option: --table-size=5\n');
});

it('accepts declared options with either separator', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['x.lua', '--table-size=5', 'run'], reg);
  expect(validateAgainstScript(p.remaining, reg, DECLS).error).toBeNull();
  expect(reg.getDouble('table_size')).toBe(5);
});
