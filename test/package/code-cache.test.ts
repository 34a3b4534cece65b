// V8's code cache for the bundle's programs (src/code-cache.cts): written after a first run,
// used by the next ones, ignored when damaged or when another user could write its folder,
// off when SYSBENCH_TS_CACHE_DIR is empty. Output never depends on it.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, sysbench } from '../helpers/sysbench.js';

const require = createRequire(import.meta.url);
const { loadCached } = require(join(ROOT, 'dist', 'code-cache.cjs')) as typeof import('../../src/code-cache.cjs');

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sbts-code-cache-'));
  dirs.push(d);
  return d;
}
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

const CPU = ['cpu', '--cpu-max-prime=2000', '--events=200', '--threads=2', 'run'];
/** what does not change between two runs of CPU (its numbers do) */
const layout = (out: string) => out.replace(/ *[\d.]+/g, ' N');

function withCacheDir(dir: string) {
  return sysbench(CPU, { env: { SYSBENCH_TS_CACHE_DIR: dir } });
}

function cacheFiles(dir: string): Record<string, { size: number; mtimeMs: number; ino: number }> {
  return Object.fromEntries(readdirSync(dir).map((f) => {
    const st = statSync(join(dir, f));
    return [f, { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino }];
  }));
}

describe('code cache', () => {
  it('loadCached: compiles and stores on the first load, takes the stored code on the next', () => {
    const dir = tempDir();
    const cacheDir = join(dir, 'cache');
    const file = join(dir, 'm.cjs');
    writeFileSync(file, 'exports.twice = (x) => 2 * x; exports.file = __filename;\n');
    const old = process.env.SYSBENCH_TS_CACHE_DIR;
    process.env.SYSBENCH_TS_CACHE_DIR = cacheDir;
    try {
      const first = loadCached(file);
      expect(first.fromCache).toBe(false);
      expect((first.exports as { twice: (x: number) => number }).twice(21)).toBe(42);
      expect((first.exports as { file: string }).file).toBe(file);
      first.save();
      expect(readdirSync(cacheDir)).toHaveLength(1);
      const second = loadCached(file);
      expect(second.fromCache).toBe(true);
      expect((second.exports as { twice: (x: number) => number }).twice(4)).toBe(8);
      // a changed file gets a new cache entry, and the stale one goes
      writeFileSync(file, 'exports.twice = (x) => x + x + 0; exports.file = __filename; // longer\n');
      const third = loadCached(file);
      expect(third.fromCache).toBe(false);
      third.save();
      expect(readdirSync(cacheDir)).toHaveLength(1);
    } finally {
      if (old === undefined) delete process.env.SYSBENCH_TS_CACHE_DIR;
      else process.env.SYSBENCH_TS_CACHE_DIR = old;
    }
  });

  it('keeps the entries of the same program installed in two places; removes only its own earlier builds', () => {
    const dir = tempDir();
    const cacheDir = join(dir, 'cache');
    const a = join(dir, 'a', 'm.cjs');
    const b = join(dir, 'b', 'm.cjs');
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    writeFileSync(a, 'exports.v = 1;\n');
    writeFileSync(b, 'exports.v = 22;\n');
    mkdirSync(cacheDir, { mode: 0o700 });
    // an entry named as before install tags: the next save removes it
    writeFileSync(join(cacheDir, `m.cjs-${process.versions.v8}-${process.arch}-10-123.v8`), 'old');
    // the cache folder is decided once per process: a process of its own
    const loads = (...files: string[]): boolean[] => JSON.parse(execFileSync(process.execPath, ['-e', `
      const { loadCached } = require(${JSON.stringify(join(ROOT, 'dist', 'code-cache.cjs'))});
      console.log(JSON.stringify(${JSON.stringify(files)}.map((f) => { const m = loadCached(f); m.save(); return m.fromCache; })));
    `], { env: { ...process.env, SYSBENCH_TS_CACHE_DIR: cacheDir }, encoding: 'utf8' })) as boolean[];
    expect(loads(a, b)).toEqual([false, false]);
    expect(readdirSync(cacheDir), 'one entry per install').toEqual([expect.stringMatching(/^m\.cjs-[0-9a-f]{8}-/), expect.stringMatching(/^m\.cjs-[0-9a-f]{8}-/)]);
    // each install takes its own entry, used in turn
    expect(loads(a, b, a, b)).toEqual([true, true, true, true]);
    // a new build at one place replaces that place's entry only
    writeFileSync(a, 'exports.v = 333;\n');
    expect(loads(a, b, a)).toEqual([false, true, true]);
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });

  it("keeps the entries of the three installs written last besides its own, not of every install there ever was", () => {
    const dir = tempDir();
    const cacheDir = join(dir, 'cache');
    const file = join(dir, 'm.cjs');
    writeFileSync(file, 'exports.v = 1;\n');
    mkdirSync(cacheDir, { mode: 0o700 });
    // five other installs' entries, written one after the other (tags that are not this folder's)
    const others = ['0000000a', '0000000b', '0000000c', '0000000d', '0000000e'].map((tag, i) => {
      const f = `m.cjs-${tag}-${process.versions.v8}-${process.arch}-10-123.v8`;
      writeFileSync(join(cacheDir, f), 'x');
      utimesSync(join(cacheDir, f), 1_000_000 + i, 1_000_000 + i);
      return f;
    });
    // a file of another program stays whatever its name
    writeFileSync(join(cacheDir, 'other.cjs-0000000f-x.v8'), 'x');
    execFileSync(process.execPath, ['-e', `
      const { loadCached } = require(${JSON.stringify(join(ROOT, 'dist', 'code-cache.cjs'))});
      loadCached(${JSON.stringify(file)}).save();
    `], { env: { ...process.env, SYSBENCH_TS_CACHE_DIR: cacheDir } });
    const left = readdirSync(cacheDir);
    expect(left.filter((f) => others.includes(f)).sort()).toEqual(others.slice(2));
    expect(left).toContain('other.cjs-0000000f-x.v8');
    expect(left).toHaveLength(5);
  });

  it('a first run writes the cache of the CLI and of its workers; the next run uses it as it is', () => {
    const dir = tempDir();
    const first = withCacheDir(dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const files = cacheFiles(dir);
    expect(Object.keys(files).map((f) => f.replace(/\.cjs-.*/, '.cjs')).sort()).toEqual(['builtin-worker.cjs', 'main.cjs']);
    const second = withCacheDir(dir);
    expect(second.code).toBe(0);
    expect(layout(second.stdout)).toBe(layout(first.stdout));
    // accepted by V8: not written again
    expect(cacheFiles(dir)).toEqual(files);
  });

  it('a Lua run leaves the caches of the CLI and of its worker valid for the next', () => {
    // V8 keys its code cache on its flags: a run that changed one would make every next run
    // recompile
    const dir = tempDir();
    const args = ['oltp_point_select', '--mysql-dry-run', '--events=2000', '--threads=2', 'run'];
    const env = { env: { SYSBENCH_TS_CACHE_DIR: dir } };
    const first = sysbench(args, env);
    expect(first.code).toBe(0);
    const files = cacheFiles(dir);
    expect(Object.keys(files).filter((f) => /^(main|lua-worker)\.cjs-/.test(f))).toHaveLength(2);
    expect(sysbench(args, env).code).toBe(0);
    expect(cacheFiles(dir)).toEqual(files);
  });

  it('a damaged cache changes nothing but is replaced', () => {
    const dir = tempDir();
    const first = withCacheDir(dir);
    expect(first.code).toBe(0);
    for (const f of readdirSync(dir)) writeFileSync(join(dir, f), Buffer.alloc(5000, 0x5a));
    const second = withCacheDir(dir);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(layout(second.stdout)).toBe(layout(first.stdout));
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f)).equals(Buffer.alloc(5000, 0x5a))).toBe(false);
  });

  it('is not used in a folder that others can write to, nor when SYSBENCH_TS_CACHE_DIR is empty', () => {
    const open = tempDir();
    chmodSync(open, 0o777);
    expect(withCacheDir(open).code).toBe(0);
    expect(readdirSync(open)).toEqual([]);

    const home = tempDir();
    const off = sysbench(CPU, { env: { SYSBENCH_TS_CACHE_DIR: '', HOME: home, XDG_CACHE_HOME: join(home, 'xdg') } });
    expect(off.code).toBe(0);
    expect(readdirSync(home)).toEqual([]);
  });

  it('defaults to $XDG_CACHE_HOME/sysbench-ts', () => {
    const home = tempDir();
    const env = { ...process.env, HOME: home, XDG_CACHE_HOME: join(home, 'xdg') };
    delete env.SYSBENCH_TS_CACHE_DIR;
    const r = sysbench(CPU, { env });
    expect(r.code).toBe(0);
    expect(readdirSync(join(home, 'xdg', 'sysbench-ts')).length).toBe(2);
  });
});
