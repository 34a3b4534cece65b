// Lua's io library as sysbench's LuaJIT has it: files opened, read (lines, numbers, counts,
// the rest), written, seeked and closed; io.lines, io.input/output, io.popen, io.tmpfile, the
// standard files; Lua 5.1's results (write and close answer true) and C's error texts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-lua-io-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

writeFileSync(join(DIR, 'data.txt'), 'line one\nline two\n42 3.5 0x10\nlast');

const FILES = [
  'print(io.open("/nonexistent/x"))',
  'print(io.open("data.txt", "x"))',
  'local f = assert(io.open("data.txt"))',
  'print(io.type(f), io.type(io.stdout), io.type(42))',
  'print(f:read(), f:read("*l"))',
  'print(f:read("*n", "n", "*n"))',
  'print(#f:read("*L"))',
  'print(f:read(2), f:read(0), f:read("*a"), f:read("*a"), f:read("*l"), f:read(0))',
  'print(f:seek("set", 5), f:read(3), f:seek(), f:seek("end"))',
  'print(f:close(), io.type(f), tostring(f))',
  'print(pcall(f.read, f))',
  'for l in io.lines("data.txt") do io.write("[", l, "]") end print()',
  'for a, b in io.lines("data.txt", 4, 2) do print(a, b) break end',
  'local g = assert(io.open("out.txt", "w"))',
  'print(g:write("a", 1, 2.5, "\\n"), g:setvbuf("no"), g:flush(), g:close())',
  'print(io.open("out.txt"):read("*a"))',
  'local h = io.open("data.txt"); print(h:read("*n"), h:read("*l")); h:close()',
  'local w = io.open("data.txt", "r"); print(w:write("x")); w:close()',
  'io.output("out2.txt"); io.write("via output\\n"); io.close(); io.output(io.stdout)',
  'print(io.open("out2.txt"):read("*a"))',
  'local rw = io.open("rw.txt", "w+"); rw:write("hello world"); rw:seek("set", 6); print(rw:read(5))',
  'rw:seek("set", 0); rw:write("J"); rw:seek("set"); print(rw:read("*a")); rw:close()',
  'local a = io.open("rw.txt", "a+"); a:write("!"); a:seek("set"); print(a:read("*a")); a:close()',
  'local t = io.tmpfile(); t:write("x1\\nx2\\n"); print(t:seek("cur"), t:seek("set", 0), t:read("*l", "*l", "*l"))',
  'print(io.write(""), io.stdout:write(""), io.stdout:close())',
  'print(pcall(io.lines, "/nonexistent"))',
  'print(pcall(io.open("data.txt").read, io.open("data.txt"), "*x"))',
  'print(pcall(io.open("data.txt").seek, io.open("data.txt"), "bogus"))',
  'print(pcall(io.write, {}))',
  'local p = io.popen("echo hello; echo world"); print(p:read("*l"), p:read("*a"), p:close())',
  'print(io.popen("true", "x"))',
  'local q = io.popen("echo x"); print(q:seek("set", 0)); print(q:write("y")); q:close()',
  'local s = io.open("data.txt"); print(s:seek("set", -1)); s:close()',
  'io.output("o3.txt"); io.close(); print(pcall(io.write, "x")); io.output(io.stdout)',
  'io.input("data.txt"); io.input():close(); print(pcall(io.read)); local it = io.lines(); print(pcall(it)); io.input(io.stdin)',
];

// in the threads' states: standard input, the order of what print, io.write, io.stdout and a
// command write, io.popen's "w" mode
const THREADS = [
  'function thread_init()',
  '  print("a", io.read("*n"), io.read("*n"), io.read("*l"), io.read("*l"))',
  '  for l in io.lines() do print("line:", l) end',
  '  print(io.read("*a") == "", io.read("*l"), io.read(0), io.input() == io.stdin)',
  'end',
  'function event()',
  '  print("one"); io.stdout:write("two\\n"); io.write("three\\n")',
  '  local p = io.popen("tr a-z A-Z", "w"); p:write("piped ", "text\\n"); print(p:close())',
  '  print("four")',
  'end',
];
const STDIN = '12 13.5 rest of line\nsecond\nthird\nfourth';

writeFileSync(join(DIR, 'files.lua'), ['function thread_init()', ...FILES, 'end', 'function event() end'].join('\n') + '\n');
writeFileSync(join(DIR, 'threads.lua'), THREADS.join('\n') + '\n');

function scriptOutput(script: string, bin?: string): string[] {
  const r = sysbench([script, '--events=1', 'run'], { cwd: DIR, bin, input: STDIN });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const lines = r.stdout.split('\n');
  // what the script printed: between the banner's blank line and the statistics
  const from = lines.findIndex((l) => l === 'Initializing worker threads...') + 2;
  const to = lines.findIndex((l) => l === 'SQL statistics:' || l === 'General statistics:');
  return lines.slice(from, to).filter((l) => l !== '' && l !== 'Threads started!')
    // LuaJIT prints a FILE pointer; ours is made up
    .map((l) => l.replace(/file \(0x[0-9a-f]+\)/g, 'file (ADDR)'));
}

describe('io', () => {
  it('reads, writes, seeks and closes files as LuaJIT does', () => {
    const out = scriptOutput('files.lua');
    expect(out).toEqual([
      'nil\t/nonexistent/x: No such file or directory\t2',
      'nil\tdata.txt: Invalid argument\t22',
      'file\tfile\tnil',
      'line one\tline two',
      '42\t3.5\t16',
      '1',
      'la\t\tst\t\tnil\tnil',
      '5\tone\t8\t34',
      'true\tclosed file\tfile (closed)',
      'false\tattempt to use a closed file',
      '[line one][line two][42 3.5 0x10][last]',
      'line\t o',
      'true\ttrue\ttrue\ttrue',
      'a12.5',
      'nil\tline one',
      'nil\tBad file descriptor\t9',
      'via output',
      'world',
      'Jello world',
      'Jello world!',
      '6\t0\tx1\tx2\tnil',
      'true\ttrue\tnil\tcannot close standard file',
      "false\tbad argument #1 to '?' (/nonexistent: No such file or directory)",
      "false\tbad argument #2 to '?' (invalid format)",
      "false\tbad argument #2 to '?' (invalid option 'bogus')",
      "false\tbad argument #1 to '?' (string expected, got table)",
      'hello\tworld', '\ttrue',
      'nil\ttrue: Invalid argument\t22',
      'nil\tIllegal seek\t29',
      'nil\tBad file descriptor\t9',
      'nil\tInvalid argument\t22',
      'false\tstandard file is closed',
      'false\tstandard file is closed',
      'false\tattempt to use a closed file',
    ]);
  });

  it('reads standard input and keeps the output in order on worker threads', () => {
    expect(scriptOutput('threads.lua')).toEqual([
      'a\t12\t13.5\t rest of line\tsecond',
      'line:\tthird', 'line:\tfourth',
      'true\tnil\tnil\ttrue',
      'one', 'two', 'three', 'PIPED TEXT', 'true', 'four',
    ]);
  });

  it.skipIf(!hasReference)(`prints what ${REFERENCE} prints`, () => {
    for (const script of ['files.lua', 'threads.lua']) {
      expect(scriptOutput(script)).toEqual(scriptOutput(script, REFERENCE));
    }
  });
});
