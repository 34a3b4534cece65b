/**
 * sysbench's bounded logarithmic histogram (sb_histogram.c), pure.
 *
 * Facts reproduced from sysbench 1.0.20:
 *   - the latency histogram has 1024 buckets on a log scale from 1e-3 ms to
 *     1e5 ms (sb_logger.c: OPER_LOG_GRANULARITY / _MIN_VALUE / _MAX_VALUE);
 *     values are recorded in milliseconds (NS2MS of the event duration), and
 *     only when --percentile > 0;
 *   - deduct = log(min), mult = (size - 1) / (log(max) - deduct);
 *   - a value v goes to bucket floor((log(v) - deduct) * mult + 0.5), clamped
 *     to [0, size - 1]. A value whose index computation is not a number or is
 *     infinite (0, negatives, NaN, +Infinity) ends up in bucket 0: the C code
 *     converts the floating index to a signed integer, which gives INT64_MIN
 *     for those, and then clamps negatives to 0;
 *   - bucket i reports the value exp(i / mult + deduct);
 *   - a percentile p over n recorded events is the value of the first bucket i
 *     at which the running count reaches floor(n * p / 100 + 0.5). With n = 0
 *     that target is 0, so an empty histogram answers bucket 0's value
 *     (~0.001 ms, printed as 0.00).
 *
 * Everything here works on plain count arrays (e.g. Float64Array views on a
 * SharedArrayBuffer, one region per worker), so the runner decides where the
 * counts live. Nothing allocates on the per-event path (bucketIndex).
 *
 * Index computation without Math.log: for each bucket boundary we precompute
 * the smallest double that sysbench's formula puts at or above that bucket
 * (the formula is monotonic), and find a value's bucket by a table lookup on
 * the double's exponent and top mantissa bits followed by at most a couple of
 * comparisons against those boundaries.
 *
 * Boundaries and bucket values must be derived with glibc's rounding of log()
 * and exp(), not V8's: with Math.log/Math.exp about one boundary in ten moves
 * and about one bucket value in seven differs in the last bit (see
 * exactmath.ts). The test suite checks all of them
 * against the real sysbench binary (test/reference/stats-histogram-reference.test.ts).
 */

import { fmtFixed, fmtInt } from '../format/printf.js';
import { crExp, crLog, minArgLogAtLeast, nextDown, nextUp } from './exactmath.js';
import {
  LATENCY_BOUNDS_B64,
  LATENCY_DEDUCT_BITS,
  LATENCY_MULT_BITS,
  LATENCY_VALUES_B64,
} from './latency-tables.js';

/** Number of buckets of sysbench's latency histogram. */
export const HIST_SIZE = 1024;
/** Lower bound of the latency histogram, milliseconds. */
export const HIST_MIN_MS = 1e-3;
/** Upper bound of the latency histogram, milliseconds. */
export const HIST_MAX_MS = 1e5;

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/** Largest lookup table we are willing to build for a custom scale. */
const MAX_LOOKUP_CELLS = 1 << 16;

const STARS = '****************************************';

/** Derived constants and lookup tables of one histogram geometry. */
export interface ScaleTables {
  /** log(rangeMin) */
  deduct: number;
  /** (size - 1) / (log(rangeMax) - deduct) */
  mult: number;
  /**
   * bounds[i], 1 <= i < size: the smallest double that sysbench puts in
   * bucket i or above; bounds[size] = +Infinity; bounds[0] is unused (0).
   */
  bounds: Float64Array;
  /** values[i] = exp(i / mult + deduct), 0 <= i <= size */
  values: Float64Array;
}

/**
 * Compute a geometry's tables exactly as sysbench's C code (with glibc's
 * correctly rounded log/exp) would produce them.
 */
export function computeScaleTables(size: number, rangeMin: number, rangeMax: number): ScaleTables {
  const deduct = crLog(rangeMin);
  const mult = (size - 1) / (crLog(rangeMax) - deduct);
  const values = new Float64Array(size + 1);
  for (let i = 0; i <= size; i++) values[i] = crExp(i / mult + deduct);
  // sysbench's unclamped index for a given log(value)
  const indexOfLog = (y: number): number => Math.floor((y - deduct) * mult + 0.5);
  const bounds = new Float64Array(size + 1);
  bounds[size] = Infinity;
  for (let i = 1; i < size; i++) {
    // smallest log value y with index >= i (plain double arithmetic, as in C),
    // then the smallest v whose correctly rounded log is >= y
    let y = (i - 0.5) / mult + deduct;
    while (indexOfLog(y) >= i) y = nextDown(y);
    while (indexOfLog(y) < i) y = nextUp(y);
    bounds[i] = minArgLogAtLeast(y);
  }
  return { deduct, mult, bounds, values };
}

/**
 * The geometry of one histogram: size and value range, sysbench's derived
 * constants, and the precomputed tables. Immutable; share one instance.
 */
export class HistogramScale {
  readonly size: number;
  readonly rangeMin: number;
  readonly rangeMax: number;
  /** log(rangeMin), as sb_histogram_init computes it */
  readonly deduct: number;
  /** (size - 1) / (log(rangeMax) - deduct), as sb_histogram_init computes it */
  readonly mult: number;

  /**
   * bounds[i] (1 <= i < size): smallest double v with raw index >= i.
   * bounds[size] = +Infinity (sentinel). bounds[0] is unused.
   */
  private readonly bounds: Float64Array;
  /** values[i] = exp(i / mult + deduct), for 0 <= i <= size */
  private readonly values: Float64Array;
  private readonly first: number;
  private readonly last: number;
  /** lookup: bucket index of the smallest double in each exponent/mantissa cell */
  private readonly cells: Int32Array | null;
  private readonly cellShift: number;
  private readonly cellBase: number;

  /**
   * `tables` (deduct, mult, boundaries, values) default to an exact
   * computation (tens of milliseconds for ~1000 buckets); the latency
   * histogram ships them precomputed (latency-tables.ts).
   */
  constructor(size: number, rangeMin: number, rangeMax: number, tables?: ScaleTables) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`invalid histogram size: ${size}`);
    const t = tables ?? computeScaleTables(size, rangeMin, rangeMax);
    if (t.bounds.length !== size + 1 || t.values.length !== size + 1) {
      throw new RangeError('histogram tables do not match the size');
    }
    this.size = size;
    this.rangeMin = rangeMin;
    this.rangeMax = rangeMax;
    this.deduct = t.deduct;
    this.mult = t.mult;
    this.values = t.values;
    const bounds = t.bounds;
    this.bounds = bounds;
    this.first = size > 1 ? bounds[1]! : Infinity;
    this.last = size > 1 ? bounds[size - 1]! : Infinity;

    // Lookup cells: key = high 32 bits of the double >>> shift, i.e. the
    // exponent plus (20 - shift) top mantissa bits. Pick enough mantissa bits
    // that a cell is narrower than a bucket, so the fix-up loop is short.
    let cells: Int32Array | null = null;
    let shift = 0;
    let base = 0;
    if (size > 2 && Number.isFinite(this.mult) && this.mult > 0) {
      const ratio = Math.expm1(1 / this.mult); // relative width of one bucket
      const mbits = Math.min(20, Math.max(0, Math.ceil(-Math.log2(ratio)) + 1));
      shift = 20 - mbits;
      F64[0] = this.first;
      const lo = U32[HI]! >>> shift;
      F64[0] = this.last;
      const hi = U32[HI]! >>> shift;
      if (hi - lo + 1 <= MAX_LOOKUP_CELLS) {
        base = lo;
        cells = new Int32Array(hi - lo + 1);
        // the cells' smallest doubles increase with k: one pass over the bounds counts those
        // at or below each (countBoundsAtOrBelow per cell: ~65k binary searches at every start)
        let count = 0;
        for (let k = lo; k <= hi; k++) {
          U32[HI] = (k << shift) >>> 0;
          U32[1 - HI] = 0;
          const v = F64[0]!;
          while (count + 1 < size && bounds[count + 1]! <= v) count++;
          cells[k - lo] = count;
        }
      }
    }
    this.cells = cells;
    this.cellShift = shift;
    this.cellBase = base;
  }

  /** number of bounds[1..size-1] that are <= v (== bucket of v inside the range) */
  private countBoundsAtOrBelow(v: number): number {
    let lo = 1;
    let hi = this.size; // bounds[size] is +Infinity
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.bounds[mid]! <= v) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /**
   * Bucket that sb_histogram_update() increments for `value` (same units as
   * the range, i.e. milliseconds for the latency histogram). Allocation-free.
   */
  bucketIndex(value: number): number {
    if (!(value >= this.first)) return 0; // NaN, <= 0, below the first boundary
    if (value >= this.last) return value === Infinity ? 0 : this.size - 1;
    const bounds = this.bounds;
    let i: number;
    const cells = this.cells;
    if (cells !== null) {
      F64[0] = value;
      i = cells[(U32[HI]! >>> this.cellShift) - this.cellBase]!;
    } else {
      i = this.countBoundsAtOrBelow(value);
    }
    while (value >= bounds[i + 1]!) i++;
    return i;
  }

  /**
   * The value sysbench reports for bucket i: exp(i / mult + deduct).
   * i may be `size` (what a percentile search that never reaches its target
   * returns); outside [0, size] the formula is evaluated directly.
   */
  bucketValue(i: number): number {
    if (i >= 0 && i <= this.size && Number.isInteger(i)) return this.values[i]!;
    return crExp(i / this.mult + this.deduct);
  }

  /** Smallest value that lands in bucket i (i >= 1); bucket 0 starts at -Infinity. */
  bucketLowerBound(i: number): number {
    if (i <= 0) return -Infinity;
    if (i >= this.size) return Infinity;
    return this.bounds[i]!;
  }

  /**
   * sysbench's percentile pick over `counts` (length >= size):
   * target = floor(total * pct / 100 + 0.5); answer the value of the first
   * bucket whose running count reaches target (bucket 0 if target is 0).
   * `total` defaults to the sum of counts.
   */
  percentile(counts: ArrayLike<number>, pct: number, total?: number): number {
    return this.values[this.percentileIndex(counts, pct, total)]!;
  }

  /** Bucket index picked by percentile() (may be `size` if total > sum(counts)). */
  percentileIndex(counts: ArrayLike<number>, pct: number, total?: number): number {
    const size = this.size;
    const n = total ?? sumCounts(counts, size);
    const target = Math.floor((n * pct) / 100 + 0.5);
    let acc = 0;
    let i = 0;
    for (; i < size; i++) {
      acc += counts[i]!;
      if (acc >= target) break;
    }
    return i;
  }

  /**
   * The table sb_histogram_print() writes (to stdout, with printf, so not
   * subject to log de-duplication): a header line, then for every non-empty
   * bucket "%12.3f |%-40.*s %lu" with a bar of round(count * 40 / max)
   * stars. An all-zero histogram prints nothing at all.
   */
  format(counts: ArrayLike<number>): string {
    const size = this.size;
    let max = 0;
    for (let i = 0; i < size; i++) if (counts[i]! > max) max = counts[i]!;
    if (max === 0) return '';
    let out = '       value  ------------- distribution ------------- count\n';
    for (let i = 0; i < size; i++) {
      const c = counts[i]!;
      if (c === 0) continue;
      const width = Math.floor((c * 40) / max + 0.5);
      out +=
        fmtFixed(this.values[i]!, 3, { width: 12 }) +
        ' |' +
        STARS.slice(0, width).padEnd(40, ' ') +
        ' ' +
        fmtInt(c) +
        '\n';
    }
    return out;
  }

  /** A zeroed count array for this scale. */
  newCounts(): Float64Array {
    return new Float64Array(this.size);
  }
}

function sumCounts(counts: ArrayLike<number>, size: number): number {
  let n = 0;
  for (let i = 0; i < size; i++) n += counts[i]!;
  return n;
}

function decodeF64(b64: string): Float64Array {
  const bytes = Buffer.from(b64, 'base64');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(bytes.byteLength / 8);
  for (let i = 0; i < out.length; i++) out[i] = dv.getFloat64(i * 8, true);
  return out;
}

function bitsToF64(hex: string): number {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setBigUint64(0, BigInt(hex));
  return dv.getFloat64(0);
}

/** The shipped (precomputed) tables of the latency histogram. */
export function latencyTables(): ScaleTables {
  return {
    deduct: bitsToF64(LATENCY_DEDUCT_BITS),
    mult: bitsToF64(LATENCY_MULT_BITS),
    bounds: decodeF64(LATENCY_BOUNDS_B64),
    values: decodeF64(LATENCY_VALUES_B64),
  };
}

/** sysbench's global latency histogram geometry (values in milliseconds). */
export const LATENCY_SCALE = new HistogramScale(HIST_SIZE, HIST_MIN_MS, HIST_MAX_MS, latencyTables());

/** Latency bucket for a duration in milliseconds (sb_histogram_update). */
export function bucketIndex(valueMs: number): number {
  return LATENCY_SCALE.bucketIndex(valueMs);
}

/** Value (ms) sysbench reports for latency bucket i. */
export function bucketValue(i: number): number {
  return LATENCY_SCALE.bucketValue(i);
}

/** Percentile (ms) over latency bucket counts, sysbench's rule. */
export function percentile(counts: ArrayLike<number>, pct: number, total?: number): number {
  return LATENCY_SCALE.percentile(counts, pct, total);
}

/** The --histogram table for latency bucket counts ('' when empty). */
export function formatHistogram(counts: ArrayLike<number>): string {
  return LATENCY_SCALE.format(counts);
}

// ---------------------------------------------------------------------------
// Count array helpers
// ---------------------------------------------------------------------------

/** dst[i] += src[i]; returns dst. */
export function addInto<T extends { [i: number]: number; length: number }>(dst: T, src: ArrayLike<number>): T {
  const n = Math.min(dst.length, src.length);
  for (let i = 0; i < n; i++) dst[i] = dst[i]! + src[i]!;
  return dst;
}

/** dst[i] = a[i] - b[i]; returns dst. */
export function diffInto<T extends { [i: number]: number; length: number }>(
  dst: T,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
): T {
  const n = dst.length;
  for (let i = 0; i < n; i++) dst[i] = a[i]! - b[i]!;
  return dst;
}

/** dst = sum of all regions (e.g. one region per worker thread); returns dst. */
export function sumInto<T extends { [i: number]: number; length: number }>(
  dst: T,
  regions: readonly ArrayLike<number>[],
): T {
  const n = dst.length;
  for (let i = 0; i < n; i++) dst[i] = 0;
  for (const r of regions) addInto(dst, r);
  return dst;
}

/** Total number of events in a count array. */
export function totalCount(counts: ArrayLike<number>): number {
  return sumCounts(counts, counts.length);
}

// ---------------------------------------------------------------------------
// Reporting windows
// ---------------------------------------------------------------------------

/**
 * sysbench's three histogram reads, expressed over monotonically growing
 * per-bucket totals (the sum of all workers' counts since the start; workers
 * never reset their regions).
 *
 * sysbench keeps two parts: "intermediate" slots that workers increment, and
 * a "cumulative" array. Any read first moves (merges) everything from the
 * intermediate slots into the cumulative array, so:
 *   - intermediate (--report-interval): the percentile of the events merged
 *     by THIS read only, i.e. recorded since the previous read of ANY kind
 *     (a checkpoint or the final report in between also consumes them); they
 *     then stay in the cumulative part;
 *   - cumulative: the percentile of everything merged since the last reset;
 *     nothing is reset (sysbench itself never uses this read for reports);
 *   - checkpoint (every --report-checkpoints report AND the final report):
 *     like cumulative, then the cumulative part is reset to empty;
 *   - print (--histogram, just before the final report): the cumulative part
 *     (since the last checkpoint), after a merge; no reset.
 * Note that the event/query counters follow a different rule (see
 * counters.ts): intermediate counter deltas are NOT affected by checkpoints.
 */
export class HistogramWindows {
  readonly scale: HistogramScale;
  /** totals up to which events have been merged into the cumulative part */
  private readonly merged: Float64Array;
  /** totals at the last checkpoint reset */
  private readonly base: Float64Array;
  private readonly scratch: Float64Array;

  constructor(scale: HistogramScale = LATENCY_SCALE) {
    this.scale = scale;
    this.merged = scale.newCounts();
    this.base = scale.newCounts();
    this.scratch = scale.newCounts();
  }

  /**
   * Intermediate read: percentile of the events recorded since the previous
   * read of any kind. The returned counts view (`windowCounts`) is reused.
   */
  intermediate(current: ArrayLike<number>, pct: number): number {
    diffInto(this.scratch, current, this.merged);
    this.merged.set(toArray(current, this.scale.size));
    return this.scale.percentile(this.scratch, pct);
  }

  /** Cumulative read without reset (sb_histogram_get_pct_cumulative). */
  cumulative(current: ArrayLike<number>, pct: number): number {
    this.merge(current);
    return this.scale.percentile(this.scratch, pct);
  }

  /** Checkpoint read: cumulative percentile, then reset (every cumulative report). */
  checkpoint(current: ArrayLike<number>, pct: number): number {
    this.merge(current);
    const res = this.scale.percentile(this.scratch, pct);
    this.base.set(this.merged);
    return res;
  }

  /**
   * Counts that --histogram prints (cumulative part, after a merge). The
   * returned array is scratch space, valid until the next call.
   */
  printCounts(current: ArrayLike<number>): Float64Array {
    this.merge(current);
    return this.scratch;
  }

  /** Counts of the last window computed (intermediate or cumulative). */
  get windowCounts(): Float64Array {
    return this.scratch;
  }

  private merge(current: ArrayLike<number>): void {
    this.merged.set(toArray(current, this.scale.size));
    diffInto(this.scratch, this.merged, this.base);
  }
}

function toArray(a: ArrayLike<number>, n: number): ArrayLike<number> & { length: number } {
  return a.length === n ? a : Array.prototype.slice.call(a, 0, n);
}
