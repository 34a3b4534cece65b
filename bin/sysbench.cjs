#!/usr/bin/env node
'use strict';
// sysbench-ts entry point (bin/sysbench starts it). The CLI is bundle/main.cjs
// (scripts/bundle.mjs; built by `npm ci` / `npm run build`, shipped in the package), loaded with
// V8's code cache (src/code-cache.cts).
// CommonJS, as the bundle: an ES module entry makes Node set up its ES module loader first
// (~8 ms before this file runs, and before a Lua run's worker thread can be started).
// Node's own warnings (deprecations, timer overflows) never reach the user's output
process.noDeprecation = true;
process.removeAllListeners('warning');
// bin/sysbench kept NODE_EXTRA_CA_CERTS from Node's start-up: programs a script starts get it back
if (process.env.SYSBENCH_TS_EXTRA_CA_CERTS && !process.env.NODE_EXTRA_CA_CERTS) {
  process.env.NODE_EXTRA_CA_CERTS = process.env.SYSBENCH_TS_EXTRA_CA_CERTS;
}
const { join } = require('node:path');

const fail = (err) => {
  // an internal failure, not a user mistake: still no stack trace unless asked for
  process.stderr.write(`FATAL: internal error: ${err && err.message ? err.message : err}\n`);
  if (process.env.SYSBENCH_TS_DEBUG) process.stderr.write(String(err && err.stack) + '\n');
  process.exitCode = 1;
};
// a Lua run's worker threads start booting now, while this thread loads the CLI (an
// optimisation: main() decides everything again, and stops threads it does not take)
let early = null;
try {
  early = require('../bundle/early-warm.cjs');
  early.warmFromArgv(process.argv.slice(2));
} catch {
  early = null;
}
const stopEarly = () => (early === null ? undefined : early.coolDown().catch(() => {}));
try {
  const { loadCached } = require('../bundle/code-cache.cjs');
  const cli = loadCached(join(__dirname, '..', 'bundle', 'main.cjs'));
  // what this run compiled is cached for the next one (only when the cache was missing or stale)
  process.once('exit', () => cli.save());
  const m = cli.exports;
  m.main(m.processArgv()).then(async (code) => { process.exitCode = code; await stopEarly(); },
    async (err) => { fail(err); await stopEarly(); });
} catch (err) {
  fail(err);
  stopEarly();
}
