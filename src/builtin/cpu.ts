// The cpu test (sysbench's src/tests/cpu): each event counts the primes below
// --cpu-max-prime by trial division, with the bound compared as a double like the C code.
// The event runs in WebAssembly (src/builtin/wasm/cpu.wat): a 64-bit unsigned remainder per
// trial and a square root per candidate, the instructions whose speed sysbench's figure is.
import type { Logger } from '../output.js';
import type { OptionRegistry } from '../options/registry.js';
import { EventThread, type ThreadEnv } from './thread.js';
import { cpuKernel, type CpuKernel } from './kernels.js';

export interface CpuConfig {
  kind: 'cpu';
  maxPrime: number;
}

/** cpu_init(): null when the option is invalid (the FATAL line is out). */
export function cpuInit(reg: OptionRegistry, log: Logger): CpuConfig | null {
  const max = reg.getInt('cpu-max-prime');
  if (max <= 0) {
    log.fatal(`Invalid value of cpu-max-prime: ${max}.`);
    return null;
  }
  return { kind: 'cpu', maxPrime: max };
}

export function cpuPrintMode(c: CpuConfig, log: Logger): void {
  log.info('Doing CPU performance benchmark\n');
  log.notice(`Prime numbers limit: ${c.maxPrime}\n`);
}

export class CpuThread extends EventThread {
  private readonly k: CpuKernel = cpuKernel();

  constructor(env: ThreadEnv, private readonly c: CpuConfig) {
    super(env);
  }

  protected next(): boolean {
    return true;
  }

  protected execute(): boolean {
    this.k.primes(this.c.maxPrime);
    return true;
  }
}
