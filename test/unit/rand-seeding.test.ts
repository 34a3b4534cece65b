// Seeding order (which glibc random() call seeds which generator), pinned
// from the reference binary /usr/bin/sysbench (1.0.20, Debian).
//
// Scripts used (in a temp dir):
//   a.lua: function thread_init() print("ti", sysbench.tid, sysbench.rand.uniform_uint64(), sysbench.rand.uniform_uint64()) end
//          function event() print("ev", sysbench.tid, sysbench.rand.uniform_uint64()) end
//   b.lua: a.lua plus
//          function init() print("init", sysbench.rand.uniform_uint64(), sysbench.rand.uniform_uint64(),
//                                sysbench.rand.unique(), sysbench.rand.unique()) end
//   prep.lua: print("body", sysbench.tid, tostring(sysbench.rand.uniform_uint64()))
//          function cmd_prepare() print("prep", sysbench.tid, tostring(sysbench.rand.uniform_uint64()), sysbench.rand.unique()) end
//          function cmd_serial() print("serial", ...same...) end
//          sysbench.cmdline.commands = { prepare = {cmd_prepare, sysbench.cmdline.PARALLEL_COMMAND}, serial = {cmd_serial} }
//   bg.lua: function thread_init() print("ti", sysbench.tid, tostring(sysbench.rand.uniform_uint64())) end
//           function event() end
//
// Debian's libluajit calls srandom(crc32c(crc32c(0, getpid()), time(NULL)))
// and random() x56 in a library constructor, so the main generator and the
// unique generator of the Debian binary change from run to run. Two ways of
// pinning them:
//  - "nolj": LD_PRELOAD shim that hides those LuaJIT calls, giving the
//    upstream behaviour (pristine glibc state);
//  - "logged": LD_PRELOAD shim that only logs srandom()'s argument, getpid()
//    and time(NULL) (no change in behaviour), modelled with debianLuajitPreSeed().
import { describe, expect, it } from 'vitest';
import { planSeeds, debianLuajitPreSeed, type SeedWords } from '../../src/rand/seeding.js';
import { SbRng, createUniqueState } from '../../src/rand/sb-rand.js';

function outputs(words: SeedWords, n: number): string[] {
  const r = new SbRng(words);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    r.uniformUint64();
    out.push(((BigInt(r.u64hi) << 32n) | BigInt(r.u64lo)).toString());
  }
  return out;
}

describe('planSeeds: run', () => {
  it('threads=1, --rand-seed=42 (no shim)', () => {
    // /usr/bin/sysbench a.lua --rand-seed=42 --events=2 --threads=1 --percentile=0 run
    //   ti 0 6678695823595818893ULL 12985727069636131040ULL
    //   ev 0 13785426779914018964ULL
    //   ev 0 11277125147607730155ULL
    // (without --percentile=0 the 2nd event prints 4871091261390579156: one
    //  value is drawn per event by the latency histogram, see histogramSlot())
    const p = planSeeds({ seed: 42, threads: 1, command: 'run' });
    expect(p.srandomSeed).toBe(42);
    expect(p.threads).toHaveLength(1);
    expect(outputs(p.threads[0]!, 4)).toEqual([
      '6678695823595818893', '12985727069636131040', '13785426779914018964', '11277125147607730155',
    ]);
    const r = new SbRng(p.threads[0]!);
    r.uniformUint64(); r.uniformUint64(); r.uniformUint64();
    r.histogramSlot();
    r.uniformUint64();
    expect(((BigInt(r.u64hi) << 32n) | BigInt(r.u64lo)).toString()).toBe('4871091261390579156');
  });

  it('threads=1, --rand-seed=7 (no shim)', () => {
    // /usr/bin/sysbench a.lua --rand-seed=7 --events=1 --threads=1 run
    //   ti 0 9956587071878823666ULL 12127168503693999876ULL ; ev 0 7522403166341394791ULL
    const p = planSeeds({ seed: 7, threads: 1, command: 'run' });
    expect(outputs(p.threads[0]!, 3)).toEqual(['9956587071878823666', '12127168503693999876', '7522403166341394791']);
  });

  it('--rand-seed=0 seeds from the current time', () => {
    // logged: /usr/bin/sysbench d.lua --events=1 --threads=1 run   (d.lua: ti prints 1 value, ev prints 2)
    //   [srandom] 1796009124 (== time(NULL))
    //   ti 6962205898676723194ULL ; ev 3922040918528145589ULL 10650729249248590563ULL
    const p = planSeeds({ seed: 0, threads: 1, command: 'run', now: 1796009124 });
    expect(p.srandomSeed).toBe(1796009124);
    expect(outputs(p.threads[0]!, 3)).toEqual(['6962205898676723194', '3922040918528145589', '10650729249248590563']);
    const q = planSeeds({ seed: 0, threads: 1, command: 'run' });
    expect(Math.abs(q.srandomSeed! - Date.now() / 1000)).toBeLessThan(5);
  });

  it('threads=2: main, unique and both threads (nolj)', () => {
    // LD_PRELOAD=nolj.so /usr/bin/sysbench b.lua --rand-seed=42 --events=2 --threads=2 run
    //   init 14972179374201007161ULL 6937875558910519049ULL 2672933100 2916245674
    //   ti 0 6678695823595818893ULL 12985727069636131040ULL
    //   ti 1 7773676201520882466ULL 9774143786272637588ULL
    // (the two threads race for random(): sysbench occasionally swaps the two
    //  blocks; thread-id order is what it does when start-ups don't overlap)
    const p = planSeeds({ seed: 42, threads: 2, command: 'run' });
    expect(outputs(p.main, 2)).toEqual(['14972179374201007161', '6937875558910519049']);
    const uq = createUniqueState(p.unique.indexSeed, p.unique.offsetSeed);
    const r = new SbRng(p.main, undefined, uq);
    expect([r.unique(), r.unique()]).toEqual([2672933100, 2916245674]);
    expect(outputs(p.threads[0]!, 2)).toEqual(['6678695823595818893', '12985727069636131040']);
    expect(outputs(p.threads[1]!, 2)).toEqual(['7773676201520882466', '9774143786272637588']);
  });

  it('main and unique generators ignore --rand-seed', () => {
    const a = planSeeds({ seed: 42, threads: 1, command: 'run' });
    const b = planSeeds({ seed: 7, threads: 1, command: 'run' });
    expect(a.main).toEqual(b.main);
    expect(a.unique).toEqual(b.unique);
    // the first six glibc values after srandom(1): r1..r4 -> main, r5 -> offset, r6 -> index
    expect(a.main).toEqual([1804289383, 846930886, 1681692777, 1714636915]);
    expect(a.unique).toEqual({ offsetSeed: 1957747793, indexSeed: 424238335 });
  });

  it('Debian binary: main/unique seeded after LuaJIT pre-seeding (logged)', () => {
    // logged: /usr/bin/sysbench b.lua --rand-seed=42 --events=1 --threads=1 run
    //   [srandom] 4034847479 pid=9925 time=1796008238
    //   init 6928643709337964094ULL 5689911495193977679ULL 1910579637 5681213
    const pre = debianLuajitPreSeed(9925, 1796008238);
    expect(pre).toEqual({ srandom: 4034847479, discard: 56 });
    const p = planSeeds({ seed: 42, threads: 1, command: 'run', preSeed: pre });
    expect(outputs(p.main, 2)).toEqual(['6928643709337964094', '5689911495193977679']);
    const r = new SbRng(p.main, undefined, createUniqueState(p.unique.indexSeed, p.unique.offsetSeed));
    expect([r.unique(), r.unique()]).toEqual([1910579637, 5681213]);
    // worker threads come after srandom(42) and are unaffected
    expect(outputs(p.threads[0]!, 1)).toEqual(['6678695823595818893']);
  });

  it('background threads take their blocks before the workers', () => {
    // /usr/bin/sysbench bg.lua --rand-seed=42 --threads=1 <opts> run, 10 runs each:
    //   --report-interval=1 (with --time=1 --events=0): ti 0 7773676201520882466ULL (10/10)
    //   --rate=100 --events=1:                           ti 0 7773676201520882466ULL (10/10)
    //   --report-checkpoints=1 --events=1:               ti 0 7773676201520882466ULL (10/10)
    //   all three:                                       ti 0 3916294690160065514ULL (9/10)
    const first = (o: object) => outputs(planSeeds({ seed: 42, threads: 1, command: 'run', ...o }).threads[0]!, 1)[0];
    expect(first({ reportThread: true })).toBe('7773676201520882466');
    expect(first({ eventGenThread: true })).toBe('7773676201520882466');
    expect(first({ checkpointThread: true })).toBe('7773676201520882466');
    expect(first({ reportThread: true, eventGenThread: true, checkpointThread: true })).toBe('3916294690160065514');
    const p = planSeeds({ seed: 42, threads: 1, command: 'run', reportThread: true });
    expect(outputs(p.background.report!, 1)).toEqual(['6678695823595818893']);
  });
});

describe('planSeeds: other commands', () => {
  it('prepare, threads=1: everything runs on the main generator (nolj)', () => {
    // LD_PRELOAD=nolj.so /usr/bin/sysbench prep.lua --threads=1 --rand-seed=42 prepare
    //   body 0 14972179374201007161ULL
    //   prep 0 6937875558910519049ULL 2672933100
    const p = planSeeds({ seed: 42, threads: 1, command: 'prepare', parallelCommand: true });
    expect(p.srandomSeed).toBeNull();
    expect(p.threads).toEqual([]);
    expect(outputs(p.main, 2)).toEqual(['14972179374201007161', '6937875558910519049']);
  });

  it('parallel prepare, threads=2: workers continue the unseeded sequence (nolj)', () => {
    // LD_PRELOAD=nolj.so /usr/bin/sysbench prep.lua --threads=2 --rand-seed=42 prepare
    //   body 0 14972179374201007161ULL          (main Lua state)
    //   body 0 5653903691552249273ULL           (worker 0's Lua state runs the script body)
    //   body 1 7767753523285325478ULL
    //   prep 0 2989677767268566207ULL 2672933100
    //   prep 1 6702242002963499708ULL 2916245674
    const p = planSeeds({ seed: 42, threads: 2, command: 'prepare', parallelCommand: true });
    expect(p.srandomSeed).toBeNull();
    expect(outputs(p.main, 1)).toEqual(['14972179374201007161']);
    expect(outputs(p.threads[0]!, 2)).toEqual(['5653903691552249273', '2989677767268566207']);
    expect(outputs(p.threads[1]!, 2)).toEqual(['7767753523285325478', '6702242002963499708']);
    const uq = createUniqueState(p.unique.indexSeed, p.unique.offsetSeed);
    const r0 = new SbRng(p.threads[0]!, undefined, uq);
    const r1 = new SbRng(p.threads[1]!, undefined, uq);
    expect([r0.unique(), r1.unique()]).toEqual([2672933100, 2916245674]);
  });

  it('non-parallel custom command / old-style prepare: main state only (nolj)', () => {
    // LD_PRELOAD=nolj.so /usr/bin/sysbench prep.lua --threads=2 serial
    //   body 0 14972179374201007161ULL ; serial 0 6937875558910519049ULL 2672933100
    const p = planSeeds({ seed: 0, threads: 2, command: 'serial', parallelCommand: false });
    expect(p.threads).toEqual([]);
    expect(p.srandomSeed).toBeNull();
    expect(outputs(p.main, 2)).toEqual(['14972179374201007161', '6937875558910519049']);
  });

  it('seedNonRun: --rand-seed applies srandom() before the workers, like run', () => {
    const a = planSeeds({ seed: 42, threads: 2, command: 'prepare', parallelCommand: true, seedNonRun: true });
    const b = planSeeds({ seed: 42, threads: 2, command: 'prepare', parallelCommand: true, seedNonRun: true });
    const c = planSeeds({ seed: 43, threads: 2, command: 'prepare', parallelCommand: true, seedNonRun: true });
    const run = planSeeds({ seed: 42, threads: 2, command: 'run' });
    expect(a).toEqual(b);
    expect(a.srandomSeed).toBe(42);
    expect(a.threads).toEqual(run.threads); // same blocks as `run --rand-seed=42`
    expect(c.threads).not.toEqual(a.threads);
    expect(a.main).toEqual(c.main); // seeded before srandom, as in sysbench
    // seed 0 means "no seeding" for non-run commands
    const z = planSeeds({ seed: 0, threads: 2, command: 'prepare', parallelCommand: true, seedNonRun: true });
    expect(z.srandomSeed).toBeNull();
    expect(z.threads).toEqual(planSeeds({ seed: 0, threads: 2, command: 'prepare', parallelCommand: true }).threads);
  });
});
