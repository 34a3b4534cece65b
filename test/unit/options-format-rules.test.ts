// sb_print_options layout rules: placeholders per type, one common column, [default] only
// when a default exists (an empty default prints "[]"), a trailing blank line, given order.
import { expect, it } from 'vitest';
import { formatOptions, optionFormat } from '../../src/options/help.js';
import { ArgType } from '../../src/options/types.js';

it('uses the type placeholders', () => {
  expect(optionFormat(ArgType.BOOL)).toBe('[=on|off]');
  expect(optionFormat(ArgType.INT)).toBe('=N');
  expect(optionFormat(ArgType.DOUBLE)).toBe('=N');
  expect(optionFormat(ArgType.SIZE)).toBe('=SIZE');
  expect(optionFormat(ArgType.STRING)).toBe('=STRING');
  expect(optionFormat(ArgType.LIST)).toBe('=[LIST,...]');
  expect(optionFormat(ArgType.FILE)).toBe('=FILENAME');
  expect(optionFormat(ArgType.MAX)).toBe('=UNKNOWN');
});

it('aligns descriptions one space after the longest name+placeholder, keeps order', () => {
  const out = formatOptions([
    { name: 'b', description: 'bool', default: 'off', type: 'bool' },
    { name: 'a-long-name', description: 'num', default: '1', type: 'int' },
    { name: 'l', description: 'list', default: '', type: 'list' },
    { name: 's', description: 'str', default: null, type: 'string' },
  ]);
  expect(out).toBe(
    '  --b[=on|off]    bool [off]\n' +
      '  --a-long-name=N num [1]\n' +
      '  --l=[LIST,...]  list []\n' +
      '  --s=STRING      str\n' +
      '\n',
  );
});

it('prints just a blank line for an empty list', () => {
  expect(formatOptions([])).toBe('\n');
});
