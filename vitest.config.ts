import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // e2e tests spawn bin/sysbench against one MariaDB; keep parallelism modest on 2 cores
    maxWorkers: 2,
    minWorkers: 1,
  },
});
