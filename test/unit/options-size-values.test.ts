// size options: leading digits, optional K/M/G/T (any case, rest ignored), unsigned 64-bit;
// an unknown suffix or no leading digit gives 0, never an error.
import { expect, it } from 'vitest';
import { OptionRegistry } from '../../src/options/registry.js';
import { parseSbSize } from '../../src/options/values.js';

it('applies the binary multipliers', () => {
  expect(parseSbSize('64K')).toBe(65536n);
  expect(parseSbSize('1m')).toBe(1048576n);
  expect(parseSbSize('2G')).toBe(2147483648n);
  expect(parseSbSize('1T')).toBe(1099511627776n);
  expect(parseSbSize('100')).toBe(100n);
  expect(parseSbSize('1Kb')).toBe(1024n);
});

it('gives 0 for unknown suffixes and missing digits', () => {
  for (const s of ['3x', '1.5G', 'K', '', '-5', ' 5']) expect(parseSbSize(s), s).toBe(0n);
});

it('wraps at 2^64 like unsigned long long', () => {
  expect(parseSbSize('18446744073709551616')).toBe(0n);
  expect(parseSbSize('16777216T')).toBe(0n);
});

it('is read through getSize/getSizeBig', () => {
  const reg = new OptionRegistry();
  reg.set('memory-block-size', '2k', 'size');
  expect(reg.getSize('memory-block-size')).toBe(2048);
  expect(reg.getSizeBig('memory-block-size')).toBe(2048n);
});
