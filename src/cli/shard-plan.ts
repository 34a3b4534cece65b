// What --shard changes for a Lua test: which thread ids and seeds this process's threads get,
// where its sysbench.rand.unique() block starts, and the thread count scripts see.
import type { ExportedOption } from '../options/registry.js';
import type { UniqueState } from '../rand/sb-rand.js';
import type { SeedPlan, SeedWords } from '../rand/seeding.js';
import { firstThreadId, shiftUniqueIndex } from '../shard/shard.js';
import type { Config } from './settings.js';

/**
 * The shard's threads in a plan made for the whole run (N x --threads threads): their seeds and
 * the first id. Moves `unique` to the shard's block of the index space. Without --shard: the
 * plan as it is.
 */
export function shardThreads(config: Config, plan: SeedPlan, unique: UniqueState): { seeds: SeedWords[]; firstThreadId: number } {
  const s = config.shard;
  if (!s) return { seeds: plan.threads, firstThreadId: 0 };
  const first = firstThreadId(s, config.limits.threads);
  shiftUniqueIndex(unique.cell, unique.slot, s);
  return { seeds: plan.threads.slice(first, first + config.limits.threads), firstThreadId: first };
}

/** Scripts see the whole run's thread count (sysbench.opt.threads, and the 0.5 global num_threads). */
export function shardedOptions(options: ExportedOption[], config: Config): ExportedOption[] {
  const s = config.shard;
  if (!s) return options;
  const local = config.limits.threads;
  return options.map((o) => ((o.name === 'threads' || o.name === 'num_threads') && o.value === local
    ? { name: o.name, value: local * s.count }
    : o));
}
