// '-' and '_' are interchangeable in option names; names are otherwise case-sensitive.
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../src/options/parser.js';
import { sameOptionName, storedOptionName } from '../src/options/registry.js';

it('matches names with either separator', () => {
  expect(sameOptionName('report_interval', 'report-interval')).toBe(true);
  expect(sameOptionName('a-b_c', 'a_b-c')).toBe(true);
  expect(sameOptionName('Threads', 'threads')).toBe(false);
  expect(sameOptionName('thread', 'threads')).toBe(false);
  expect(storedOptionName('dash-opt')).toBe('dash_opt');
});

it('consumes --report_interval as the known option', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['--report_interval=3', '--Threads=2', 'cpu', 'run'], reg);
  expect(reg.getInt('report-interval')).toBe(3);
  expect(p.remaining).toEqual([null, '--Threads=2', 'cpu', 'run']);
});
