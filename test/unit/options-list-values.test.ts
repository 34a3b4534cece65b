// list options: comma-separated, empty pieces dropped (strtok); an empty value is no value.
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseOptionWord } from '../../src/options/parser.js';

it('splits on commas and drops empty pieces', () => {
  const reg = createDefaultRegistry();
  expect(parseOptionWord(reg, 'mysql-host=a,,b,', false)).toBe(true);
  expect(reg.getList('mysql-host')).toEqual(['a', 'b']);
  expect(reg.getString('mysql-host')).toBe('a');
});

it('has the defaults split too, and an empty value clears it', () => {
  const reg = createDefaultRegistry();
  expect(reg.getList('mysql-ignore-errors')).toEqual(['1213', '1020', '1205']);
  expect(reg.getList('mysql-socket')).toEqual([]);
  parseOptionWord(reg, 'mysql-ignore-errors=', false);
  expect(reg.getList('mysql-ignore-errors')).toEqual([]);
});
