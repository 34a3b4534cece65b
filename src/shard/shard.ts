// --shard=I/N and --start-at (sysbench-ts extensions): N processes that together behave like
// one sysbench run with N x --threads threads. Pure: parsing, shares, offsets, the header line.
//
// Shard I of N with T = --threads:
//   - its threads are the run's threads I*T .. I*T+T-1: sysbench.tid and thread_init's argument
//     carry those ids, they get the random seeds those threads would get in one process, and
//     scripts see sysbench.opt.threads = N*T (so `tid % opt.threads` schemes stay disjoint);
//   - sysbench.rand.unique() draws from its own 1/N of the 2^32 index space (all shards share
//     the permutation, which is seeded identically in every process), so values never repeat;
//   - --events and --rate are totals: each shard does floor(total/N), the first total%N shards
//     one more.

export interface Shard {
  /** 0-based shard number */
  index: number;
  /** number of shards */
  count: number;
}

/** Parses "I/N" (0 <= I < N); null when the text is not one. */
export function parseShard(text: string): Shard | null {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || index >= count) return null;
  return { index, count };
}

/** This shard's part of a total divided as evenly as possible (remainder to the first shards). */
export function shareOf(total: number, s: Shard): number {
  const base = Math.floor(total / s.count);
  return base + (s.index < total % s.count ? 1 : 0);
}

/**
 * Why a limit cannot be divided (0 means unlimited in sysbench, so a positive total below the
 * number of shards would turn into "no limit" for some of them), or null.
 */
export function shareProblem(option: string, total: number, s: Shard): string | null {
  if (total > 0 && total < s.count) {
    return `--${option}=${total} cannot be divided among ${s.count} shards (each needs at least 1)`;
  }
  return null;
}

/** First thread id of the shard. */
export function firstThreadId(s: Shard, threadsPerShard: number): number {
  return s.index * threadsPerShard;
}

const UINT32_SPAN = 2 ** 32;

/** Where the shard's block of sysbench.rand.unique()'s index space starts, relative to shard 0. */
export function uniqueIndexOffset(s: Shard): number {
  return Math.floor(UINT32_SPAN / s.count) * s.index;
}

/** Moves a unique generator's shared index to the shard's block (uint32 arithmetic). */
export function shiftUniqueIndex(cell: Int32Array, slot: number, s: Shard): void {
  cell[slot] = ((cell[slot]! >>> 0) + uniqueIndexOffset(s)) | 0;
}

/**
 * The line the report prints before "Running the test with following options:" (only with
 * --shard or --start-at; sysbench's own lines are untouched).
 */
export function formatShardHeader(s: Shard | null, threadsPerShard: number, startAtMs: number | null): string {
  const parts: string[] = [];
  if (s) {
    const first = firstThreadId(s, threadsPerShard);
    parts.push(`shard ${s.index}/${s.count} (thread ids ${first}..${first + threadsPerShard - 1} of ${s.count * threadsPerShard})`);
  }
  if (startAtMs !== null) parts.push(`start at ${new Date(startAtMs).toISOString()}`);
  return `sysbench-ts: ${parts.join(', ')}\n`;
}

/**
 * --start-at: a UNIX time in seconds (fractions allowed). Returns milliseconds, or null when
 * the text is not a positive number.
 */
export function parseStartAt(text: string): number | null {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
  const ms = Number(text) * 1000;
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}
