// double options: strtod of the LAST value (prefix parse, never an error).
import { expect, it } from 'vitest';
import { OptionRegistry } from '../../src/options/registry.js';
import { strtodPrefix } from '../../src/options/values.js';

it('parses the longest numeric prefix', () => {
  expect(strtodPrefix('0.2')).toBe(0.2);
  expect(strtodPrefix(' 1.5x')).toBe(1.5);
  expect(strtodPrefix('abc')).toBe(0);
  expect(strtodPrefix('1e3')).toBe(1000);
  expect(strtodPrefix('1e')).toBe(1);
  expect(strtodPrefix('.5')).toBe(0.5);
  expect(strtodPrefix('5.')).toBe(5);
  expect(strtodPrefix('-inf')).toBe(-Infinity);
  expect(strtodPrefix('nan')).toBeNaN();
  expect(strtodPrefix('0x10')).toBe(16);
  expect(strtodPrefix('0x1p3')).toBe(8);
});

it('reads the last of several values (config files can store several)', () => {
  const reg = new OptionRegistry();
  reg.set('rand-pareto-h', '0.2', 'double');
  reg.applyConfigText('rand-pareto-h=0.1,0.3\n');
  expect(reg.getDouble('rand-pareto-h')).toBe(0.3);
});
