import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    root: '/work/main',
    include: ['packages/fengari/test/**/*.test.js'],
    globals: true,
    maxWorkers: 1, minWorkers: 1,
    testTimeout: 120_000,
  },
});
