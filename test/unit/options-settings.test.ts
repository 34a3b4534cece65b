// init()'s checks of general options, with sysbench's texts and streams (FATAL on stdout).
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';
import { resolveGeneralSettings } from '../../src/options/settings.js';

function run(argv: string[]) {
  const reg = createDefaultRegistry();
  parseGeneralArguments(argv, reg);
  return { reg, r: resolveGeneralSettings(reg) };
}

function errorText(argv: string[]): string {
  const { r } = run(argv);
  if (r.ok) throw new Error('expected a failure');
  return `${r.error.output.stream}:${r.error.output.text}`;
}

it('reports value errors like sysbench', () => {
  expect(errorText(['--threads='])).toBe('stdout:FATAL: Invalid value for --threads: 0.\n\n');
  expect(errorText(['--threads=abc'])).toBe("stderr:Invalid value for the 'threads' option: 'abc'\n");
  expect(errorText(['--time=2', '--forced-shutdown=x'])).toBe("stdout:FATAL: Invalid value for --forced-shutdown: 'x'\n");
  expect(errorText(['--thread-stack-size=0'])).toBe('stdout:FATAL: Invalid value for thread-stack-size: 0.\n\n');
  expect(errorText(['--thread-stack-size=2G'])).toBe(
    'stdout:FATAL: Invalid value for thread-stack-size: -2147483648.\n\n',
  );
  expect(errorText(['--rand-type=foo'])).toBe('stdout:FATAL: Invalid random numbers distribution: foo.\n');
  expect(errorText(['--report-checkpoints=1,x'])).toBe("stdout:FATAL: Invalid value for --report-checkpoints: 'x'\n");
});

it('warns about endless tests', () => {
  const { r } = run(['--time=0', '--events=0']);
  expect(r.messages.map((m) => m.text)).toEqual(['WARNING: Both event and time limits are disabled, running an endless test\n']);
});

it('computes forced shutdown like sysbench', () => {
  const s = (argv: string[]) => {
    const { r } = run(argv);
    if (!r.ok) throw new Error(r.error.message);
    return [r.settings.forceShutdown, r.settings.shutdownTimeout];
  };
  expect(s([])).toEqual([false, 0]);
  expect(s(['--time=20', '--forced-shutdown=10%'])).toEqual([true, 2]);
  expect(s(['--time=1', '--forced-shutdown=1'])).toEqual([true, 1]);
  expect(s(['--time=0', '--events=1', '--forced-shutdown=x'])).toEqual([false, 0]);
  expect(s(['--time=40', '--forced-shutdown='])).toEqual([true, 2]);
  expect(s(['--forced-shutdown=OFF'])).toEqual([false, 0]);
});

it('sorts checkpoints and lets --debug raise verbosity to 5', () => {
  const { reg, r } = run(['--report-checkpoints=5,1', '--debug', '--verbosity=1']);
  if (!r.ok) throw new Error(r.error.message);
  expect(r.settings.checkpoints).toEqual([1, 5]);
  expect(reg.getInt('verbosity')).toBe(5);
});

it('accepts more rand types when asked (e.g. zipfian) and checks the zipfian exponent', () => {
  const reg = createDefaultRegistry();
  parseGeneralArguments(['--rand-type=zipfian', '--rand-zipfian-exp=-1'], reg);
  const r = resolveGeneralSettings(reg, { randTypes: ['uniform', 'gaussian', 'special', 'pareto', 'zipfian'] });
  expect(r.ok ? '' : r.error.output.text).toBe('FATAL: --rand-zipfian-exp must be >= 0\n');
});
