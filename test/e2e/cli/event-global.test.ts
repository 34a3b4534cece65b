// sysbench calls the global event() for every event: a script that replaces it, or removes and
// defines it again, has its new function called from the next event on (the runner keeps the
// globals table's entry of `event` between events: src/lua-runtime/fengari.ts, GlobalSlot).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sysbench } from '../../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-event-global-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function printed(body: string): string[] {
  const script = join(dir, `s${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(script, body);
  const r = sysbench([script, '--events=4', '--threads=1', '--time=0', 'run']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout.split('\n').filter((l) => /^ev /.test(l));
}

describe('the global event()', () => {
  it('replaced by an assignment', () => {
    expect(printed('function event() print("ev A") event = function() print("ev B") end end\n'))
      .toEqual(['ev A', 'ev B', 'ev B', 'ev B']);
  });

  it('removed, then defined again (a new table entry)', () => {
    expect(printed(`
function event()
  print("ev A")
  event = nil
  collectgarbage()
  rawset(_G, "event", function() print("ev C") end)
end
`)).toEqual(['ev A', 'ev C', 'ev C', 'ev C']);
  });

  it("found through the globals table's __index once it is no longer a global of its own", () => {
    expect(printed(`
local fallback = function() print("ev F") end
setmetatable(_G, { __index = function(_, k) if k == "event" then return fallback end end })
function event() print("ev A") event = nil end
`)).toEqual(['ev A', 'ev F', 'ev F', 'ev F']);
  });
});
