// CommonJS entry point of every piscina worker. piscina require()s its worker file before
// trying import(); on Node versions with require(esm) that half-loads an ES module graph and
// can then fail with "Unexpected status of a module that is imported again after being
// required". A CommonJS file is always loaded cleanly; it loads the real worker module: the
// bundle's CommonJS file through the code cache (code-cache.cts), or dist/'s ES module.
// Node's own warnings (deprecations, timer overflows) must never reach the user's output
process.noDeprecation = true;
process.removeAllListeners('warning');

import { fileURLToPath } from 'node:url';
import { loadCached } from './code-cache.cjs';

type Run = (task: { module: string; task: unknown }) => Promise<unknown>;
type JobModule = { default: (task: unknown) => Promise<unknown>; warm?: (hint: unknown) => void };
type Loaded = { mod: Promise<JobModule>; saveCache: () => void };

const loaded = new Map<string, Loaded>();

function load(url: string): Loaded {
  let l = loaded.get(url);
  if (l) return l;
  if (url.endsWith('.cjs')) {
    try {
      const cached = loadCached(fileURLToPath(url));
      l = { mod: Promise.resolve(cached.exports as JobModule), saveCache: () => cached.save() };
    } catch (e) {
      l = { mod: Promise.reject(e), saveCache: () => {} };
    }
  } else {
    l = { mod: import(url) as Promise<JobModule>, saveCache: () => {} };
  }
  loaded.set(url, l);
  return l;
}

// the runner names the module its tasks will use (runner/pool.ts, makePool): loading starts now, while
// the main thread is still preparing the run (a failure surfaces with the first task); the
// module's warm(hint) then starts loading what the task will need
const data = (require('node:worker_threads') as typeof import('node:worker_threads')).workerData as { preload?: unknown; hint?: unknown } | undefined;
const preload = data?.preload;
if (typeof preload === 'string') {
  load(preload).mod.then((m) => { if (data?.hint !== undefined) m.warm?.(data.hint); }, () => {});
}

const run: Run = (t) => {
  const l = load(t.module);
  // the code compiled during the task goes to the cache once the task is over (when the
  // cache was missing or stale): the next run starts with it compiled
  return l.mod.then((m) => m.default(t.task)).finally(l.saveCache);
};

module.exports = run;
