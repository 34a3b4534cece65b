// sysbench.rand.unique(): one process-wide sequence, shared by all threads.
import { describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { planSeeds } from '../../src/rand/seeding.js';
import { SbRng, createUniqueState, uniquePermute, uniqueSeedState } from '../../src/rand/sb-rand.js';

// LD_PRELOAD=nolj.so /usr/bin/sysbench gen2.lua --threads=1 --events=6 --rand-seed=42 run
// (last column; any --rand-seed gives the same sequence, since the unique
// generator is seeded before srandom(); nolj.so: see rand-generators.test.ts)
const REF_UNIQUE = [2672933100, 2916245674, 2834291422, 4086920756, 1846093984, 2595986641];

describe('unique()', () => {
  const plan = planSeeds({ seed: 42, threads: 2, command: 'run' });

  it('matches the reference sequence', () => {
    const uq = createUniqueState(plan.unique.indexSeed, plan.unique.offsetSeed);
    const r = new SbRng(plan.threads[0]!, undefined, uq);
    expect(REF_UNIQUE.map(() => r.unique())).toEqual(REF_UNIQUE);
  });

  it('is one sequence across generators sharing the state', () => {
    const uq = createUniqueState(plan.unique.indexSeed, plan.unique.offsetSeed);
    const a = new SbRng(plan.threads[0]!, undefined, uq);
    const b = new SbRng(plan.threads[1]!, undefined, uq);
    expect([a.unique(), b.unique(), b.unique(), a.unique(), a.unique(), b.unique()]).toEqual(REF_UNIQUE);
  });

  it('lives in a SharedArrayBuffer and is advanced atomically from other threads', async () => {
    const uq = createUniqueState(plan.unique.indexSeed, plan.unique.offsetSeed);
    expect(uq.cell.buffer).toBeInstanceOf(SharedArrayBuffer);
    const r = new SbRng(plan.threads[0]!, undefined, uq);
    expect(r.unique()).toBe(REF_UNIQUE[0]);
    // another thread draws 3 indexes (what its SbRng.unique() does to the cell)
    const w = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       for (let i = 0; i < 3; i++) Atomics.add(workerData.cell, workerData.slot, 1);
       parentPort.postMessage('done');`,
      { eval: true, workerData: { cell: uq.cell, slot: uq.slot } },
    );
    await new Promise((resolve, reject) => { w.once('message', resolve); w.once('error', reject); });
    await w.terminate();
    expect(r.unique()).toBe(REF_UNIQUE[4]);
  });

  it('index wraps around 2^32 like the C uint32 counter', () => {
    const uq = createUniqueState(0, 0);
    uq.cell[0] = -1; // 0xffffffff
    const r = new SbRng([1, 2, 3, 4], undefined, uq);
    const first = r.unique();
    expect(uq.cell[0]).toBe(0);
    const again = createUniqueState(0, 0);
    again.cell[0] = -1;
    expect(new SbRng([1, 2, 3, 4], undefined, again).unique()).toBe(first);
  });

  it('permutation helper', () => {
    // x >= 4294967291 maps to itself; small values are squares mod p
    for (const x of [4294967291, 4294967292, 4294967295]) expect(uniquePermute(x)).toBe(x);
    expect(uniquePermute(0)).toBe(0);
    expect(uniquePermute(3)).toBe(9);
    expect(uniquePermute(65536)).toBe(5); // 2^32 mod (2^32 - 5)
    // above p/2 the residue is reflected: p - x^2 mod p
    expect(uniquePermute(4294967290)).toBe(4294967291 - 1);
    const s = uniqueSeedState(424238335, 1957747793);
    expect(s.index >>> 0).toBe(s.index);
    // it is a bijection on a sample: no collisions among 100k consecutive inputs
    const seen = new Set<number>();
    for (let i = 0; i < 100000; i++) seen.add(uniquePermute(2147000000 + i));
    expect(seen.size).toBe(100000);
  });
});
