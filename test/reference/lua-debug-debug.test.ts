// debug.debug() as sysbench's LuaJIT has it: a "lua_debug> " prompt on stderr, each line of
// standard input run as a command, errors printed and the loop going on, until "cont" or the end
// of the input; a line longer than LuaJIT's 249-byte buffer runs as several commands; what follows
// "cont" is left for io.read(); on the main thread and on a worker thread.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasReference, REFERENCE, sysbench } from '../helpers/sysbench.js';

const DIR = mkdtempSync(join(tmpdir(), 'sbts-lua-debug-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

writeFileSync(join(DIR, 'main.lua'), 'debug.debug()\nprint("after")\n');
writeFileSync(join(DIR, 'thread.lua'), [
  'sysbench.cmdline.options = {}',
  'function thread_init() print("init"); debug.debug(); print("back", io.read("*l")) end',
  'function event() end',
].join('\n') + '\n');

const MAIN_INPUT = 'print(1+1)\nerror("boom")\nlocal a = \nerror({})\nx = 5\nprint(x)\ncont\nprint("not run")\n';
const LONG = 'x = ' + '1 + '.repeat(70) + '1';
const THREAD_INPUT = `print('w')\n${LONG}\nprint(x)\ncont\nrest line\n`;

/** stdout without sysbench's banner and report, and stderr */
function run(script: string, input: string, args: string[], bin?: string): { out: string[]; err: string; code: number | null } {
  const r = sysbench([script, ...args], { cwd: DIR, input, bin });
  const out = r.stdout.split('\n').filter((l) => /^(init|back|after|\d+|w)\b/.test(l));
  return { out, err: r.stderr, code: r.code };
}

describe('debug.debug()', () => {
  it('runs each line of standard input until "cont", errors printed', () => {
    const r = run('main.lua', MAIN_INPUT, []);
    expect(r.code).toBe(0);
    expect(r.out).toEqual(['2', '5', 'after']);
    expect(r.err).toBe('lua_debug> lua_debug> (debug command):1: boom\n' +
      "lua_debug> (debug command):2: unexpected symbol near '<eof>'\n" +
      'lua_debug> (error object is not a string)\n' +
      'lua_debug> lua_debug> lua_debug> ');
  });

  it('ends at the end of the input, a last line without its newline run first', () => {
    const r = run('main.lua', 'print(3)', []);
    expect(r.out).toEqual(['3', 'after']);
    expect(r.err).toBe('lua_debug> lua_debug> ');
  });

  it('reads a long line as several commands, and leaves the rest to io.read(), on a worker thread', () => {
    const r = run('thread.lua', THREAD_INPUT, ['--events=1', 'run']);
    expect(r.code).toBe(0);
    expect(r.out).toEqual(['init', 'w', '62', 'back\trest line']);
    // the long line's first 249 bytes are a whole statement (x = 62), the rest is not
    expect(r.err).toBe("lua_debug> lua_debug> lua_debug> (debug command):1: unexpected symbol near '+'\nlua_debug> lua_debug> ");
  });

  it.skipIf(!hasReference)(`prints what ${REFERENCE} prints`, () => {
    expect(run('main.lua', MAIN_INPUT, [])).toEqual(run('main.lua', MAIN_INPUT, [], REFERENCE));
    expect(run('thread.lua', THREAD_INPUT, ['--events=1', 'run'])).toEqual(run('thread.lua', THREAD_INPUT, ['--events=1', 'run'], REFERENCE));
  });
});
