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
    // our Lua VM (packages/fengari, linked as node_modules/fengari) is CommonJS loaded by Node, as
    // a dependency in node_modules is: transformed by vite, its modules would exist twice (once
    // for our imports, once for its own require()s), and its classes with them
    server: { deps: { external: [/[\\/]packages[\\/]fengari[\\/]/] } },
  },
};
