// The built-in tests' WebAssembly: src/builtin/wasm/NAME.wat, compiled by the build
// (scripts/build-wasm.mjs) to builtin-NAME.wasm beside the program, in dist/ and in bundle/.
// Each module is compiled once per thread of Node, when first needed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PROGRAM_DIR } from '../paths.js';

/** src/builtin/wasm/cpu.wat */
export interface CpuKernel {
  /** the primes in [3, max), max taken as unsigned */
  primes(max: number): number;
}

/** src/builtin/wasm/memory.wat: `words` of the block at address 0; `state` a StateSlot's address */
export interface MemoryKernel {
  seqWrite(words: number): void;
  seqRead(words: number): void;
  seqNone(words: number): void;
  rndRead(words: number, state: number): void;
  rndWrite(words: number, state: number): void;
  rndNone(words: number, state: number): void;
}

/**
 * Bytes per thread after the memory test's block: its generator's state, s[0] and s[1], one cache
 * line apart so that threads of a global-scope run do not share one (sysbench's are thread-local).
 */
export const STATE_SLOT = 64;

const modules = new Map<string, WebAssembly.Module>();

/** Uses `bytes` for builtin-NAME.wasm: tests running from src/, where the build put none. */
export function provideKernel(name: 'cpu' | 'memory', bytes: Uint8Array): void {
  optimizedAtOnce();
  modules.set(name, new WebAssembly.Module(bytes));
}

/**
 * V8 first runs WebAssembly from its baseline compiler (Liftoff), whose loops take twice the
 * instructions, and swaps in optimized code when a function has run for a while, on a helper
 * thread: the first events of a run, and how many of them, would depend on that. These modules
 * are a few small loops: V8 compiles them optimized at once (well under a millisecond).
 * bin/sysbench starts Node with --no-liftoff; only a program started otherwise (the tests of
 * dist/) sets it here, which changes the flags V8 keys its code cache on.
 */
function optimizedAtOnce(): void {
  if (!process.execArgv.includes('--no-liftoff')) setFlagsFromString('--no-liftoff');
}

function kernel(name: 'cpu' | 'memory'): WebAssembly.Module {
  let m = modules.get(name);
  if (m === undefined) {
    optimizedAtOnce();
    m = new WebAssembly.Module(readFileSync(join(PROGRAM_DIR, `builtin-${name}.wasm`)));
    modules.set(name, m);
  }
  return m;
}

export function cpuKernel(): CpuKernel {
  return new WebAssembly.Instance(kernel('cpu')).exports as unknown as CpuKernel;
}

/** The memory test's code over `buffer`, a shared memory. */
export function memoryKernel(buffer: WebAssembly.Memory): MemoryKernel {
  return new WebAssembly.Instance(kernel('memory'), { test: { buffer } }).exports as unknown as MemoryKernel;
}
