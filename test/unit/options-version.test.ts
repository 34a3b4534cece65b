// --version prints "sysbench 1.0.20"; the header every command prints first.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { formatHeader, formatVersion } from '../../src/options/help.js';

const body = (f: string): string => {
  const t = readFileSync(new URL(`../fixtures/reference/${f}`, import.meta.url), 'utf8');
  return t.slice(t.indexOf('\n') + 1);
};

it('matches version.txt', () => {
  expect(formatVersion()).toBe(body('version.txt'));
});

it('matches the header of the transcripts', () => {
  expect(body('error_bad_option.txt').startsWith(formatHeader())).toBe(true);
  expect(formatHeader()).toBe('sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\n');
});
