/**
 * Where sysbench 1.0.20 gets the seeds of its xoroshiro128+ generators from:
 * the exact sequence of glibc random() calls (and of the one srandom()).
 *
 * Order of events in the C program (single process, one glibc generator):
 *
 *  0. (Debian's packaged LuaJIT only, on SSE4.2 CPUs: a library constructor
 *     runs srandom(crc32c(crc32c(0, getpid()), time(NULL))) and then calls
 *     random() 56 times, before main(). Upstream builds, with the bundled
 *     LuaJIT, do not touch random(); glibc then starts as after srandom(1).
 *     See `preSeed` / debianLuajitPreSeed().)
 *  1. sb_rand_init() (every command): the main thread's generator takes 4
 *     calls r1..r4: s[0] = r1<<32 | r2, s[1] = r3<<32 | r4 (left operand first).
 *  2. still in sb_rand_init(): the unique generator is seeded with
 *     rand_unique_seed(random(), random()) and GCC evaluates those arguments
 *     right to left: call r5 becomes the OFFSET seed, r6 the INDEX seed.
 *  3. The script is loaded into the main Lua state; creating Lua states never
 *     calls random(). Script body code, init() for `run`, and commands run in
 *     the main state (prepare/cleanup/help and non-parallel or 1-thread custom
 *     commands) all draw from the main generator of step 1.
 *  4. `run` only: after init(), print_run_mode() does srandom(--rand-seed), or
 *     srandom(time(NULL)) when --rand-seed=0. Other commands never call
 *     srandom().
 *  5. `run`: background threads are started first, each taking 4 calls at its
 *     start: the --report-interval thread, then the --rate event generator,
 *     then the --report-checkpoints thread; then worker threads 0..N-1 take 4
 *     calls each. Non-run custom commands declared parallel, with
 *     --threads > 1, start N worker threads taking 4 calls each likewise
 *     (there is no srandom() before them in sysbench).
 *     NOTE: threads race for random(); the C program can hand these 4-word
 *     blocks to the threads in a different order from one run to the next
 *     (the SET of blocks is fixed). We use creation order, which is what
 *     sysbench does when thread start-up does not overlap (the usual case).
 *
 * `seedNonRun` (our extension): for commands other than `run`, when
 * --rand-seed is non-zero, apply srandom(seed) at step 4 as `run` does. It
 * only changes the worker threads of parallel commands; the main generator
 * (used by commands running in the main Lua state) is seeded before that
 * point, exactly as in sysbench, and stays seed-independent.
 */

import { GlibcRandom } from './glibc-random.js';

export type SeedWords = [number, number, number, number];

export interface SeedPlanOptions {
  /** --rand-seed; 0 = current time (see `now`). Taken modulo 2^32. */
  seed: number;
  /** --threads */
  threads: number;
  /** 'run', 'prepare', 'cleanup', 'help' or a custom command name */
  command: string;
  /** our extension, see module comment */
  seedNonRun?: boolean;
  /** Unix time in seconds used when seed = 0 (default: the current time). */
  now?: number;
  /** run: --report-interval > 0 starts a reporting thread (seeded first) */
  reportThread?: boolean;
  /** run: --rate > 0 starts an event generation thread (seeded second) */
  eventGenThread?: boolean;
  /** run: --report-checkpoints given starts a checkpoint thread (third) */
  checkpointThread?: boolean;
  /**
   * Non-run commands: the command runs in per-thread workers (a custom
   * command declared sysbench.cmdline.PARALLEL_COMMAND). Workers are only
   * started when threads > 1. Default false.
   */
  parallelCommand?: boolean;
  /**
   * glibc state before sysbench's first call: srandom(srandom) then `discard`
   * random() calls. Default: none (pristine glibc = srandom(1)), as with
   * upstream sysbench. Use debianLuajitPreSeed() to mimic the Debian binary.
   */
  preSeed?: { srandom: number; discard: number };
}

export interface SeedPlan {
  /** main thread / main Lua state generator */
  main: SeedWords;
  /** raw random() values for the unique generator (see createUniqueState) */
  unique: { indexSeed: number; offsetSeed: number };
  /** worker thread generators, index = thread id; empty if no workers */
  threads: SeedWords[];
  /** background threads' generators (run only, when enabled) */
  background: { report?: SeedWords; eventGen?: SeedWords; checkpoint?: SeedWords };
  /** value passed to srandom() before the threads, or null when none */
  srandomSeed: number | null;
}

function take4(g: GlibcRandom): SeedWords {
  const a = g.random();
  const b = g.random();
  const c = g.random();
  const d = g.random();
  return [a, b, c, d];
}

export function planSeeds(opts: SeedPlanOptions): SeedPlan {
  const g = new GlibcRandom(1);
  if (opts.preSeed) {
    g.srandom(opts.preSeed.srandom >>> 0);
    for (let i = 0; i < opts.preSeed.discard; i++) g.random();
  }

  const main = take4(g);
  const offsetSeed = g.random();
  const indexSeed = g.random();

  const isRun = opts.command === 'run';
  const seed = opts.seed >>> 0;
  let srandomSeed: number | null = null;
  if (isRun) {
    srandomSeed = seed !== 0
      ? seed
      : Math.floor(opts.now ?? Date.now() / 1000) >>> 0;
  } else if (opts.seedNonRun && seed !== 0) {
    srandomSeed = seed;
  }
  if (srandomSeed !== null) g.srandom(srandomSeed);

  const background: SeedPlan['background'] = {};
  let nWorkers = 0;
  if (isRun) {
    if (opts.reportThread) background.report = take4(g);
    if (opts.eventGenThread) background.eventGen = take4(g);
    if (opts.checkpointThread) background.checkpoint = take4(g);
    nWorkers = opts.threads;
  } else if (opts.parallelCommand && opts.threads > 1) {
    nWorkers = opts.threads;
  }

  const threads: SeedWords[] = [];
  for (let i = 0; i < nWorkers; i++) threads.push(take4(g));

  return { main, unique: { indexSeed, offsetSeed }, threads, background, srandomSeed };
}

/** CRC32C (Castagnoli) of the 4 little-endian bytes of `v`, raw (no pre/post inversion), like SSE4.2's crc32 instruction. */
function crc32c32(crc: number, v: number): number {
  let c = crc >>> 0;
  for (let i = 0; i < 4; i++) {
    c ^= (v >>> (8 * i)) & 0xff;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0x82f63b78 & -(c & 1));
  }
  return c >>> 0;
}

/**
 * Pre-seeding done by Debian's libluajit-5.1-2 (SSE4.2 string hash patch)
 * in a constructor, before sysbench's main(): srandom(crc32c(crc32c(0, pid),
 * time)) followed by 56 random() calls. Pass the result as `preSeed` to
 * reproduce what /usr/bin/sysbench on Debian does for a given pid and time.
 */
export function debianLuajitPreSeed(pid: number, unixTime: number): { srandom: number; discard: number } {
  return { srandom: crc32c32(crc32c32(0, pid), unixTime), discard: 56 };
}
