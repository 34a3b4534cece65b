// The cpu test (sysbench's src/tests/cpu): each event counts the primes below
// --cpu-max-prime by trial division, with the bound compared as a double like the C code.
import type { Logger } from '../output.js';
import type { OptionRegistry } from '../options/registry.js';
import { EventThread, type ThreadEnv } from './thread.js';

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

/** One event's work: the number of primes in [3, max). */
export function countPrimes(max: number): number {
  let n = 0;
  for (let c = 3; c < max; c++) {
    const t = Math.sqrt(c);
    let l = 2;
    for (; l <= t; l++) if (c % l === 0) break;
    if (l > t) n++;
  }
  return n;
}

export class CpuThread extends EventThread {
  /** keeps the result alive, so the loop cannot be optimised away */
  sink = 0;

  constructor(env: ThreadEnv, private readonly c: CpuConfig) {
    super(env);
  }

  protected next(): boolean {
    return true;
  }

  protected execute(): boolean {
    this.sink += countPrimes(this.c.maxPrime);
    return true;
  }
}
