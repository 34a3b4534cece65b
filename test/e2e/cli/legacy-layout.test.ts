// Where the sysbench 0.5 scripts are found: lua/legacy/ holds them; lua/NAME.lua entry points
// make `--test=lua/oltp.lua` (from the project root) and `--test=oltp` (by name) work; the
// names sysbench 1.0 reuses (select_random_points, select_random_ranges, bulk_insert) stay
// 1.0 scripts by name and are `legacy/NAME` in 0.5 style; a missing 0.5 script path falls back
// to ours with a notice.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGACY_DIR, LEGACY_SCRIPTS, resolveScript } from '../../../src/cli/resolve.js';
import { ROOT, sysbenchAsync } from '../../helpers/sysbench.js';

const REUSED_BY_10 = ['select_random_points', 'select_random_ranges', 'bulk_insert'];
const OWN_NAMES = LEGACY_SCRIPTS.filter((n) => !REUSED_BY_10.includes(n));

describe('resolveScript', () => {
  it('opens lua/oltp.lua from the project root as it is (no notice)', () => {
    expect(resolveScript('lua/oltp.lua', ROOT, {})).toEqual({ file: 'lua/oltp.lua' });
  });

  it('finds each 0.5 script whose name 1.0 does not use by name, from anywhere', () => {
    for (const name of OWN_NAMES) {
      const found = resolveScript(name, '/', {});
      expect(found?.file, name).toBe(join(ROOT, 'lua', `${name}.lua`));
      expect(found?.notice).toBeUndefined();
    }
  });

  it('keeps the names 1.0 reuses for the 1.0 scripts; legacy/NAME is the 0.5 one', () => {
    for (const name of REUSED_BY_10) {
      const byName = resolveScript(name, '/', {});
      expect(byName, name).not.toBeNull();
      expect(byName!.file).not.toContain('/legacy/');
      expect(resolveScript(`legacy/${name}`, '/', {})?.file).toBe(join(LEGACY_DIR, `${name}.lua`));
    }
  });

  it('replaces a missing 0.5 script path with ours, with a notice', () => {
    const found = resolveScript('tests/db/oltp.lua', '/', {});
    expect(found?.file).toBe(join(LEGACY_DIR, 'oltp.lua'));
    expect(found?.notice).toBe(`sysbench-ts: tests/db/oltp.lua not found, using the bundled sysbench 0.5 script ${join(LEGACY_DIR, 'oltp.lua')}\n`);
    expect(resolveScript('/usr/share/doc/sysbench/tests/db/bulk_insert.lua', '/', {})?.file).toBe(join(LEGACY_DIR, 'bulk_insert.lua'));
    // not a test of its own
    expect(resolveScript('tests/db/common.lua', '/', {})).toBeNull();
    expect(resolveScript('tests/db/nosuch.lua', '/', {})).toBeNull();
  });
});

describe('the bundled files', () => {
  it('lua/legacy/ has the twelve 0.5 scripts and lua/ an entry point for each name of its own', () => {
    const files = readdirSync(LEGACY_DIR).sort();
    expect(files).toEqual([...LEGACY_SCRIPTS, 'common'].map((n) => `${n}.lua`).sort());
    for (const name of OWN_NAMES) expect(existsSync(join(ROOT, 'lua', `${name}.lua`)), name).toBe(true);
  });

  it('every script loads (and finds common.lua) through each way of naming it', async () => {
    const names = [
      ...OWN_NAMES.map((n) => `lua/${n}.lua`),
      ...LEGACY_SCRIPTS.map((n) => `lua/legacy/${n}.lua`),
      'oltp', 'legacy/select_random_ranges',
    ];
    // without a command sysbench only loads the script; names are looked up from elsewhere
    const runs: { name: string; r: Awaited<ReturnType<typeof sysbenchAsync>> }[] = [];
    for (let i = 0; i < names.length; i += 6) {
      runs.push(...await Promise.all(names.slice(i, i + 6).map(async (name) => {
        const cwd = name.startsWith('lua/') ? ROOT : '/';
        return { name, r: await sysbenchAsync([`--test=${name}`], { cwd }) };
      })));
    }
    for (const { name, r } of runs) {
      expect(r.code, `${name}: ${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout, name).not.toContain('FATAL');
      expect(r.stderr, name).not.toContain('not found');
    }
  });
});
