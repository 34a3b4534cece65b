// --num-threads/--max-requests/--max-time/--tx-rate: a WARNING on stdout (before the header)
// when in effect, then the alias's value is copied over the new option.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../../src/options/parser.js';
import { resolveGeneralSettings } from '../../src/options/settings.js';

function settingsFor(argv: string[]) {
  const reg = createDefaultRegistry();
  parseGeneralArguments(argv, reg);
  const r = resolveGeneralSettings(reg);
  if (!r.ok) throw new Error(r.error.message);
  return { reg, r };
}

it('prints the warnings of legacy_oltp_run.txt in order, on stdout', () => {
  const lines = readFileSync(new URL('../fixtures/reference/legacy_oltp_run.txt', import.meta.url), 'utf8').split('\n');
  const argv = lines[0].slice('$ sysbench '.length).split(' ');
  const reg = createDefaultRegistry();
  const p = parseGeneralArguments(argv, reg);
  const r = resolveGeneralSettings(reg);
  expect(r.ok).toBe(true);
  expect(p.messages.map((m) => m.text).join('')).toBe(lines[1] + '\n');
  expect(p.messages.every((m) => m.stream === 'stderr')).toBe(true);
  expect(r.messages.map((m) => m.text).join('')).toBe(lines[2] + '\n' + lines[3] + '\n');
  expect(r.messages.every((m) => m.stream === 'stdout')).toBe(true);
  if (r.ok) expect([r.settings.threads, r.settings.maxTime, r.settings.maxEvents]).toEqual([4, 5, 0n]);
});

it('maps every alias and copies the value into the new option', () => {
  const { reg, r } = settingsFor(['--num-threads=2', '--max-time=7', '--max-requests=5', '--tx-rate=100']);
  expect(r.messages.map((m) => m.text)).toEqual([
    'WARNING: --num-threads is deprecated, use --threads instead\n',
    'WARNING: --max-requests is deprecated, use --events instead\n',
    'WARNING: --max-time is deprecated, use --time instead\n',
    'WARNING: --tx-rate is deprecated, use --rate instead\n',
  ]);
  expect([reg.getInt('threads'), reg.getInt('time'), reg.getInt('events'), reg.getInt('rate')]).toEqual([2, 7, 5, 100]);
});

it('ignores aliases that are not in effect (num-threads 1, others 0)', () => {
  const { reg, r } = settingsFor(['--num-threads=1', '--threads=3', '--max-time=0', '--time=4']);
  expect(r.messages).toEqual([]);
  expect([reg.getInt('threads'), reg.getInt('time')]).toEqual([3, 4]);
});

it('compares unsigned where sysbench does: -1 counts for tx-rate and max-requests', () => {
  const { r } = settingsFor(['--max-requests=-1', '--tx-rate=-1', '--max-time=-1', '--time=1']);
  expect(r.messages.map((m) => m.text)).toEqual([
    'WARNING: --max-requests is deprecated, use --events instead\n',
    'WARNING: --tx-rate is deprecated, use --rate instead\n',
  ]);
  if (r.ok) {
    expect(r.settings.maxEvents).toBe(18446744073709551615n);
    expect(r.settings.txRate).toBe(4294967295);
  }
});
