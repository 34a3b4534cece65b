// Scripts without sysbench.cmdline.options: unknown options become string options, exported
// under their '_' name (bare --flag -> ""), and all options also become Lua globals.
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';
import { scriptOptionExports, unknownOptions, validateAgainstScript } from '../../src/options/script-options.js';

it('accepts and exports undeclared options as strings', () => {
  const reg = createDefaultRegistry({ readFile: () => 'cfgopt=abc\n' });
  const p = parseGeneralArguments(['./legacy.lua', '--foo-bar=hello', '--flag', '--config-file=c5', 'prepare'], reg);
  expect(validateAgainstScript(p.remaining, reg, null).error).toBeNull();
  expect(unknownOptions(reg)).toEqual([
    { name: 'cfgopt', value: 'abc', type: 0 },
    { name: 'foo_bar', value: 'hello', type: 5 },
    { name: 'flag', value: null, type: 5 },
  ]);
  const ex = scriptOptionExports(reg, false);
  expect(ex.globals).toBe(true);
  const get = (n: string) => ex.options.find((o) => o.name === n)?.value;
  expect(get('foo_bar')).toBe('hello');
  expect(get('flag')).toBe('');
  expect(get('threads')).toBe(1);
  expect(get('mysql_host')).toEqual(['localhost']);
  expect(get('debug')).toBe(false);
  expect(get('rand_pareto_h')).toBe(0.2);
  expect(get('config_file')).toBeNull();
  expect(get('cfgopt')).toBeNull();
  expect(ex.messages.map((m) => m.text)).toEqual([
    "WARNING: Global option 'cfgopt' will not be exported, because the type is unknown\n",
  ]);
});

it('still rejects bad values of known options', () => {
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(['./legacy.lua', '--debug=x', 'prepare'], reg);
  expect(validateAgainstScript(p.remaining, reg, null).error?.output.text).toBe('invalid option: --debug=x\n');
});

it('declaring options turns globals off', () => {
  expect(scriptOptionExports(createDefaultRegistry(), true).globals).toBe(false);
});
