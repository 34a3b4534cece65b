// Runs command lines through the option layer (composed the way sysbench's main() does, up
// to the point where a test would start working) and through the real sysbench 1.0.20, and
// compares stdout, stderr and the exit code. Skipped when /usr/bin/sysbench is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatHeader, formatTestHelp } from '../../../src/options/help.js';
import { cannotFindBenchmarkMessage, classifyTest, commandOutcome, earlyExit, scriptShortName } from '../../../src/options/invocation.js';
import { createDefaultRegistry, parseGeneralArguments, parseTestArguments } from '../../../src/options/parser.js';
import { declareScriptOptions, formatScriptHelp, validateAgainstScript, type LuaOptionSpec } from '../../../src/options/script-options.js';
import { resolveGeneralSettings, resolveLogSettings } from '../../../src/options/settings.js';
import type { Message } from '../../../src/options/types.js';

const SYSBENCH = '/usr/bin/sysbench';
const have = existsSync(SYSBENCH);
const dir = mkdtempSync(join(tmpdir(), 'sb-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Spec = Record<string, LuaOptionSpec>;
/** Lua scripts used by the cases: declared options (or null: none declared). */
const SCRIPTS: Record<string, Spec | null> = {
  'decl.lua': {
    n: ['a number', 5],
    b: ['bool', false],
    s: ['size', '1M', 3],
    l: ['list', ['a', 'b']],
    str: ['string no default'],
    'Zed-x': ['cap', 1.5],
    half: ['big', 1e20],
  },
  'empty.lua': {},
  'legacy.lua': null,
};

function luaValue(v: unknown): string {
  if (Array.isArray(v)) return '{' + v.map(luaValue).join(', ') + '}';
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || v === undefined) return 'nil';
  return String(v);
}

for (const [name, spec] of Object.entries(SCRIPTS)) {
  let src = '';
  if (spec !== null) {
    src += 'sysbench.cmdline.options = {\n';
    for (const [k, def] of Object.entries(spec)) src += `  [${JSON.stringify(k)}] = {${def.map(luaValue).join(', ')}},\n`;
    src += '}\n';
  }
  src += 'function event() end\n';
  writeFileSync(join(dir, name), src);
}
writeFileSync(join(dir, 'c1'), 'threads=3\ncpu-max-prime=7\ndebug=off\n');
writeFileSync(join(dir, 'c4'), "threads='2\ntime=1\n");
writeFileSync(join(dir, 'c6'), 'foo=1\n');
writeFileSync(join(dir, 'c7'), 'verbosity=1\ntime = 3\n');

interface Result {
  stdout: string;
  stderr: string;
  code: number;
}

/** sysbench's main() up to the start of real work, over the option layer. */
function simulate(argv: string[]): Result {
  const res = { stdout: '', stderr: '', code: 0 };
  const emit = (ms: readonly Message[]) => {
    for (const m of ms) res[m.stream] += m.text;
  };
  const fail = (m: Message, code = 1): Result => (emit([m]), { ...res, code });
  const reg = createDefaultRegistry({ readFile: (p) => readFileSync(p) });
  const p = parseGeneralArguments(argv, reg);
  emit(p.messages);
  if (p.error) return fail(p.error.output);
  const early = earlyExit(reg);
  if (early) return { ...res, stdout: res.stdout + early.stdout, code: 0 };
  const s = resolveGeneralSettings(reg);
  emit(s.messages);
  if (!s.ok) return fail(s.error.output);
  const l = resolveLogSettings(reg);
  if (!l.ok) return fail(l.error.output);
  if (l.settings.verbosity >= 3) res.stdout += formatHeader();
  const c = classifyTest(p);
  if (c.kind === 'stdin') return res; // empty stdin, not a tty
  if (c.kind === 'error') return fail(c.error.output);
  if (c.kind === 'builtin') {
    const t = parseTestArguments(p.remaining, reg, c.test.options);
    emit(t.messages);
    if (t.error) return fail(t.error.output);
    const o = commandOutcome(c.test.sname, c.cmdname, { hasOptions: true, prepare: c.test.sname === 'fileio' });
    if (o.kind === 'error') return fail(o.error.output);
    if (o.kind === 'print-options') res.stdout += formatTestHelp(c.test.sname, c.test.options);
    return res;
  }
  const sname = scriptShortName(c.path);
  const spec = SCRIPTS[sname];
  if (spec === undefined) return fail(cannotFindBenchmarkMessage(c.path));
  if (c.cmdname === null) return res;
  const decls = spec === null ? null : declareScriptOptions(spec);
  const t = validateAgainstScript(p.remaining, reg, decls);
  emit(t.messages);
  if (t.error) return fail(t.error.output);
  const o = commandOutcome(sname, c.cmdname, { hasOptions: decls !== null });
  if (o.kind === 'error') return fail(o.error.output);
  if (o.kind === 'print-options' && decls) res.stdout += formatScriptHelp(sname, decls);
  return res;
}

function oracle(argv: string[]): Result {
  const r = spawnSync(SYSBENCH, argv, { input: '', encoding: 'utf8', timeout: 20000 });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status ?? -1 };
}

const S = (f: string) => join(dir, f);
const CASES: string[][] = [
  ['--version'],
  ['--help'],
  ['cpu', 'run', '--help=1'],
  ['--version=yes'],
  [],
  ['--unknown'],
  ['help'],
  ['nosuchscript', 'run'],
  ['--db-driver=help', 'nosuchscript'],
  ['cpu'],
  ['cpu', 'bogus'],
  ['cpu', 'prepare'],
  ['cpu', 'extra', 'help'],
  ['cpu', 'help', 'extra'],
  ['cpu', 'help'],
  ['fileio', 'help'],
  ['memory', 'help'],
  ['threads', 'help'],
  ['mutex', 'help'],
  ['cpu', '--threads=abc', 'help'],
  ['cpu', '--threads=', 'help'],
  ['cpu', '--threads= 2', 'help'],
  ['cpu', '--threads=99999999999', 'help'],
  ['cpu', '--debug=yes', 'help'],
  ['cpu', '--debug=', 'help'],
  ['cpu', '--', 'help'],
  ['cpu', '--invalid-option', 'help'],
  ['cpu', '--cpu-max-prime=abc', 'help'],
  ['cpu', '--report_interval=x', 'help'],
  ['--test=cpu', 'help'],
  ['mytest', '--test=cpu', 'help'],
  ['--test', 'cpu', 'help'],
  ['--test=cpu', '--time=1', 'run', 'extra'],
  ['cpu', '--verbosity=9', 'help'],
  ['cpu', '--verbosity=-1', 'help'],
  ['cpu', '--verbosity=0', 'help'],
  ['cpu', '--percentile=101', 'help'],
  ['cpu', '--percentile=0', '--histogram', 'help'],
  ['cpu', '--rand-type=foo', 'help'],
  ['cpu', '--report-checkpoints=1,x', 'help'],
  ['cpu', '--thread-stack-size=0', 'help'],
  ['cpu', '--time=2', '--forced-shutdown=x', 'help'],
  ['cpu', '--num-threads=2', '--max-time=3', '--max-requests=5', '--tx-rate=7', 'help'],
  ['cpu', '--max-requests=-1', '--tx-rate=-1', 'help'],
  ['cpu', '--time=0', '--events=0', 'help'],
  ['--config-file=' + S('c4'), 'cpu', 'help'],
  ['--config-file=' + S('nonexistent'), 'cpu', 'help'],
  ['cpu', '--config-file=' + S('c1'), '--time=0', 'help'],
  ['cpu', '--config-file=' + S('c7'), 'help'],
  [S('decl.lua')],
  [S('decl.lua'), 'help'],
  [S('decl.lua'), '--undeclared=1', 'help'],
  [S('decl.lua'), '--b=maybe', 'help'],
  [S('decl.lua'), '--Zed_x=2', '--b', '--n=abc', 'help'],
  [S('empty.lua'), '--x=1', 'help'],
  [S('legacy.lua'), '--foo=1', 'help'],
  [S('legacy.lua'), '--debug=x', 'help'],
  ['--config-file=' + S('c6'), '--foo=2', S('legacy.lua'), 'help'],
];

describe.skipIf(!have)('option layer vs /usr/bin/sysbench', () => {
  for (const argv of CASES) {
    it(`sysbench ${argv.map((a) => a.replace(dir + '/', '')).join(' ')}`, () => {
      expect(simulate(argv)).toEqual(oracle(argv));
    });
  }
});
