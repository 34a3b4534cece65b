// '-' and '_' are interchangeable in option names; names are otherwise case-sensitive.
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';
import { OptionRegistry, storedOptionName } from '../../src/options/registry.js';

it('matches names with either separator', () => {
  const reg = new OptionRegistry();
  reg.set('a-b_c', '1', 'string');
  expect(reg.find('a_b-c')?.name).toBe('a_b_c');
  expect(reg.find('a-b-c')).toBe(reg.find('a_b_c'));
  reg.set('threads', '2', 'int');
  expect(reg.find('Threads')).toBeUndefined();
  expect(reg.find('thread')).toBeUndefined();
  expect(reg.options().length).toBe(2);
  expect(storedOptionName('dash-opt')).toBe('dash_opt');
  expect(storedOptionName('plain')).toBe('plain');
});

it('consumes --report_interval as the known option', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['--report_interval=3', '--Threads=2', 'cpu', 'run'], reg);
  expect(reg.getInt('report-interval')).toBe(3);
  expect(p.remaining).toEqual([null, '--Threads=2', 'cpu', 'run']);
});
