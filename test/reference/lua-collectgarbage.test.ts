// collectgarbage() as under LuaJIT (fengari has none and failed with "lua_gc not implemented"):
// every option answers as sysbench 1.0.20 answers, settings are remembered per state.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REFERENCE, hasReference, sysbench } from '../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-gc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = join(dir, 'gc.lua');
writeFileSync(script, `function event()
  print("gc", collectgarbage("count") > 0, collectgarbage(), collectgarbage("step"), collectgarbage("isrunning"),
    collectgarbage("setpause", 150), collectgarbage("setpause", 200), collectgarbage("setstepmul"),
    collectgarbage("stop"), collectgarbage("isrunning"), collectgarbage("restart"), type(collectgarbage("count")))
  print("gc", pcall(collectgarbage, "bogus"))
end
`);
const EXPECTED = [
  'gc\ttrue\t0\tfalse\ttrue\t200\t150\t200\t0\tfalse\t0\tnumber',
  "gc\tfalse\tbad argument #1 to '?' (invalid option 'bogus')",
];
const lines = (out: string) => out.split('\n').filter((l) => l.startsWith('gc\t'));

describe('collectgarbage', () => {
  it('answers every option as LuaJIT does', () => {
    const r = sysbench([script, '--events=1', 'run']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual(EXPECTED);
  });

  it.skipIf(!hasReference)('as /usr/bin/sysbench prints it', () => {
    expect(lines(sysbench([script, '--events=1', 'run'], { bin: REFERENCE }).stdout)).toEqual(EXPECTED);
  });
});
if (!hasReference) console.log(`lua-collectgarbage: ${REFERENCE} is not installed, the comparison with it is skipped`);
