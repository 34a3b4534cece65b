// Settings every vitest configuration of the project shares (vitest.config.ts and
// vitest.mysql2.config.ts).
export const COMMON = {
  // src/ has CommonJS TypeScript (.cts) too, which vite does not transform by default
  esbuild: { include: /\.(?:[cm]?ts|[jt]sx)$/ },
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // e2e tests spawn bin/sysbench against one MariaDB; keep parallelism modest on 2 cores
    maxWorkers: 2,
    minWorkers: 1,
  },
};
