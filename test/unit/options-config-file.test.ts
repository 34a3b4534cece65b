// --config-file=FILE: read at its position in argv; "name=value[,value...]" lines with raw
// values (no type conversion: "debug=off" turns debug ON), names verbatim before '='.
import { expect, it } from 'vitest';
import { parseConfigText, fgetsChunks } from '../../src/options/config-file.js';
import { createDefaultRegistry, parseGeneralArguments, parseTestArguments } from '../../src/options/parser.js';
import { CPU_OPTIONS } from '../../src/options/defs/builtin.js';

const files: Record<string, string> = {
  c1: 'threads=3\ncpu-max-prime=7\ndebug=off\n',
  c3: "threads='2'\n",
};
const readFile = (p: string): string => {
  if (p in files) return files[p];
  throw Object.assign(new Error('nope'), { code: 'ENOENT' });
};

it('applies values in argv order', () => {
  let reg = createDefaultRegistry({ readFile });
  parseGeneralArguments(['--threads=4', '--config-file=c3'], reg);
  expect(reg.getInt('threads')).toBe(2);
  reg = createDefaultRegistry({ readFile });
  parseGeneralArguments(['--config-file=c3', '--threads=4'], reg);
  expect(reg.getInt('threads')).toBe(4);
});

it('stores raw values: a bool given "off" reads as on', () => {
  const reg = createDefaultRegistry({ readFile });
  const p = parseGeneralArguments(['--config-file=c1', 'cpu', 'run'], reg);
  expect(reg.getFlag('debug')).toBe(true);
  expect(reg.getInt('threads')).toBe(3);
  // the test's defaults replace config values of test options
  parseTestArguments(p.remaining, reg, CPU_OPTIONS);
  expect(reg.getInt('cpu-max-prime')).toBe(10000);
});

it('parses the line grammar', () => {
  const { entries, errorLine } = parseConfigText(
    [
      '# a comment line without equals sign',
      'threads = 3',
      'a=x y,z',
      'b=1 ,2',
      "c='q 1' junk, 'q2'",
      'd= v # comment',
      'e=',
      'f=1,,2',
      '=anon',
    ].join('\n') + '\n',
  );
  expect(errorLine).toBeNull();
  expect(entries).toEqual([
    { name: 'threads ', values: ['3'] },
    { name: 'a', values: ['x', 'y', 'z'] },
    { name: 'b', values: ['1', '', '2'] },
    { name: 'c', values: ['q 1', 'q2'] },
    { name: 'd', values: ['v'] },
    { name: 'e', values: [] },
    { name: 'f', values: ['1', '', '2'] },
    { name: '', values: ['anon'] },
  ]);
});

it('reads long lines in 255-byte pieces like fgets', () => {
  const long = 'x'.repeat(300) + '\nthreads=2\n';
  const chunks = fgetsChunks(long);
  expect(chunks.map((c) => c.length)).toEqual([255, 46, 10]);
  const reg = createDefaultRegistry();
  reg.applyConfigText('a=' + 'y'.repeat(260) + '=5\n');
  // the second piece "yyyyy=5" names an option of its own
  expect(reg.getString('yyyyyyy')).toBe('5');
});

it('"threads = 3" names an option "threads " and leaves --threads alone', () => {
  const reg = createDefaultRegistry();
  reg.applyConfigText('threads = 3\n');
  expect(reg.getInt('threads')).toBe(1);
  expect(reg.getString('threads ')).toBe('3');
});
