/**
 * Bit-exact emulation of glibc's `random()` / `srandom()` with the default
 * state size (128 bytes of state = TYPE_3: degree 31, separation 3).
 *
 * Algorithm (as implemented by glibc's random_r.c):
 *  - state is 31 signed 32-bit words;
 *  - srandom(seed): seed 0 is replaced by 1; word[0] = seed (as int32) and
 *    word[i] = 16807 * word[i-1] mod (2^31 - 1), computed with Schrage's
 *    method on signed 32-bit values (C division truncating toward zero);
 *    the "front" index starts at 3, the "rear" index at 0, then 310 outputs
 *    are generated and thrown away;
 *  - random(): word[front] += word[rear] (mod 2^32), the output is that sum
 *    as unsigned shifted right by one bit; both indices advance cyclically.
 *
 * The process-start state of glibc is the one produced by srandom(1).
 */

const DEG = 31;
const SEP = 3;

export class GlibcRandom {
  private readonly st = new Int32Array(DEG);
  private f = SEP;
  private r = 0;

  constructor(seed = 1) {
    this.srandom(seed);
  }

  /** glibc srandom(); `seed` is taken modulo 2^32 like C's `unsigned int`. */
  srandom(seed: number): void {
    const st = this.st;
    let word = seed | 0; // unsigned int stored into int32_t
    if (word === 0) word = 1;
    st[0] = word;
    for (let i = 1; i < DEG; i++) {
      // Schrage: 16807 * word mod 2147483647 without overflow.
      // `/` and `%` must truncate toward zero like C for negative words.
      const hi = (word / 127773) | 0;
      const lo = word % 127773;
      word = (16807 * lo - 2836 * hi) | 0;
      if (word < 0) word = (word + 2147483647) | 0;
      st[i] = word;
    }
    this.f = SEP;
    this.r = 0;
    for (let i = 0; i < DEG * 10; i++) this.random();
  }

  /** glibc random(): a value in [0, 2^31 - 1]. */
  random(): number {
    const st = this.st;
    const f = this.f;
    const r = this.r;
    const sum = (st[f] + st[r]) | 0;
    st[f] = sum;
    this.f = f + 1 === DEG ? 0 : f + 1;
    this.r = r + 1 === DEG ? 0 : r + 1;
    return sum >>> 1;
  }

  /** Copy of the internal state (for tests / snapshots). */
  clone(): GlibcRandom {
    const c = new GlibcRandom();
    c.st.set(this.st);
    c.f = this.f;
    c.r = this.r;
    return c;
  }
}
