// The memory test: option checks, per-thread operation limits, real reads and writes on the
// buffer (random offsets exactly as sysbench draws them), and the output.
import { beforeAll, describe, expect, it } from 'vitest';
import { SbRng } from '../../src/rand/sb-rand.js';
import { indexShift, randomRead, randomWrite } from '../../src/builtin/fast-rand.js';
import { memoryKernel, provideKernel, STATE_SLOT } from '../../src/builtin/kernels.js';
import { allocBlock } from '../../src/builtin/memory.js';
import { readFileSync } from 'node:fs';
import { compileWat } from '../../scripts/build-wasm.mjs';
import { hasReference, layout as maskedLayout, REFERENCE, sysbench } from '../helpers/sysbench.js';

/** masked lines; "%8.2f" pads with spaces that depend on the value */
const layout = (text: string): string[] => maskedLayout(text).map((l) => l.replace(/\( /g, '('));

describe('random word offsets', () => {
  it('are floor(uniform double * words), the same draws as sysbench', () => {
    for (const n of [1, 2, 8, 128, 4096, 3]) {
      const a = new SbRng([11, 22, 33, 44]);
      const b = new SbRng([11, 22, 33, 44]);
      const fa = new Float64Array(n);
      const fb = new Float64Array(n);
      randomWrite(a.x, fa, n);
      // the reference loop, on sysbench's uniform double
      for (let i = 0; i < n; i++) fb[Math.floor(b.uniformDouble() * n)] = i * 8;
      expect([...fa], `n=${n}`).toEqual([...fb]);
      expect(a.uniformDouble()).toBe(b.uniformDouble());
    }
    expect(indexShift(1)).toBe(-1);
    expect(indexShift(2 ** 32)).toBe(0);
  });

  it('reads load the words they draw', () => {
    const f = new Float64Array(256).map((_, i) => i);
    const a = new SbRng([5, 6, 7, 8]);
    const b = new SbRng([5, 6, 7, 8]);
    let want = 0;
    for (let i = 0; i < 256; i++) want += Math.floor(b.uniformDouble() * 256);
    expect(randomRead(a.x, f, 256)).toBe(want);
  });
});

describe('memory events (src/builtin/wasm/memory.wat)', () => {
  beforeAll(async () => {
    // tests run from src/, where no build put builtin-memory.wasm
    provideKernel('memory', ((await compileWat()) as Record<string, Uint8Array>).memory);
  });

  /** one page: a block of `words` words from 0, the state slot right after it */
  function setup(words: number, seed: number[]) {
    const buffer = new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
    const k = memoryKernel(buffer);
    const at = words * 8;
    const rng = new SbRng(seed);
    const s = new Int32Array(buffer.buffer, at, 4);
    s.set([rng.x.s0l, rng.x.s0h, rng.x.s1l, rng.x.s1h]);
    expect(at + STATE_SLOT).toBeLessThanOrEqual(65536);
    return { k, at, s, block: new BigUint64Array(buffer.buffer, 0, words) };
  }

  it('random writes store the byte counter at the words sysbench draws, and step the generator as it does', () => {
    for (const words of [1, 2, 5, 7, 128, 4096]) {
      const { k, at, s, block } = setup(words, [11, 22, 33, 44]);
      const ref = new SbRng([11, 22, 33, 44]);
      const want = new Array<bigint>(words).fill(0n);
      for (let i = 0; i < words; i++) want[Math.floor(ref.uniformDouble() * words)] = BigInt(i * 8);
      k.rndWrite(words, at);
      expect([...block], `words=${words}`).toEqual(want);
      // the state written back is the reference generator's, word for word
      expect([...s]).toEqual([ref.x.s0l, ref.x.s0h, ref.x.s1l, ref.x.s1h]);
    }
  });

  it('random reads and none step the generator once a word, without writing the block', () => {
    for (const words of [1, 4, 5, 7, 128]) {
      const { k, at, s, block } = setup(words, [5, 6, 7, 8]);
      const ref = new SbRng([5, 6, 7, 8]);
      k.rndRead(words, at);
      expect(block.every((w) => w === 0n)).toBe(true);
      for (let i = 0; i < words; i++) ref.uniformDouble();
      expect([...s]).toEqual([ref.x.s0l, ref.x.s0h, ref.x.s1l, ref.x.s1h]);
      k.rndNone(words, at);
      for (let i = 0; i < words; i++) ref.uniformDouble();
      expect([...s], `words=${words}`).toEqual([ref.x.s0l, ref.x.s0h, ref.x.s1l, ref.x.s1h]);
      expect(block.every((w) => w === 0n)).toBe(true);
    }
  });

  it('sequential writes give each word the count of words from it to the end', () => {
    for (const words of [1, 4, 8, 64]) {
      const { k, block } = setup(words, [1, 2, 3, 4]);
      const want = Array.from({ length: words }, (_, i) => BigInt(words - i));
      k.seqWrite(words);
      expect([...block], `words=${words}`).toEqual(want);
      k.seqRead(words);
      k.seqNone(words);
      expect([...block]).toEqual(want);
    }
  });
});

describe('memory buffers', () => {
  const rssKiB = (): number => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]);

  // sysbench zeroes each buffer after allocating it (memory_init), so reads hit real pages; an
  // untouched mapping reads the kernel's zero page, and random reads of a large block would
  // stay in one page of cache
  it.runIf(process.platform === 'linux')('are written once allocated, as sysbench zeroes them', () => {
    // an untouched block adds next to nothing; half the block is far above what the rest of
    // the process gives back or takes meanwhile (a collection moved 64 MiB by 0.5 MiB)
    const size = 256 * 1024 * 1024;
    const before = rssKiB();
    expect(allocBlock(size, 1)).not.toBeNull();
    expect(rssKiB() - before).toBeGreaterThanOrEqual(size / 2 / 1024);
  });
});

describe('sysbench memory run', () => {
  const base = ['memory', '--memory-block-size=4K', '--memory-total-size=8M', '--time=0'];

  it('does total size / block size / threads operations per thread, --events aside', () => {
    const r = sysbench([...base, '--threads=3', '--events=1', 'run']);
    expect(r.code).toBe(0);
    // 2048 blocks / 3 threads = 682 each
    expect(r.stdout).toMatch(/Total operations: 2046 \( *[\d.]+ per second\)\n\n7\.99 MiB transferred/);
    expect(r.stdout).toContain('  block size: 4KiB\n  total size: 8MiB\n  operation: write\n  scope: global\n');
  });

  it('reads and writes, global and local, sequential and random', () => {
    for (const extra of [
      ['--memory-oper=read'], ['--memory-scope=local', '--memory-access-mode=rnd'],
      ['--memory-access-mode=rnd', '--memory-oper=read', '--threads=2'],
    ]) {
      const r = sysbench([...base, ...extra, 'run']);
      expect(r.code, extra.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/Total operations: 2048 .*\n\n8\.00 MiB transferred/);
    }
  });

  it('--memory-oper=none has no transfer line', () => {
    const r = sysbench([...base, '--memory-oper=none', 'run']);
    expect(r.stdout).toMatch(/Total operations: 2048 \( *[\d.]+ per second\)\n\n\nGeneral statistics:/);
  });

  it('rejects bad values before the run banner', () => {
    for (const [opt, msg] of [
      ['--memory-block-size=3', 'Invalid value for memory-block-size: 3'],
      ['--memory-block-size=12', 'Invalid value for memory-block-size: 12'],
      ['--memory-scope=x', 'Invalid value for memory-scope: x'],
      ['--memory-oper=copy', 'Invalid value for memory-oper: copy'],
      ['--memory-access-mode=x', 'Invalid value for memory-access-mode: x'],
    ]) {
      const r = sysbench(['memory', opt, 'run']);
      expect(r.code, opt).toBe(1);
      expect(r.stdout).toContain(`\nFATAL: ${msg}\n`);
      expect(r.stdout).not.toContain('Running the test');
    }
  });

  it('says that --memory-hugetlb is unsupported', () => {
    const r = sysbench(['memory', '--memory-hugetlb', 'run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FATAL: --memory-hugetlb is not supported by sysbench-ts');
  });

  it('prints "[ Ns ] x MiB/sec" intermediate reports', () => {
    const r = sysbench(['memory', '--memory-total-size=0', '--time=2', '--report-interval=1', 'run']);
    expect(r.stdout).toMatch(/\n\[ 1s \] \d+\.\d\d MiB\/sec\n/);
  });
});

describe.skipIf(!hasReference)(`memory output layout equals ${REFERENCE}'s`, () => {
  const cases = [
    ['memory', '--memory-block-size=4K', '--memory-total-size=64M', '--threads=2', 'run'],
    ['memory', '--memory-block-size=1K', '--memory-total-size=16M', '--memory-access-mode=rnd', '--memory-oper=read', 'run'],
    ['memory', '--memory-block-size=1M', '--memory-total-size=0', '--time=1', '--memory-oper=none', 'run'],
    ['memory', '--memory-block-size=4K', '--memory-total-size=1K', 'run'],
    ['memory', '--memory-block-size=-1', 'run'],
  ];
  for (const args of cases) {
    it(args.join(' '), () => {
      const ours = sysbench(args);
      const ref = sysbench(args, { bin: REFERENCE });
      expect(ours.code).toBe(ref.code);
      expect(layout(ours.stdout)).toEqual(layout(ref.stdout));
    });
  }
});
