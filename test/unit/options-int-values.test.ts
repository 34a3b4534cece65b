// int options: strtol base 10 over the whole text, within int range; the error message and
// stream match error_bad_value.txt. Names in messages use the stored '_' spelling.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createDefaultRegistry } from '../../src/options/parser.js';
import { OptionError } from '../../src/options/types.js';
import { parseSbInt } from '../../src/options/values.js';

it('parses like strtol with a full-match and range check', () => {
  expect(parseSbInt('42')).toBe(42);
  expect(parseSbInt(' 2')).toBe(2);
  expect(parseSbInt('+7')).toBe(7);
  expect(parseSbInt('-3')).toBe(-3);
  expect(parseSbInt('')).toBe(0);
  expect(parseSbInt('2147483647')).toBe(2147483647);
  expect(parseSbInt('-2147483648')).toBe(-2147483648);
  for (const bad of ['abc', '2 ', '0x10', '1.5', '2147483648', '99999999999', '-', ' ', '1e3']) {
    expect(parseSbInt(bad), bad).toBeNull();
  }
});

it('reports an invalid value exactly as error_bad_value.txt', () => {
  const ref = readFileSync(new URL('../fixtures/reference/error_bad_value.txt', import.meta.url), 'utf8').split('\n')[1] + '\n';
  const reg = createDefaultRegistry();
  reg.set('threads', 'abc', 'int');
  let err: unknown;
  try {
    reg.getInt('threads');
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(OptionError);
  const e = err as OptionError;
  expect(e.output).toEqual({ stream: 'stderr', text: ref });
  expect(e.exitCode).toBe(1);
});

it('names the option by its stored underscore spelling', () => {
  const reg = createDefaultRegistry();
  reg.set('report-interval', 'x', 'int');
  expect(() => reg.getInt('report-interval')).toThrowError("Invalid value for the 'report_interval' option: 'x'");
});

it('reads an option without a value, or an unknown option, as 0', () => {
  const reg = createDefaultRegistry();
  reg.set('threads', null, 'int');
  expect(reg.getInt('threads')).toBe(0);
  expect(reg.getInt('no-such-thing')).toBe(0);
});
