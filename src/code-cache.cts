// Loads the program's CommonJS bundles (bundle/*.cjs) with V8's code cache, so that a run does
// not parse and compile ~2.5 MB of JavaScript again on the main thread and on every worker
// thread (~50 ms each, on the critical path of start-up and in every run's client CPU).
//
// Node 20 has no built-in compile cache for user code (module.enableCompileCache is Node 22),
// and the v8-compile-cache package caches only what V8 compiles eagerly, not the functions a
// run compiles lazily, nor code loaded in worker threads. Here the cache is written after the
// program has run (createCachedData then holds every function compiled so far), once, when it
// was missing or V8 rejected it (another V8 version or flags: V8 checks, and compiles afresh).
//
// Where: $SYSBENCH_TS_CACHE_DIR, else $XDG_CACHE_HOME/sysbench-ts, else ~/.cache/sysbench-ts.
// SYSBENCH_TS_CACHE_DIR set to an empty string turns the cache off. A folder that another user
// could write to is not used (cached code is run as ours).
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** what the loaded file exported, and how to store its compiled code when that is worth it */
export interface CachedModule {
  exports: unknown;
  /** true when the code came from the cache */
  fromCache: boolean;
  /** writes the cache if it was missing or rejected (at most once); never throws */
  save(): void;
}

function cacheDir(): string | null {
  const env = process.env.SYSBENCH_TS_CACHE_DIR;
  if (env !== undefined) return env === '' ? null : env;
  const base = process.env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : '');
  return base ? join(base, 'sysbench-ts') : null;
}

/** the folder, created if needed, when only we can write to it */
function usableDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = statSync(dir);
    const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid;
    return st.isDirectory() && st.uid === uid && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

let usable: string | null | undefined;
/** The cache folder of this process when it can be used, else null (decided once). */
export function usableCacheDir(): string | null {
  if (usable === undefined) {
    const dir = cacheDir();
    usable = dir !== null && usableDir(dir) ? dir : null;
  }
  return usable;
}

/**
 * Names a file's cache entries apart from those of the same file installed elsewhere (FNV-1a of
 * its folder `dir`): two installs used in turn (a global one and a project's, or the builds an A/B
 * comparison runs) would otherwise each remove the other's entry as stale, and every run would
 * compile the programs again.
 */
export function installTag(dir: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < dir.length; i++) h = Math.imul(h ^ dir.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * How the cache folder names the entries of `file` (by its install, the V8 version and the file's
 * size and time), and which of the others are this install's earlier builds or other installs'.
 */
function entriesOf(file: string) {
  const base = basename(file);
  const tag = installTag(dirname(file));
  const own = `${base}-${tag}-`;
  return {
    name: (size: number, mtimeMs: number): string =>
      `${own}${process.versions.v8}-${process.arch}-${size}-${Math.trunc(mtimeMs)}.v8`,
    // also an entry named before entries had an install tag (the V8 version follows the file name)
    isEarlierBuild: (f: string): boolean =>
      f.startsWith(own) || (f.startsWith(`${base}-`) && /^\d+\.\d+\./.test(f.slice(base.length + 1))),
    otherInstall: (f: string): string | null => {
      const m = f.startsWith(`${base}-`) ? /^([0-9a-f]{8})-/.exec(f.slice(base.length + 1)) : null;
      return m !== null && m[1] !== tag ? m[1] : null;
    },
  };
}

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** the other installs whose entries of one kind a cache folder keeps (the most recently written) */
const OTHER_INSTALLS_KEPT = 3;

/**
 * Writes `dir`/`name` atomically (another process may be loading or writing the same file);
 * the other files of `dir` that `isStale` names (caches of earlier builds) are removed, and of
 * the entries `otherInstall` attributes to other installs, those of all but the
 * OTHER_INSTALLS_KEPT installs written last (an install that is gone, a clone made for one test
 * run, would otherwise keep its entries for good; one still in use writes its own again).
 */
export function writeCacheFile(
  dir: string, name: string, data: Uint8Array, isStale: (file: string) => boolean,
  otherInstall: (file: string) => string | null = () => null,
): void {
  const tmp = join(dir, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}`);
  try {
    writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, join(dir, name));
  } catch (e) {
    // a full disk leaves no half-written file behind
    try { unlinkSync(tmp); } catch { /* not created */ }
    throw e;
  }
  const others = new Map<string, { files: string[]; newest: number }>();
  for (const f of readdirSync(dir)) {
    if (f === name) continue;
    if (isStale(f)) {
      remove(join(dir, f));
      continue;
    }
    const tag = otherInstall(f);
    if (tag === null) continue;
    let mtime = 0;
    try { mtime = statSync(join(dir, f)).mtimeMs; } catch { continue; /* removed meanwhile */ }
    const o = others.get(tag) ?? { files: [], newest: 0 };
    o.files.push(f);
    o.newest = Math.max(o.newest, mtime);
    others.set(tag, o);
  }
  const byAge = [...others.values()].sort((a, b) => b.newest - a.newest);
  for (const o of byAge.slice(OTHER_INSTALLS_KEPT)) for (const f of o.files) remove(join(dir, f));
}

function remove(path: string): void {
  try { unlinkSync(path); } catch { /* another process got there first */ }
}

/** Runs the CommonJS file `file` as require() would, with its compiled code from the cache. */
export function loadCached(file: string): CachedModule {
  const fd = openSync(file, 'r');
  let source: string;
  let size: number;
  let mtimeMs: number;
  try {
    const st = fstatSync(fd);
    size = st.size;
    mtimeMs = st.mtimeMs;
    const bytes = readFileSync(fd);
    // the bundles are ASCII (scripts/bundle.mjs): read as Latin-1, a plain copy
    source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
  const dir = usableCacheDir();
  const useCache = dir !== null;
  const entries = entriesOf(file);
  const name = entries.name(size, mtimeMs);
  const cachedData = useCache ? readCache(join(dir, name)) : undefined;
  const wrapper = '(function (exports, require, module, __filename, __dirname) {' + source + '\n})';
  const script = new Script(wrapper, { filename: file, cachedData });
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  const fn = script.runInThisContext() as (...args: unknown[]) => void;
  const mod = { exports: {} as unknown };
  fn.call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
  let saved = fromCache || !useCache;
  return {
    exports: mod.exports,
    fromCache,
    save() {
      if (saved || dir === null) return;
      saved = true;
      try {
        // the caches of earlier builds of the same file are of no more use
        writeCacheFile(dir, name, script.createCachedData(), entries.isEarlierBuild, entries.otherInstall);
      } catch {
        // a cache is an optimisation: a full disk or a read-only home changes nothing else
      }
    },
  };
}
