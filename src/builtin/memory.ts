// The memory test (sysbench's src/tests/memory): each event reads or writes one
// --memory-block-size block, word by word (8-byte words, like size_t), sequentially or at
// random offsets drawn from the thread's generator. Buffers are shared memory: one for all
// threads (--memory-scope=global) or one per thread (local).
//
// The events run in WebAssembly (src/builtin/wasm/memory.wat): one 64-bit load or store per
// word and sysbench's 64-bit generator step per random word, so the figure is the machine's,
// as sysbench's is. The buffer is then a shared WebAssembly memory: the block from address 0,
// then a STATE_SLOT per thread. Blocks too large for one (over 2 GiB) take loops in JavaScript
// over a SharedArrayBuffer.
import type { Logger } from '../output.js';
import type { OptionRegistry } from '../options/registry.js';
import { EventThread, type ThreadEnv } from './thread.js';
import { randomNone, randomRead, randomWrite } from './fast-rand.js';
import { memoryKernel, STATE_SLOT } from './kernels.js';

const WORD = 8;

export type MemoryOper = 'read' | 'write' | 'none';

export interface MemoryConfig {
  kind: 'memory';
  blockSize: number;
  /** --memory-total-size as sysbench's signed long long */
  totalSize: bigint;
  scope: 'global' | 'local';
  oper: MemoryOper;
  rnd: boolean;
  /** events per thread (total size / block size / threads), when the total size is > 0 */
  opsPerThread: number;
  limited: boolean;
  /** one buffer (global) or one per thread (local) */
  buffers: (WebAssembly.Memory | SharedArrayBuffer)[];
}

const PAGE = 65536;
/** the largest block a WebAssembly memory holds with room for the state slots (32-bit addresses) */
const WASM_MAX_BLOCK = 2 ** 31;

/**
 * sysbench's memory_init() zeroes each buffer after allocating it, which gives the block real
 * pages. A fresh mapping's pages all read the kernel's one zero page until written: reads of an
 * untouched block would hit the same 4 KiB of cache whatever the block size (random reads of 1M
 * blocks ran at 160% of the reference's before this).
 */
function touch(buffer: ArrayBufferLike, size: number): void {
  new Uint8Array(buffer, 0, size).fill(0);
}

/** A buffer for the block and `slots` state slots after it; null when memory is short. */
export function allocBlock(size: number, slots: number): WebAssembly.Memory | SharedArrayBuffer | null {
  try {
    if (size > WASM_MAX_BLOCK) {
      const sab = new SharedArrayBuffer(size);
      touch(sab, size);
      return sab;
    }
    const pages = Math.ceil((size + slots * STATE_SLOT) / PAGE);
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
    touch(memory.buffer, size);
    return memory;
  } catch {
    return null;
  }
}

/** memory_init(): null when an option is invalid or memory is short (the FATAL line is out). */
export function memoryInit(reg: OptionRegistry, threads: number, log: Logger): MemoryConfig | null {
  // the size is an unsigned 64-bit value held in a signed ssize_t
  const bs = BigInt.asIntN(64, reg.getSizeBig('memory-block-size'));
  if (bs < BigInt(WORD) || (bs & (bs - 1n)) !== 0n) {
    log.fatal(`Invalid value for memory-block-size: ${reg.getString('memory-block-size') ?? '(null)'}`);
    return null;
  }
  const totalSize = BigInt.asIntN(64, reg.getSizeBig('memory-total-size'));
  const scopeText = reg.getString('memory-scope') ?? '';
  if (scopeText !== 'global' && scopeText !== 'local') {
    log.fatal(`Invalid value for memory-scope: ${scopeText}`);
    return null;
  }
  const hugetlb = reg.getFlag('memory-hugetlb');
  const operText = reg.getString('memory-oper') ?? '';
  if (operText !== 'write' && operText !== 'read' && operText !== 'none') {
    log.fatal(`Invalid value for memory-oper: ${operText}`);
    return null;
  }
  const modeText = reg.getString('memory-access-mode') ?? '';
  if (modeText !== 'seq' && modeText !== 'rnd') {
    log.fatal(`Invalid value for memory-access-mode: ${modeText}`);
    return null;
  }
  if (hugetlb) {
    // sysbench allocates these buffers with shmget(SHM_HUGETLB); Node.js has no such call
    log.fatal('--memory-hugetlb is not supported by sysbench-ts: Node.js cannot allocate memory from the HugeTLB pool');
    log.fatal('Failed to allocate buffer!');
    return null;
  }
  if (bs > BigInt(Number.MAX_SAFE_INTEGER)) {
    log.fatal(scopeText === 'global' ? 'Failed to allocate buffer!' : 'Failed to allocate buffer for thread #0!');
    return null;
  }
  const blockSize = Number(bs);
  const buffers: MemoryConfig['buffers'] = [];
  for (let i = 0; i < (scopeText === 'global' ? 1 : threads); i++) {
    const b = allocBlock(blockSize, scopeText === 'global' ? threads : 1);
    if (b === null) {
      log.fatal(scopeText === 'global' ? 'Failed to allocate buffer!' : `Failed to allocate buffer for thread #${i}!`);
      return null;
    }
    buffers.push(b);
  }
  const opsPerThread = totalSize > 0n ? Number(totalSize / bs / BigInt(Math.max(1, threads))) : 0;
  return {
    kind: 'memory', blockSize, totalSize, scope: scopeText, oper: operText, rnd: modeText === 'rnd',
    opsPerThread, limited: totalSize > 0n, buffers,
  };
}

export function memoryPrintMode(c: MemoryConfig, log: Logger): void {
  log.notice('Running memory speed test with the following options:');
  log.notice(`  block size: ${Math.trunc(c.blockSize / 1024)}KiB`);
  log.notice(`  total size: ${c.totalSize / 1024n / 1024n}MiB`);
  log.notice(`  operation: ${c.oper}`);
  log.notice(`  scope: ${c.scope}`);
  log.notice('');
}

/** Sequential write: each word gets the number of words left to the end of the block. */
function seqWrite(f: Float64Array, n: number): void {
  let k = 0;
  for (; k + 4 <= n; k += 4) {
    const v = n - k;
    f[k] = v;
    f[k + 1] = v - 1;
    f[k + 2] = v - 2;
    f[k + 3] = v - 3;
  }
  for (; k < n; k++) f[k] = n - k;
}

/** Sequential read: every word is loaded (four sums keep the loads independent). */
function seqRead(f: Float64Array, n: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let k = 0;
  for (; k + 4 <= n; k += 4) {
    a += f[k];
    b += f[k + 1];
    c += f[k + 2];
    d += f[k + 3];
  }
  for (; k < n; k++) a += f[k];
  return a + b + c + d;
}

/** Sequential "none": the loop alone. */
function seqNone(n: number): number {
  let x = 0;
  for (let k = 0; k < n; k++) x ^= k;
  return x;
}

export class MemoryThread extends EventThread {
  private left: number;
  private readonly run: () => void;
  sink = 0;

  constructor(env: ThreadEnv, private readonly c: MemoryConfig) {
    super(env);
    this.left = c.opsPerThread;
    const buffer = c.scope === 'global' ? c.buffers[0] : c.buffers[env.tid];
    const words = c.blockSize / WORD;
    this.run = buffer instanceof WebAssembly.Memory ? this.wasm(buffer, words) : this.js(buffer, words);
  }

  /** The event in WebAssembly; random blocks step the thread's generator there. */
  private wasm(buffer: WebAssembly.Memory, words: number): () => void {
    const k = memoryKernel(buffer);
    if (!this.c.rnd) {
      switch (this.c.oper) {
        case 'write': return () => k.seqWrite(words);
        case 'read': return () => k.seqRead(words);
        default: return () => k.seqNone(words);
      }
    }
    const at = this.c.blockSize + (this.c.scope === 'global' ? this.env.tid : 0) * STATE_SLOT;
    // s[0] then s[1], each a little-endian 64-bit word: (low, high) int32 pairs
    const s = new Int32Array(buffer.buffer, at, 4);
    const x = this.env.rng.x;
    const f = this.c.oper === 'write' ? k.rndWrite : this.c.oper === 'read' ? k.rndRead : k.rndNone;
    return () => {
      s[0] = x.s0l;
      s[1] = x.s0h;
      s[2] = x.s1l;
      s[3] = x.s1h;
      f(words, at);
      x.s0l = s[0];
      x.s0h = s[1];
      x.s1l = s[2];
      x.s1h = s[3];
    };
  }

  /** The event in JavaScript, for blocks over WASM_MAX_BLOCK. */
  private js(buffer: SharedArrayBuffer, n: number): () => void {
    const f = new Float64Array(buffer);
    const x = this.env.rng.x;
    switch (this.c.rnd ? `rnd-${this.c.oper}` : this.c.oper) {
      case 'write': return () => seqWrite(f, n);
      case 'read': return () => { this.sink += seqRead(f, n); };
      case 'none': return () => { this.sink += seqNone(n); };
      case 'rnd-write': return () => randomWrite(x, f, n);
      case 'rnd-read': return () => { this.sink += randomRead(x, f, n); };
      default: return () => { this.sink += randomNone(x, n); };
    }
  }

  hasNext(): boolean {
    return !this.c.limited || this.left > 0;
  }

  protected next(): boolean {
    // tls_total_ops-- hitting zero ends the thread (no limit when the total size is <= 0)
    if (this.c.limited && this.left-- === 0) return false;
    return true;
  }

  protected execute(): boolean {
    this.run();
    return true;
  }
}
