// Booleans: --name alone or =on|true|1 -> on, =off|false|0 -> off; anything else (yes, no,
// ON, empty) is rejected and leaves the option off.
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseOptionWord } from '../../src/options/parser.js';

it('accepts exactly the 1.0.20 spellings', () => {
  const cases: [string, boolean][] = [
    ['histogram', true],
    ['histogram=on', true],
    ['histogram=true', true],
    ['histogram=1', true],
    ['histogram=off', false],
    ['histogram=false', false],
    ['histogram=0', false],
  ];
  for (const [word, on] of cases) {
    const reg = createDefaultRegistry();
    expect(parseOptionWord(reg, word, false), word).toBe(true);
    expect(reg.getFlag('histogram'), word).toBe(on);
  }
});

it('rejects other spellings and leaves the option off', () => {
  for (const v of ['yes', 'no', 'ON', 'True', '', '2', ' on']) {
    const reg = createDefaultRegistry();
    reg.set('histogram', 'on', 'bool');
    expect(parseOptionWord(reg, `histogram=${v}`, false), v).toBe(false);
    expect(reg.getFlag('histogram'), v).toBe(false);
  }
});
