// The threads of a run start from one Lua state made for the worker and copied for each thread
// (src/lua-runtime/state-template.ts): what a script sees in thread_init must be what a single thread,
// whose state is built directly, sees, but for its own thread id and random numbers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sysbench } from '../../helpers/sysbench.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-thread-states-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const SCRIPT = join(DIR, 'states.lua');
writeFileSync(SCRIPT, `
sysbench.cmdline.options = { rows = {"rows", 10}, label = {"label", "x"} }
local function keys(t)
  local k = {}
  for name, value in pairs(t) do k[#k + 1] = name .. "=" .. type(value) end
  return table.concat(k, ",")
end
function thread_init()
  -- every table of the API, in the order pairs() gives, and a few values
  local parts = { keys(_G), keys(sysbench), keys(sysbench.opt), keys(sysbench.cmdline), keys(string),
    keys(math), keys(sysbench.sql), keys(package.loaded), tostring(sysbench.opt.rows), sysbench.opt.label,
    tostring(sysbench), tostring(sysbench.rand), type(os.time()), string.format("%5.2f|%s", 1.5, "s") }
  io.stderr:write(string.format("tid=%d thread_id=%d rand=%d %s\\n", sysbench.tid, thread_id,
    sysbench.rand.uniform(1, 1000000), table.concat(parts, ";")))
end
function event() end
`);

/** thread id -> the rest of its line */
function lines(stderr: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of stderr.matchAll(/^tid=(\d+) thread_id=(\d+) rand=\d+ (.*)$/gm)) {
    expect(m[2]).toBe(m[1]);
    out.set(Number(m[1]), m[3]);
  }
  return out;
}

const PER_THREAD = join(DIR, 'per-thread.lua');
writeFileSync(PER_THREAD, `
print("chunk", sysbench.tid)
local mine = sysbench.tid
function thread_init() print("init", mine, thread_id) end
function event() end
`);

describe('thread states copied from a template', () => {
  it('run a main chunk that prints or keeps the thread id in each thread, as sysbench does', () => {
    const r = sysbench([PER_THREAD, '--threads=3', '--events=3', 'run'], { cwd: DIR });
    expect(r.code).toBe(0);
    // the main state's chunk (thread id 0), then each thread's
    expect(r.stdout.split('\n').filter((l) => /^(chunk|init)\t/.test(l)).sort())
      .toEqual(['chunk\t0', 'chunk\t0', 'chunk\t1', 'chunk\t2', 'init\t0\t0', 'init\t1\t1', 'init\t2\t2']);
  });

  it('see what a state built for one thread sees', () => {
    const one = sysbench([SCRIPT, '--threads=1', '--events=1', '--rand-seed=7', 'run'], { cwd: DIR });
    const many = sysbench([SCRIPT, '--threads=6', '--events=6', '--rand-seed=7', 'run'], { cwd: DIR });
    expect(one.code).toBe(0);
    expect(many.code).toBe(0);
    const single = lines(one.stderr).get(0);
    expect(single).toMatch(/^.*sysbench=table.*;10;x;table: 0x[0-9a-f]+;table: 0x[0-9a-f]+;number; 1\.50\|s$/);
    const threads = lines(many.stderr);
    expect([...threads.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const rest of threads.values()) expect(rest).toBe(single);
  });

  it('draw the random numbers of their own thread', () => {
    const rand = (stderr: string) => [...stderr.matchAll(/^tid=(\d+) thread_id=\d+ rand=(\d+)/gm)].sort((a, b) => Number(a[1]) - Number(b[1])).map((m) => m[2]);
    const a = sysbench([SCRIPT, '--threads=6', '--events=6', '--rand-seed=7', 'run'], { cwd: DIR });
    const b = sysbench([SCRIPT, '--threads=6', '--events=6', '--rand-seed=7', '--worker-threads=2', 'run'], { cwd: DIR });
    const drawn = rand(a.stderr);
    expect(new Set(drawn).size).toBe(6);
    // the same seed gives each thread the same numbers however the threads are spread over workers
    expect(rand(b.stderr)).toEqual(drawn);
  });
});
