// Checks the histogram against the REAL sysbench 1.0.20 binary: a Lua script
// run by /usr/bin/sysbench drives sysbench's own C histogram (via LuaJIT FFI)
// and reports bucket choices, bucket values, percentile reads and the
// --histogram print. Skipped when the reference binary is not installed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistogramWindows, LATENCY_SCALE, bucketIndex, formatHistogram } from '../../src/stats/histogram.js';
import { nextDown } from '../../src/stats/exactmath.js';

const SYSBENCH = '/usr/bin/sysbench';
const have = existsSync(SYSBENCH);

function hex(x: number): string {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  return '0x' + dv.getBigUint64(0).toString(16).padStart(16, '0') + 'ULL';
}
const luaList = (xs: number[]): string => '{' + xs.map(hex).join(',') + '}';

// deterministic update sets for the percentile-window scenario
function series(n: number, seed: number, spread: number): number[] {
  const out: number[] = [];
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 48271) % 2147483647;
    out.push(Math.exp((s / 2147483647) * spread - 3)); // ~0.05 ms .. e^(spread-3)
  }
  return out;
}
const SETS = {
  A: series(200, 7, 6),
  B: series(300, 11, 8),
  C: series(50, 13, 4),
  D: series(75, 17, 9),
  E: series(10, 19, 10),
  F: series(700, 23, 5),
};

const SCRIPT = `
local ffi = require("ffi")
ffi.cdef[[
typedef struct {
  uint64_t *cumulative_array; uint64_t cumulative_nevents; uint64_t *temp_array; uint64_t **interm_slots;
  size_t array_size; double range_min; double range_max; double range_deduct; double range_mult;
} sbh_prefix_t;
double sb_histogram_get_pct_intermediate(sb_histogram_t *h, double percentile);
double sb_histogram_get_pct_cumulative(sb_histogram_t *h, double percentile);
double sb_histogram_get_pct_checkpoint(sb_histogram_t *h, double percentile);
]]
local U = ffi.new("union { uint64_t u; double d; }")
local function hex(d) U.d = d; return bit.tohex(U.u, 16) end
local function dbl(u) U.u = u; return U.d end
local h = sysbench.histogram.new(1024, 1e-3, 1e5)
local hp = ffi.cast("sbh_prefix_t *", h)
local function bucket(v)
  h:update(v)
  local val = ffi.C.sb_histogram_get_pct_cumulative(h, 100)
  local idx = -1
  for i = 0, 1023 do
    if hp.cumulative_array[i] ~= 0 then idx = i; hp.cumulative_array[i] = 0 end
  end
  hp.cumulative_nevents = 0
  return idx, val
end
print("consts " .. hex(hp.range_deduct) .. " " .. hex(hp.range_mult))
local B = ${luaList(Array.from({ length: 1023 }, (_, k) => LATENCY_SCALE.bucketLowerBound(k + 1)))}
for i = 1, 1023 do
  local bi, bv = bucket(dbl(B[i]))
  local pi = bucket(dbl(B[i] - 1ULL))
  print("bound " .. i .. " " .. bi .. " " .. pi .. " " .. hex(bv))
end
local i0, v0 = bucket(0.5)
print("value0 " .. hex(ffi.C.sb_histogram_get_pct_checkpoint(h, 0)))
local z = 0
local specials = {0, -1, z/z, 1/z, -1/z, 1e-300, 1e300, 5e-324}
for k, x in ipairs(specials) do print("special " .. k .. " " .. (bucket(x))) end

local w = sysbench.histogram.new(1024, 1e-3, 1e5)
local function feed(list) for _, u in ipairs(list) do w:update(dbl(u)) end end
local function out(name, v) print("pct " .. name .. " " .. hex(v)) end
feed(${luaList(SETS.A)}); out("r1", ffi.C.sb_histogram_get_pct_intermediate(w, 95))
feed(${luaList(SETS.B)}); out("r2", ffi.C.sb_histogram_get_pct_checkpoint(w, 95))
feed(${luaList(SETS.C)}); out("r3", ffi.C.sb_histogram_get_pct_intermediate(w, 50))
feed(${luaList(SETS.D)}); out("r4", ffi.C.sb_histogram_get_pct_intermediate(w, 99))
out("r5", ffi.C.sb_histogram_get_pct_cumulative(w, 50))
feed(${luaList(SETS.E)}); out("r6", ffi.C.sb_histogram_get_pct_checkpoint(w, 100))
out("r7", ffi.C.sb_histogram_get_pct_checkpoint(w, 95))
out("r8", ffi.C.sb_histogram_get_pct_intermediate(w, 95))

local p = sysbench.histogram.new(1024, 1e-3, 1e5)
local F = ${luaList(SETS.F)}
for k, u in ipairs(F) do for r = 1, (k % 7) + 1 do p:update(dbl(u)) end end
print("--print--")
p:print()
print("--end--")
`;

let output = '';
let dir = '';

beforeAll(() => {
  if (!have) return;
  dir = mkdtempSync(join(tmpdir(), 'sbts-hist-'));
  const file = join(dir, 'hist.lua');
  writeFileSync(file, SCRIPT);
  output = execFileSync(SYSBENCH, [file], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 60_000 });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const lines = (prefix: string): string[][] =>
  output
    .split('\n')
    .filter((l) => l.startsWith(prefix + ' '))
    .map((l) => l.split(' ').slice(1));

describe.skipIf(!have)('histogram vs the sysbench 1.0.20 binary', () => {
  it('has the same deduct and mult', () => {
    const [c] = lines('consts');
    expect(c).toEqual([hex(LATENCY_SCALE.deduct).slice(2, 18), hex(LATENCY_SCALE.mult).slice(2, 18)]);
  });

  it('chooses the same bucket on both sides of every boundary, and reports the same values', () => {
    const rows = lines('bound');
    expect(rows.length).toBe(1023);
    for (const [i, atBound, below, value] of rows) {
      const k = Number(i);
      expect(Number(atBound)).toBe(k);
      expect(Number(below)).toBe(k - 1);
      expect(bucketIndex(nextDown(LATENCY_SCALE.bucketLowerBound(k)))).toBe(k - 1);
      expect('0x' + value + 'ULL').toBe(hex(LATENCY_SCALE.bucketValue(k)));
    }
    const [[v0]] = lines('value0');
    expect('0x' + v0 + 'ULL').toBe(hex(LATENCY_SCALE.bucketValue(0)));
  });

  it('treats special values the same', () => {
    const specials = [0, -1, NaN, Infinity, -Infinity, 1e-300, 1e300, 5e-324];
    const rows = lines('special');
    expect(rows.length).toBe(specials.length);
    for (const [k, idx] of rows) expect(bucketIndex(specials[Number(k) - 1]!)).toBe(Number(idx));
  });

  it('reads intermediate / cumulative / checkpoint percentiles the same way', () => {
    const totals = LATENCY_SCALE.newCounts();
    const feed = (xs: number[]): void => {
      for (const x of xs) totals[bucketIndex(x)]! += 1;
    };
    const w = new HistogramWindows();
    const got: Record<string, number> = {};
    feed(SETS.A);
    got.r1 = w.intermediate(totals, 95);
    feed(SETS.B);
    got.r2 = w.checkpoint(totals, 95);
    feed(SETS.C);
    got.r3 = w.intermediate(totals, 50);
    feed(SETS.D);
    got.r4 = w.intermediate(totals, 99);
    got.r5 = w.cumulative(totals, 50);
    feed(SETS.E);
    got.r6 = w.checkpoint(totals, 100);
    got.r7 = w.checkpoint(totals, 95);
    got.r8 = w.intermediate(totals, 95);
    const rows = lines('pct');
    expect(rows.length).toBe(8);
    for (const [name, value] of rows) expect([name, hex(got[name!]!)]).toEqual([name, '0x' + value + 'ULL']);
  });

  it('prints the --histogram table byte for byte', () => {
    const counts = LATENCY_SCALE.newCounts();
    SETS.F.forEach((x, k) => {
      counts[bucketIndex(x)]! += ((k + 1) % 7) + 1; // Lua's k is 1-based
    });
    const start = output.indexOf('--print--\n') + '--print--\n'.length;
    const end = output.indexOf('--end--\n');
    const printed = output.slice(start, end);
    expect(printed.split('\n').length).toBeGreaterThan(50);
    expect(formatHistogram(counts)).toBe(printed);
  });
});
