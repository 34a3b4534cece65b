// sysbench.report_csv / report_json / report_default (sysbench.lua) text,
// and the valid-JSON rendering of the same stat table.
import { describe, expect, it } from 'vitest';
import {
  JsonReportStream,
  reportCsv,
  reportDefaultLua,
  reportJson,
  reportJsonObject,
  reportJsonValid,
  reportJsonValue,
} from '../src/report/lua.js';
import { emptyReportStats, type ReportStats } from '../src/report/types.js';
import { bucketIndex, bucketValue } from '../src/stats/histogram.js';

const pct = (ms: number): number => bucketValue(bucketIndex(ms)) / 1000;
const stat = (o: Partial<ReportStats>): ReportStats => ({ ...emptyReportStats(), ...o });

// captured from sysbench 1.0.20 running a script with
//   function event() ffi.C.usleep(1000) end
//   sysbench.hooks.report_intermediate = sysbench.report_<x>
// with --time=3 --report-interval=1
const S1 = stat({ threadsRunning: 1, timeTotal: 1.0003, timeInterval: 1.0004, events: 904.69, latencyPct: pct(1.14) });

describe('Lua report functions', () => {
  it('report_csv', () => {
    const s = stat({ threadsRunning: 1, timeTotal: 1.0003, timeInterval: 1, events: 897.34, latencyPct: pct(1.12) });
    expect(reportCsv(s)).toBe('1,1,897.34,0.00,0.00,0.00,0.00,1.12,0.00,0.00\n');
    const db = stat({ threadsRunning: 4, timeTotal: 12.5, timeInterval: 2, events: 3, reads: 20, writes: 7, other: 1, errors: 1, reconnects: 2 });
    // "%.0f" of 12.5 in LuaJIT rounds away from zero
    expect(reportCsv(db)).toBe('13,4,1.50,14.00,10.00,3.50,0.50,0.00,0.50,1.00\n');
  });

  it('report_json object text', () => {
    expect(reportJsonObject(S1)).toBe(
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
        '  }',
    );
  });

  it('report_json framing: "[" first, "," between, "]" when the Lua state closes', () => {
    const js = new JsonReportStream();
    expect(js.close()).toBe('');
    const a = js.write(S1);
    const b = js.write(S1);
    const end = js.close();
    expect(a).toBe(reportJson(S1, true));
    expect(b).toBe(reportJson(S1, false));
    expect(a.startsWith('[\n  {\n')).toBe(true);
    expect(b.startsWith(',\n  {\n')).toBe(true);
    expect(end).toBe('\n]\n');
    // the text of one closed stream is a valid JSON array
    const doc = JSON.parse(a + b + end) as unknown[];
    expect(doc).toHaveLength(2);
  });

  it('valid JSON variant carries the printed values, null for inf/nan', () => {
    expect(JSON.parse(reportJsonValid(S1))).toEqual({
      time: 1,
      threads: 1,
      tps: 904.33,
      qps: { total: 0, reads: 0, writes: 0, other: 0 },
      latency: 1.14,
      errors: 0,
      reconnects: 0,
    });
    const zero = stat({ timeInterval: 0, events: 5 });
    const v = reportJsonValue(zero);
    expect(v.tps).toBeNull(); // 5 / 0 = inf
    expect(v.qps.total).toBeNull(); // 0 / 0 = nan
    expect(() => JSON.parse(reportJsonValid(zero))).not.toThrow();
    expect(reportJsonObject(zero)).toContain('"tps":  inf,') // "%4.2f" pads inf to 4;
    expect(reportJsonObject(zero)).toContain('"total":  nan,');
  });

  it('report_default (note "err/s" without a colon)', () => {
    const s = stat({ threadsRunning: 1, timeTotal: 0.9999, timeInterval: 1, events: 902.33, latencyPct: pct(1.12) });
    expect(reportDefaultLua(s, 95)).toBe(
      '[ 1s ] thds: 1 tps: 902.33 qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%): 1.12 err/s 0.00 reconn/s: 0.00\n',
    );
  });
});
