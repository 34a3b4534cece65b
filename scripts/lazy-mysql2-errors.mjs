// Build step (scripts/bundle.mjs): mysql2's table of server error names, built on first use.
// mysql2/lib/constants/errors.js is ~3,900 assignments that run when the driver loads, on every
// thread that loads it (~5 ms of a Lua run's worker thread, before its first sysbench thread);
// mysql2 reads the table only to name the error of an ERR packet. The bundle gets a module
// that holds the same table as JSON and parses it the first time a name or number is read.
import { createRequire } from 'node:module';

/** The source of a CommonJS module whose exports read as `table` does, built when first read. */
export function lazyTableModule(table) {
  const json = JSON.stringify(JSON.stringify(table));
  return [
    "'use strict';",
    'let table = null;',
    `const names = () => (table ??= JSON.parse(${json}));`,
    'module.exports = new Proxy({}, {',
    '  get: (_, k) => names()[k],',
    '  has: (_, k) => k in names(),',
    '  ownKeys: () => Reflect.ownKeys(names()),',
    '  getOwnPropertyDescriptor: (_, k) => Reflect.getOwnPropertyDescriptor(names(), k),',
    '});',
  ].join('\n');
}

/** Whether `table` still is mysql2's two-way table of error names and numbers. */
export function isErrorNameTable(table) {
  return table !== null && typeof table === 'object' && typeof table.ER_DUP_ENTRY === 'number' &&
    table[table.ER_DUP_ENTRY] === 'ER_DUP_ENTRY';
}

/** esbuild plugin: mysql2's error names as a table built on first use. */
export const lazyMysqlErrorNamesPlugin = {
  name: 'lazy-mysql2-error-names',
  setup(b) {
    b.onLoad({ filter: /[\\/]mysql2[\\/]lib[\\/]constants[\\/]errors\.js$/ }, (args) => {
      const table = createRequire(import.meta.url)(args.path);
      if (!isErrorNameTable(table)) throw new Error(`bundle: ${args.path} is no longer mysql2's table of error names and numbers`);
      return { contents: lazyTableModule(table), loader: 'js' };
    });
  },
};
