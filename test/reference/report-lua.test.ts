// sysbench.report_csv / report_json / report_default (lua/internal/sysbench.lua): their text for
// given stat tables, printed by a script's custom commands, as sysbench 1.0.20 prints it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bucketIndex, bucketValue } from '../../src/stats/histogram.js';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

/** latency_pct as a report gets it: the value of the histogram bucket of `ms`, in seconds */
const pct = (ms: number): number => bucketValue(bucketIndex(ms)) / 1000;

type Stat = Partial<Record<'threads_running' | 'time_interval' | 'time_total' | 'latency_pct' | 'events' | 'reads' | 'writes' | 'other' | 'errors' | 'reconnects', number>>;

/** A Lua stat table (every field, 0 unless given); numbers in their shortest round-trip form. */
function luaStat(s: Stat): string {
  const fields = ['threads_running', 'time_interval', 'time_total', 'latency_pct', 'events', 'reads', 'writes', 'other', 'errors', 'reconnects'] as const;
  return `{ ${fields.map((f) => `${f} = ${String(s[f] ?? 0)}`).join(', ')} }`;
}

// captured from sysbench 1.0.20 running a script with
//   function event() ffi.C.usleep(1000) end
//   sysbench.hooks.report_intermediate = sysbench.report_<x>
// with --time=3 --report-interval=1
const S1: Stat = { threads_running: 1, time_total: 1.0003, time_interval: 1.0004, events: 904.69, latency_pct: pct(1.14) };
const JSON_S1 =
  '  {\n' +
  '    "time":    1,\n' +
  '    "threads": 1,\n' +
  '    "tps": 904.33,\n' +
  '    "qps": {\n' +
  '      "total": 0.00,\n' +
  '      "reads": 0.00,\n' +
  '      "writes": 0.00,\n' +
  '      "other": 0.00\n' +
  '    },\n' +
  '    "latency": 1.14,\n' +
  '    "errors": 0.00,\n' +
  '    "reconnects": 0.00\n' +
  '  }';

const COMMANDS: Record<string, string> = {
  csv: [
    `sysbench.report_csv(${luaStat({ threads_running: 1, time_total: 1.0003, time_interval: 1, events: 897.34, latency_pct: pct(1.12) })})`,
    `sysbench.report_csv(${luaStat({ threads_running: 4, time_total: 12.5, time_interval: 2, events: 3, reads: 20, writes: 7, other: 1, errors: 1, reconnects: 2 })})`,
  ].join('\n'),
  json: `sysbench.report_json(${luaStat(S1)})\nsysbench.report_json(${luaStat(S1)})`,
  json_zero: `sysbench.report_json(${luaStat({ time_interval: 0, events: 5 })})`,
  default: `sysbench.report_default(${luaStat({ threads_running: 1, time_total: 0.9999, time_interval: 1, events: 902.33, latency_pct: pct(1.12) })})`,
};

const work = mkdtempSync(join(tmpdir(), 'sbts-report-lua-'));
const script = join(work, 'reports.lua');
writeFileSync(script, 'sysbench.cmdline.commands = {\n' +
  Object.entries(COMMANDS).map(([name, body]) => `  ${name} = { function()\n${body}\nend },\n`).join('') + '}\n');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What a command prints after sysbench's header. */
function printed(command: string, bin?: string): string {
  const r = sysbench([script, command], { bin });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  return r.stdout.slice(r.stdout.indexOf('\n\n') + 2);
}

describe('Lua report functions', () => {
  it('report_csv', () => {
    // "%.0f" of 12.5 in LuaJIT rounds away from zero
    expect(printed('csv')).toBe('1,1,897.34,0.00,0.00,0.00,0.00,1.12,0.00,0.00\n13,4,1.50,14.00,10.00,3.50,0.50,0.00,0.50,1.00\n');
  });

  it('report_json: "[" first, "," between, "]" when the Lua state closes; a valid JSON array', () => {
    const out = printed('json');
    expect(out).toBe(`[\n${JSON_S1},\n${JSON_S1}\n]\n`);
    expect(JSON.parse(out)).toHaveLength(2);
  });

  it('report_json of an interval of 0 s: inf and nan as LuaJIT prints them', () => {
    const out = printed('json_zero');
    expect(out).toContain('"tps":  inf,'); // 5 / 0, "%4.2f" pads to 4
    expect(out).toContain('"total":  nan,'); // 0 / 0
  });

  it('report_default (note "err/s" without a colon)', () => {
    expect(printed('default')).toBe('[ 1s ] thds: 1 tps: 902.33 qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%): 1.12 err/s 0.00 reconn/s: 0.00\n');
  });

  it.skipIf(!hasReference)('the same text as the reference binary', () => {
    for (const command of Object.keys(COMMANDS)) expect(printed(command), command).toBe(printed(command, REFERENCE));
  });
  if (!hasReference) it.skip(`reference comparison skipped: ${REFERENCE} is not installed`, () => {});
});
