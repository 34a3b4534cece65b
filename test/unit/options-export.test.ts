// Export to Lua: values by type; an invalid int stops with the stderr message (exit 1).
import { expect, it } from 'vitest';
import { OptionRegistry } from '../../src/options/registry.js';
import { OptionError } from '../../src/options/types.js';

it('converts each type', () => {
  const reg = new OptionRegistry();
  reg.register([
    { name: 'b', description: '', default: 'on', type: 'bool' },
    { name: 'i', description: '', default: '3', type: 'int' },
    { name: 's', description: '', default: '1M', type: 'size' },
    { name: 'd', description: '', default: 'abc', type: 'double' },
    { name: 'str', description: '', default: null, type: 'string' },
    { name: 'l', description: '', default: 'x,y', type: 'list' },
    { name: 'f', description: '', default: null, type: 'file' },
    { name: 'odd-type', description: '', default: null, type: 42 },
  ]);
  const { options, messages } = reg.exportOptions();
  expect(options).toEqual([
    { name: 'b', value: true },
    { name: 'i', value: 3 },
    { name: 's', value: 1048576 },
    { name: 'd', value: 0 },
    { name: 'str', value: '' },
    { name: 'l', value: ['x', 'y'] },
    { name: 'f', value: null },
    { name: 'odd_type', value: null },
  ]);
  expect(messages).toEqual([
    {
      stream: 'stdout',
      text: "WARNING: Global option 'odd_type' will not be exported, because the type is unknown\n",
      log: { priority: 'warning', body: "Global option 'odd_type' will not be exported, because the type is unknown" },
    },
  ]);
});

it('throws on an invalid int, as sysbench exits then', () => {
  const reg = new OptionRegistry();
  reg.register([{ name: 'i', description: '', default: '3', type: 'int' }]);
  reg.set('i', 'abc', 'int');
  expect(() => reg.exportOptions()).toThrow(OptionError);
  expect(() => reg.exportOptions()).toThrowError("Invalid value for the 'i' option: 'abc'");
});
