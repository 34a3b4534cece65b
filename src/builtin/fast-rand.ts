// Hot-loop access to a thread's xoroshiro128+ generator for the built-in tests. The memory
// loops below inline the step on local copies of the state (the same arithmetic as
// Xoroshiro128Plus.nextDouble()) and write it back, so every other user of the generator
// (sb_rand_* calls, the histogram slot) remains in step with sysbench.
import type { Xoroshiro128Plus } from '../rand/xoroshiro.js';

/** sb_rand_uniform_double(): the generator's own (branch-free) step. */
export function nextDouble(x: Xoroshiro128Plus): number {
  return x.nextDouble();
}

/** sb_rand_uniform(a, b) for uint32 bounds. */
export function uniform(x: Xoroshiro128Plus, a: number, b: number): number {
  return (a + nextDouble(x) * ((b - a + 1) >>> 0)) >>> 0;
}

// The memory test's random blocks: `n` draws of (size_t)(uniform double * n) each, then a
// load, a store of the byte counter, or nothing. The generator state lives in locals for
// the loop and is written back at the end. Reads return a value depending on every load,
// so that no load can be dropped. (One function per operation keeps the loops tight.)
//
// n is a power of two (the block size is one): the uniform double is the output's top 52
// bits over 2^52, so floor(double * 2^m) is exactly the output's top m bits, i.e. the high
// word shifted right by 32 - m (for 1 <= m <= 32). Other sizes take the double path.

/** The shift giving the index from the high output word, or -1 when n is not 2^1..2^32. */
export function indexShift(n: number): number {
  for (let m = 1; m <= 32; m++) if (n === 2 ** m) return 32 - m;
  return -1;
}

export function randomRead(x: Xoroshiro128Plus, f: Float64Array, n: number): number {
  const shift = indexShift(n);
  if (shift < 0) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += f[Math.floor(nextDouble(x) * n)];
    return sum;
  }
  let s0h = x.s0h;
  let s0l = x.s0l;
  let s1h = x.s1h;
  let s1l = x.s1l;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const ah = s0h;
    const al = s0l;
    let bh = s1h;
    let bl = s1l;
    const lo = (al + bl) | 0;
    const hi = (ah + bh + (((al & bl) | ((al | bl) & ~lo)) >>> 31)) | 0;
    bh ^= ah;
    bl ^= al;
    s0h = ((al << 23) | (ah >>> 9)) ^ bh ^ ((bh << 14) | (bl >>> 18));
    s0l = ((ah << 23) | (al >>> 9)) ^ bl ^ (bl << 14);
    s1h = (bl << 4) | (bh >>> 28);
    s1l = (bh << 4) | (bl >>> 28);
    sum += f[hi >>> shift];
  }
  x.s0h = s0h;
  x.s0l = s0l;
  x.s1h = s1h;
  x.s1l = s1l;
  return sum;
}

export function randomWrite(x: Xoroshiro128Plus, f: Float64Array, n: number): void {
  const shift = indexShift(n);
  if (shift < 0) {
    for (let i = 0; i < n; i++) f[Math.floor(nextDouble(x) * n)] = i * 8;
    return;
  }
  let s0h = x.s0h;
  let s0l = x.s0l;
  let s1h = x.s1h;
  let s1l = x.s1l;
  for (let i = 0; i < n; i++) {
    const ah = s0h;
    const al = s0l;
    let bh = s1h;
    let bl = s1l;
    const lo = (al + bl) | 0;
    const hi = (ah + bh + (((al & bl) | ((al | bl) & ~lo)) >>> 31)) | 0;
    bh ^= ah;
    bl ^= al;
    s0h = ((al << 23) | (ah >>> 9)) ^ bh ^ ((bh << 14) | (bl >>> 18));
    s0l = ((ah << 23) | (al >>> 9)) ^ bl ^ (bl << 14);
    s1h = (bl << 4) | (bh >>> 28);
    s1l = (bh << 4) | (bl >>> 28);
    f[hi >>> shift] = i * 8;
  }
  x.s0h = s0h;
  x.s0l = s0l;
  x.s1h = s1h;
  x.s1l = s1l;
}

/** --memory-oper=none: the draws alone. */
export function randomNone(x: Xoroshiro128Plus, n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.floor(nextDouble(x) * n);
  return sum;
}
