// The programs carry mysql2's table of server error names as a module that builds it on first
// use (scripts/lazy-mysql2-errors.mjs): every name and number must read as in mysql2's own.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/sysbench.js';
// @ts-expect-error: a build script, plain JavaScript
import { isErrorNameTable, lazyTableModule } from '../../scripts/lazy-mysql2-errors.mjs';

type Table = Record<string, string | number>;
const require = createRequire(import.meta.url);
// (mysql2's package exports do not include the file: found next to its main module)
const mysql2Errors = require(join(dirname(require.resolve('mysql2')), 'lib', 'constants', 'errors.js')) as Table;

/** Evaluates a CommonJS module's source; its exports. */
function evaluate(src: string): Table {
  const module = { exports: {} as Table };
  vm.runInNewContext(`(function (module, exports) {${src}\n})`)(module, module.exports);
  return module.exports;
}

describe("mysql2's error names, built on first use", () => {
  const lazy = evaluate((lazyTableModule as (t: Table) => string)(mysql2Errors));

  it('reads every name and number as mysql2 does', () => {
    const keys = Object.keys(mysql2Errors);
    expect(keys.length).toBeGreaterThan(3000);
    for (const k of keys) expect(lazy[k], k).toBe(mysql2Errors[k]);
    expect(lazy[1062]).toBe('ER_DUP_ENTRY');
    expect(lazy.ER_LOCK_DEADLOCK).toBe(1213);
    expect(lazy[99999]).toBeUndefined();
    expect('ER_DUP_ENTRY' in lazy).toBe(true);
    expect(Object.keys(lazy).sort()).toEqual(keys.sort());
  });

  it('is the table of mysql2 the build expects (the build fails when it changes)', () => {
    expect((isErrorNameTable as (t: unknown) => boolean)(mysql2Errors)).toBe(true);
    expect((isErrorNameTable as (t: unknown) => boolean)({ ER_DUP_ENTRY: 1062 })).toBe(false);
  });

  it('is what the Lua worker bundle holds instead of the assignments', () => {
    const bundle = readFileSync(join(ROOT, 'bundle', 'lua-worker.cjs'), 'latin1');
    expect(bundle).not.toMatch(/exports2?\.ER_DUP_ENTRY\s*=/);
    expect(bundle).toContain('"1062":"ER_DUP_ENTRY"');
  });
});
