// Upstream's jest-style tests under vitest (the project's vitest.fengari.config.ts): jest's
// globals are vitest's (`globals: true`), the working directory is this package's, as upstream's
// jest had it, and each test listed in expected-differences.cjs runs as `test.fails`: it must
// fail, since it tests what this VM does differently on purpose; when it passes, the list is out
// of date and the run says so.
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it, test } from 'vitest';

const require = createRequire(import.meta.url);
const TEST_DIR = dirname(fileURLToPath(import.meta.url));
/** { 'file relative to test/': { 'test name': 'why it fails' } } */
const EXPECTED = require('./expected-differences.cjs');

process.chdir(join(TEST_DIR, '..'));
const file = relative(TEST_DIR, expect.getState().testPath ?? '').split('\\').join('/');
const expected = EXPECTED[file] ?? {};

/** how many tests of each name this file has declared so far */
const seen = new Map();

/** Whether the test `name` declared now is listed: all of that name, or its listed occurrence. */
function listed(name) {
  const n = (seen.get(name) ?? 0) + 1;
  seen.set(name, n);
  if (!Object.hasOwn(expected, name)) return false;
  const entry = expected[name];
  return typeof entry === 'string' || entry.occurrences.includes(n);
}

/** `run` (vitest's test or it, with its .skip, .each, ...) with the listed tests as test.fails */
function listedFail(run) {
  return new Proxy(run, {
    apply: (target, self, args) => (listed(args[0]) ? target.fails(...args) : Reflect.apply(target, self, args)),
  });
}

globalThis.test = listedFail(test);
globalThis.it = listedFail(it);
