import { defineConfig } from 'vitest/config';
import { COMMON } from './test/setup/vitest-common.js';

// The MySQL end-to-end tests again with the lean query path off (SYSBENCH_TS_MYSQL_LEAN=0: every
// query through mysql2's own code), so that the fallback cannot rot unseen. `npm run
// test:mysql2` runs it; CI runs it after `npm test` (never at the same time: the files use the
// same databases). Left out: the two files that test the lean path itself.
export default defineConfig({
  ...COMMON,
  test: {
    ...COMMON.test,
    include: ['test/e2e/mysql/**/*.test.ts'],
    exclude: ['test/e2e/mysql/mysql-lean-protocol.test.ts', 'test/e2e/mysql/mysql-lean-mysql2-internals.test.ts'],
    globalSetup: ['test/setup/servers.ts'],
    env: { SYSBENCH_TS_MYSQL_LEAN: '0' },
  },
});
