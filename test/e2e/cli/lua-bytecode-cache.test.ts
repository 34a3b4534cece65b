// Lua chunks' bytecode kept in the code cache folder (src/lua-runtime/chunk-cache.ts): a run loads what
// an earlier run compiled, with the same results and the same error positions, and never the
// bytecode of a script that has changed since.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, sysbench } from '../../helpers/sysbench.js';

const { installTag } = createRequire(import.meta.url)(join(ROOT, 'dist', 'code-cache.cjs')) as typeof import('../../../src/code-cache.cjs');

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sbts-luac-'));
  dirs.push(d);
  return d;
}
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

const SCRIPT = `
local function sq(x) return x * x end
function event()
  print(string.format("sq=%d big=%.0f s=%s", sq(7), 2^53, ("ab"):rep(3)))
end
`;
const FAILING = `
function event()
  local t = nil
  return t.field
end
`;

function run(cache: string, script: string) {
  return sysbench([script, '--events=1', '--threads=1', 'run'], { env: { SYSBENCH_TS_CACHE_DIR: cache } });
}

const luac = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.luac'));
/** each bytecode file's inode and time: both change when a run writes the file again */
const stamps = (dir: string) => Object.fromEntries(luac(dir).map((f) => {
  const st = statSync(join(dir, f));
  return [f, [st.ino, st.mtimeMs]];
}));
/** what does not change between two runs (timings and their alignment do) */
const layout = (out: string) => out.replace(/ *[\d.]+/g, ' N');

describe('Lua bytecode cache', () => {
  it('a second run loads the bytecode the first one stored, with the same output', () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    const script = join(dir, 'square.lua');
    writeFileSync(script, SCRIPT);
    const first = run(cache, script);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('sq=49 big=9007199254740992 s=ababab');
    // the script and sysbench's own modules
    expect(luac(cache).length).toBeGreaterThanOrEqual(5);
    const files = stamps(cache);
    const second = run(cache, script);
    expect(layout(second.stdout)).toBe(layout(first.stdout));
    // taken as they were, not written again (a new write is a new file: another inode)
    expect(stamps(cache)).toEqual(files);
  });

  it('a changed script of the same length runs its new code', () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    const script = join(dir, 'same-length.lua');
    writeFileSync(script, SCRIPT);
    expect(run(cache, script).stdout).toContain('sq=49');
    writeFileSync(script, SCRIPT.replace('x * x', 'x + x'));
    expect(run(cache, script).stdout).toContain('sq=14');
  });

  it('errors name the same line from bytecode as from source', () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    const script = join(dir, 'failing.lua');
    writeFileSync(script, FAILING);
    const first = run(cache, script);
    expect(first.code).not.toBe(0);
    expect(first.stdout).toContain("failing.lua:4: attempt to index local 't' (a nil value)");
    const second = run(cache, script);
    expect(second.code).toBe(first.code);
    expect(layout(second.stdout)).toBe(layout(first.stdout));
  });

  it('damaged bytecode files are compiled again', () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    const script = join(dir, 'damaged.lua');
    writeFileSync(script, SCRIPT);
    expect(run(cache, script).code).toBe(0);
    const damaged = new Map<string, Buffer>();
    for (const f of luac(cache)) {
      const data = readFileSync(join(cache, f));
      // keep the header (name, source, checksum) and spoil the bytecode
      data.fill(0x11, data.length - 40);
      writeFileSync(join(cache, f), data);
      damaged.set(f, data);
    }
    const again = run(cache, script);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('sq=49 big=9007199254740992 s=ababab');
    // and stored again, sound
    for (const [f, data] of damaged) expect(readFileSync(join(cache, f)).equals(data)).toBe(false);
  });

  it("keeps the bytecode of the three other installs written last; removes this install's earlier builds and files named without an install", () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    const script = join(dir, 'installs.lua');
    writeFileSync(script, SCRIPT);
    mkdirSync(cache, { mode: 0o700 });
    const ours = installTag(join(ROOT, 'bundle'));
    // five other installs, written one after the other: the three written last are kept
    const others = ['0000000a', '0000000b', '0000000c', '0000000d', '0000000e'].filter((t) => t !== ours).slice(0, 4)
      .map((tag, i) => {
        const f = `lua-${tag}-0123456789abcdefcrc-00000000-10.luac`;
        writeFileSync(join(cache, f), 'x');
        utimesSync(join(cache, f), 1_000_000 + i, 1_000_000 + i);
        return f;
      });
    const earlierBuild = `lua-${ours}-0123456789abcdefcrc-00000000-10.luac`;
    const untagged = 'lua-0123456789abcdefcrc-00000000-10.luac';
    for (const f of [earlierBuild, untagged]) writeFileSync(join(cache, f), 'x');
    expect(run(cache, script).code).toBe(0);
    const files = luac(cache);
    expect(files.filter((f) => others.includes(f)).sort()).toEqual(others.slice(1));
    expect(files).not.toContain(earlierBuild);
    expect(files).not.toContain(untagged);
    expect(files.filter((f) => f.startsWith(`lua-${ours}-`)).length).toBeGreaterThanOrEqual(5);
  });
});
