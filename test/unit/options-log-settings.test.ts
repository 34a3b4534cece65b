// log_init()'s checks: verbosity as unsigned char (256 -> 0, -1 -> 255), percentile range,
// histogram with percentile 0.
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';
import { resolveLogSettings } from '../../src/options/settings.js';

function log(argv: string[]) {
  const reg = createDefaultRegistry();
  parseGeneralArguments(argv, reg);
  return resolveLogSettings(reg);
}

it('checks verbosity as sysbench stores it', () => {
  const bad = (argv: string[]) => {
    const r = log(argv);
    return r.ok ? null : r.error.output;
  };
  expect(bad(['--verbosity=9'])).toEqual({ stream: 'stdout', text: 'Invalid value for verbosity: 9\n' });
  expect(bad(['--verbosity=-1'])).toEqual({ stream: 'stdout', text: 'Invalid value for verbosity: 255\n' });
  const ok = log(['--verbosity=256']);
  expect(ok.ok && ok.settings.verbosity).toBe(0);
});

it('checks percentile and histogram', () => {
  const r1 = log(['--percentile=101']);
  expect(r1.ok ? '' : r1.error.output.text).toBe('FATAL: Invalid value for --percentile: 101\n');
  const r2 = log(['--percentile=0', '--histogram']);
  expect(r2.ok ? '' : r2.error.output.text).toBe('FATAL: --histogram cannot be used with --percentile=0\n');
  const r3 = log([]);
  expect(r3.ok && r3.settings).toEqual({ verbosity: 3, percentile: 95, histogram: false });
});
