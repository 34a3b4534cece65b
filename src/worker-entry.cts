// CommonJS entry point of every piscina worker. piscina require()s its worker file before
// trying import(); on Node versions with require(esm) that half-loads an ES module graph and
// can then fail with "Unexpected status of a module that is imported again after being
// required". A CommonJS file is always loaded cleanly; it imports the real (ESM) worker.
// Node's own warnings (deprecations, timer overflows) must never reach the user's output
process.noDeprecation = true;
process.removeAllListeners('warning');

type Run = (task: { module: string; task: unknown }) => Promise<unknown>;
type JobModule = { default: (task: unknown) => Promise<unknown>; warm?: (hint: unknown) => void };

const loaded = new Map<string, Promise<JobModule>>();

// the runner names the module its tasks will use (run.ts, makePool): loading starts now, while
// the main thread is still preparing the run (a failure surfaces with the first task); the
// module's warm(hint) then starts loading what the task will need
const data = (require('node:worker_threads') as typeof import('node:worker_threads')).workerData as { preload?: unknown; hint?: unknown } | undefined;
const preload = data?.preload;
if (typeof preload === 'string') {
  const mod = import(preload) as Promise<JobModule>;
  mod.then((m) => { if (data?.hint !== undefined) m.warm?.(data.hint); }, () => {});
  loaded.set(preload, mod);
}

const run: Run = (t) => {
  let mod = loaded.get(t.module);
  if (!mod) {
    mod = import(t.module);
    loaded.set(t.module, mod);
  }
  return mod.then((m) => m.default(t.task));
};

module.exports = run;
