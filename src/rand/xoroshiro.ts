/**
 * xoroshiro128+ (Blackman & Vigna, 2016 variant with rotations 55/14/36, as
 * used by sysbench 1.0) implemented on 32-bit halves: no BigInt anywhere.
 *
 * A 64-bit word is kept as (hi, lo), each a signed int32 JS number holding
 * the bit pattern. The 64-bit state s[0], s[1] is (s0h:s0l), (s1h:s1l).
 */

const TWO_M32 = 1 / 4294967296; // 2^-32
const TWO_M52 = TWO_M32 / 1048576; // 2^-52

export class Xoroshiro128Plus {
  s0h = 0;
  s0l = 0;
  s1h = 0;
  s1l = 0;
  /** High / low 32 bits (as uint32 numbers) of the last `next()` output. */
  hi = 0;
  lo = 0;

  constructor(w0 = 0, w1 = 0, w2 = 0, w3 = 0) {
    this.setState(w0, w1, w2, w3);
  }

  /** s[0] = (w0 << 32) | w1, s[1] = (w2 << 32) | w3 (each word taken mod 2^32). */
  setState(w0: number, w1: number, w2: number, w3: number): void {
    this.s0h = w0 | 0;
    this.s0l = w1 | 0;
    this.s1h = w2 | 0;
    this.s1l = w3 | 0;
  }

  /** Current state as 4 uint32 words [s0 hi, s0 lo, s1 hi, s1 lo]. */
  getState(): [number, number, number, number] {
    return [this.s0h >>> 0, this.s0l >>> 0, this.s1h >>> 0, this.s1l >>> 0];
  }

  /** Advance the state; returns nothing, output is in `hi` / `lo`. */
  next(): void {
    const ah = this.s0h;
    const al = this.s0l;
    let bh = this.s1h;
    let bl = this.s1l;

    // result = s0 + s1 (mod 2^64) in int32 halves; the carry out of the low half is computed
    // without a branch (a data-dependent branch mispredicts half the time)
    const lo = (al + bl) | 0;
    const carry = ((al & bl) | ((al | bl) & ~lo)) >>> 31;
    this.lo = lo >>> 0;
    this.hi = (ah + bh + carry) >>> 0;

    // s1 ^= s0
    bh ^= ah;
    bl ^= al;

    // s[0] = rotl(s0, 55) ^ s1 ^ (s1 << 14)
    //   rotl(x, 55): hi' = lo << 23 | hi >>> 9 ; lo' = hi << 23 | lo >>> 9
    this.s0h = ((al << 23) | (ah >>> 9)) ^ bh ^ ((bh << 14) | (bl >>> 18));
    this.s0l = ((ah << 23) | (al >>> 9)) ^ bl ^ (bl << 14);

    // s[1] = rotl(s1, 36): hi' = lo << 4 | hi >>> 28 ; lo' = hi << 4 | lo >>> 28
    this.s1h = (bl << 4) | (bh >>> 28);
    this.s1l = (bh << 4) | (bl >>> 28);
  }

  /**
   * Uniform double in [0, 1): the top 52 bits of the next output scaled by
   * 2^-52 (identical to sysbench's `0x3FF << 52 | x >> 12` bit trick minus 1.0;
   * both the scaling and the sum below are exact).
   */
  nextDouble(): number {
    const ah = this.s0h;
    const al = this.s0l;
    let bh = this.s1h;
    let bl = this.s1l;

    const lo = (al + bl) | 0;
    const hi = (ah + bh + (((al & bl) | ((al | bl) & ~lo)) >>> 31)) | 0;

    bh ^= ah;
    bl ^= al;
    this.s0h = ((al << 23) | (ah >>> 9)) ^ bh ^ ((bh << 14) | (bl >>> 18));
    this.s0l = ((ah << 23) | (al >>> 9)) ^ bl ^ (bl << 14);
    this.s1h = (bl << 4) | (bh >>> 28);
    this.s1l = (bh << 4) | (bl >>> 28);

    return (hi >>> 0) * TWO_M32 + (lo >>> 12) * TWO_M52;
  }
}
