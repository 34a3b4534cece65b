// formatGeneralHelp() must reproduce `sysbench --help` (help.txt) byte for byte.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatGeneralHelp } from '../../src/options/help.js';
import { EXTENSION_OPTIONS, SYSBENCH_11_OPTIONS } from '../../src/options/defs/extensions.js';

const REF = new URL('../fixtures/reference/help.txt', import.meta.url);

function transcriptBody(path: URL): string {
  const text = readFileSync(path, 'utf8');
  expect(text.startsWith('$ ')).toBe(true);
  return text.slice(text.indexOf('\n') + 1);
}

describe('formatGeneralHelp', () => {
  it('is byte-identical to sysbench --help', () => {
    expect(formatGeneralHelp()).toBe(transcriptBody(REF));
  });

  it('never lists extension or sysbench 1.1 options', () => {
    const help = formatGeneralHelp();
    for (const def of [...EXTENSION_OPTIONS, ...SYSBENCH_11_OPTIONS]) {
      expect(help).not.toContain(`--${def.name}`);
    }
  });

  it('lists only the drivers and tests it is given', () => {
    const help = formatGeneralHelp({
      drivers: [{ info: { sname: 'mysql', lname: 'MySQL driver' }, options: [] }],
      tests: [{ sname: 'cpu', lname: 'CPU performance test', options: [] }],
    });
    expect(help).toContain('Compiled-in database drivers:\n  mysql - MySQL driver\n\nmysql options:\n\nCompiled-in tests:\n  cpu - CPU performance test\n\n');
    expect(help).not.toContain('pgsql');
  });
});
