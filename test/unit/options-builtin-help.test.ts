// `sysbench <builtin> help` option lists (builtin_help.txt), in definition order (no sorting).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { BUILTIN_TESTS } from '../../src/options/defs/builtin.js';
import { formatHeader, formatTestHelp } from '../../src/options/help.js';

function sections(): Map<string, string> {
  const text = readFileSync(new URL('../fixtures/reference/builtin_help.txt', import.meta.url), 'utf8');
  const out = new Map<string, string>();
  for (const part of text.split(/^\$ /m).filter(Boolean)) {
    const nl = part.indexOf('\n');
    const name = /^sysbench (\w+) help$/.exec(part.slice(0, nl))![1];
    out.set(name, part.slice(nl + 1));
  }
  return out;
}

it('matches every built-in test help in builtin_help.txt', () => {
  const ref = sections();
  expect([...ref.keys()].sort()).toEqual(BUILTIN_TESTS.map((t) => t.sname).sort());
  for (const t of BUILTIN_TESTS) {
    expect(formatHeader() + formatTestHelp(t.sname, t.options), t.sname).toBe(ref.get(t.sname));
  }
});
