// node:assert as piscina uses it (its internal checks: assert(value) and
// assert.notStrictEqual(actual, expected)), for bundle/pool.cjs: Node's assert module costs
// ~3 ms of the main thread's start on every run (it loads its error classes, colours and tty).
// scripts/bundle.mjs fails when piscina uses anything else of it.
function fail(message: string): never {
  const e = new Error(message) as Error & { code: string };
  e.code = 'ERR_ASSERTION';
  throw e;
}

function assert(value: unknown, message?: string): asserts value {
  if (!value) fail(message ?? 'The expression evaluated to a falsy value');
}

assert.ok = assert;
assert.notStrictEqual = (actual: unknown, expected: unknown, message?: string): void => {
  if (Object.is(actual, expected)) fail(message ?? `Expected "actual" to be strictly unequal to: ${String(expected)}`);
};

export = assert;
