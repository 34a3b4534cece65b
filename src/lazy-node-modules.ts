// Node's built-in modules that only some runs need, loaded on their first use: `tls` (and the
// crypto it brings along, ~5 ms of a worker thread's start) for TLS connections, `crypto` for a
// JSON report's run id, `child_process` for os.execute and io.popen, `v8` for heap checks.
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** A getter of built-in module `name` that loads it the first time it is called. */
function lazyBuiltin<T>(name: string): () => T {
  let module: T | undefined;
  return () => (module ??= load(name) as T);
}

export const tls = lazyBuiltin<typeof import('node:tls')>('node:tls');
export const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');
export const childProcess = lazyBuiltin<typeof import('node:child_process')>('node:child_process');
export const v8 = lazyBuiltin<typeof import('node:v8')>('node:v8');
