import { defineConfig } from 'vitest/config';
import { testFiles } from './test/setup/test-files.js';
import { chooseMysql } from './test/setup/servers.js';
import { COMMON } from './test/setup/vitest-common.js';

// Three projects, by folder (test/setup/test-files.ts):
// - unit: test/unit and test/vm, in-process; `npm run test:unit` (vitest run --project unit) runs only these.
// - e2e: everything else, after test/setup/servers.ts has found or started the servers. The
//   MySQL test files are left out when no server answers and MariaDB is not installed (the
//   setup says so in one line).
// - fengari: upstream's tests of our Lua VM (packages/fengari/test); `npm run test:fengari`.
export default defineConfig(async () => {
  const files = testFiles(import.meta.dirname);
  const noMysql = (await chooseMysql()).kind === 'none';
  // for the setup's one line about it
  if (noMysql) process.env.SBTEST_MYSQL_FILES_LEFT_OUT = String(files.mysql.length);
  return {
    ...COMMON,
    test: {
      ...COMMON.test,
      projects: [
        { extends: true, test: { name: 'unit', include: files.unit } },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['test/**/*.test.ts'],
            exclude: [...files.unit, ...(noMysql ? files.mysql : [])],
            globalSetup: ['test/setup/servers.ts'],
          },
        },
        {
          // upstream fengari's own tests (jest-style) against our VM, packages/fengari: the setup
          // gives them jest's globals and working directory, and expects the tests of what we
          // changed on purpose (packages/fengari/test/expected-differences.cjs) to fail
          extends: true,
          test: {
            name: 'fengari',
            include: ['packages/fengari/test/**/*.test.js'],
            globals: true,
            setupFiles: ['packages/fengari/test/vitest-setup.mjs'],
          },
        },
      ],
    },
  };
});
