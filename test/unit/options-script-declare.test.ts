// read_cmdline_options() semantics: byte-order sort, default to text (LuaJIT %.14g numbers),
// type inference, help layout of cmdline.t, bool without default registers as on.
import { expect, it } from 'vitest';
import { createDefaultRegistry } from '../../src/options/parser.js';
import { declareScriptOptions, formatScriptOptions, registerScriptOptions } from '../../src/options/script-options.js';
import { ArgType } from '../../src/options/types.js';

// sysbench 1.0.20's tests/t/cmdline.t: its declaration and the help it expects
const CMDLINE_T = {
  str_opt1: ['str_opt1 description'],
  str_opt2: ['str_opt2 description', 'opt2'],
  str_opt3: ['str_opt3 description', 'opt3', ArgType.STRING],
  bool_opt1: ['bool_opt1 description', false],
  bool_opt2: ['bool_opt2 description', true],
  bool_opt3: ['bool_opt3 description', null, ArgType.BOOL],
  int_opt1: ['int_opt1 description', 10],
  int_opt2: ['int_opt2 description', null, ArgType.INT],
  int_opt3: ['int_opt3 description', 20, ArgType.INT],
  float_opt1: ['float_opt1 description', 3.14, ArgType.DOUBLE],
  float_opt2: ['float_opt2 description', 0.2],
  list_opt1: ['list_opt1 description', ['foo', 'bar']],
  list_opt2: ['list_opt2 description', null, ArgType.LIST],
  'dash-opt': ['dash-opt desc', 'dash-opt val'],
} as const;

it('prints the help cmdline.t expects', () => {
  expect(formatScriptOptions(declareScriptOptions(CMDLINE_T))).toBe(
    [
      '  --bool_opt1[=on|off]   bool_opt1 description [off]',
      '  --bool_opt2[=on|off]   bool_opt2 description [on]',
      '  --bool_opt3[=on|off]   bool_opt3 description',
      '  --dash-opt=STRING      dash-opt desc [dash-opt val]',
      '  --float_opt1=N         float_opt1 description [3.14]',
      '  --float_opt2=N         float_opt2 description [0.2]',
      '  --int_opt1=N           int_opt1 description [10]',
      '  --int_opt2=N           int_opt2 description',
      '  --int_opt3=N           int_opt3 description [20]',
      '  --list_opt1=[LIST,...] list_opt1 description [foo,bar]',
      '  --list_opt2=[LIST,...] list_opt2 description',
      '  --str_opt1=STRING      str_opt1 description',
      '  --str_opt2=STRING      str_opt2 description [opt2]',
      '  --str_opt3=STRING      str_opt3 description [opt3]',
      '',
      '',
    ].join('\n'),
  );
});

it('registers values the way cmdline.t sees them in sysbench.opt', () => {
  const reg = createDefaultRegistry();
  expect(registerScriptOptions(reg, declareScriptOptions(CMDLINE_T))).toBe(true);
  const opt = Object.fromEntries(reg.exportOptions().options.map((o) => [o.name, o.value]));
  expect(opt.str_opt1).toBe('');
  expect(opt.bool_opt1).toBe(false);
  expect(opt.bool_opt3).toBe(true);
  expect(opt.int_opt2).toBe(0);
  expect(opt.float_opt1).toBe(3.14);
  expect(opt.list_opt1).toEqual(['foo', 'bar']);
  expect(opt.list_opt2).toEqual([]);
  expect(opt.dash_opt).toBe('dash-opt val');
});

it('sorts by bytes and formats numbers like LuaJIT', () => {
  const d = declareScriptOptions({ b: ['b', 1e20], 'Zed-x': ['z', 1.5], a: ['a', 0.1], e: ['e', []] });
  expect(d.map((x) => [x.name, x.value, x.type])).toEqual([
    ['Zed-x', '1.5', ArgType.DOUBLE],
    ['a', '0.1', ArgType.DOUBLE],
    ['b', '1e+20', ArgType.DOUBLE],
    ['e', '', ArgType.LIST],
  ]);
});

it('raises the assertion texts of sysbench.cmdline.lua', () => {
  expect(() => declareScriptOptions({ x: [null, 1] })).toThrowError('nil description for option x');
  expect(() => declareScriptOptions({ x: ['d', ['a'], ArgType.LIST] })).toThrowError('wrong type for list option x');
});

it('applies the first option\'s validator to every option of the set (sysbench quirk)', () => {
  const seen: string[] = [];
  const decls = declareScriptOptions({
    a: ['a', 1, null, (n) => (seen.push(n), false)],
    b: ['b', 2],
  });
  const reg = createDefaultRegistry();
  expect(registerScriptOptions(reg, decls)).toBe(true);
  expect(reg.set('b', '3', ArgType.DOUBLE)).toBeNull();
  expect(seen).toEqual(['b']);
});
