// A Lua run's worker thread starts without the Node built-ins that only some runs need: tls and
// crypto (TLS connections, password authentication), child_process (os.execute, io.popen), v8
// (heap checks, from a worker's 16th thread on; collectgarbage("count")).
// Loading them cost ~10 ms of every worker thread's start (src/lazy-node-modules.ts, and mysql2's
// requires made lazy in patches/mysql2). A preload records the worker's built-in modules.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sysbenchAsync } from '../helpers/sysbench.js';

const DB = 'sbtest_worker_lazy_builtins';
const dir = mkdtempSync(join(tmpdir(), 'sbts-lazy-builtins-'));
const PRELOAD = join(dir, 'preload.cjs');
const LIST = join(dir, 'worker-modules.txt');

beforeAll(() => {
  createDatabase(DB);
  // every 50 ms, the built-ins the worker thread has loaded (the last write has them all)
  writeFileSync(PRELOAD, `
const { isMainThread } = require('node:worker_threads');
if (!isMainThread) {
  const write = () => require('node:fs').writeFileSync(${JSON.stringify(LIST)},
    process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join('\\n'));
  setInterval(write, 50).unref();
}
`);
});
afterAll(() => {
  dropDatabase(DB);
  rmSync(dir, { recursive: true, force: true });
});

async function workerModules(extra: string[]): Promise<string[]> {
  rmSync(LIST, { force: true });
  const r = await sysbenchAsync(['oltp_point_select', ...mysqlArgs(DB), ...extra],
    { env: { NODE_OPTIONS: `--require ${PRELOAD}` } });
  expect(r.stderr).not.toMatch(/FATAL/);
  expect(r.code).toBe(0);
  return readFileSync(LIST, 'utf8').split('\n');
}

describe('a worker thread of a Lua run', () => {
  it('loads neither tls, crypto, child_process nor v8 for a 2-thread run over the socket without a password', async () => {
    await sysbenchAsync(['oltp_point_select', ...mysqlArgs(DB), '--table-size=100', 'prepare']);
    const mods = await workerModules(['--table-size=100', '--threads=2', '--time=1', 'run']);
    expect(mods).toContain('net'); // the list is the worker's, taken once it had connected
    for (const m of ['tls', 'crypto', 'child_process', 'v8']) expect(mods, m).not.toContain(m);
  });

  it('loads child_process when the script runs a command', async () => {
    const script = join(dir, 'exec.lua');
    writeFileSync(script, 'function event() os.execute("true") end\n');
    const r = await sysbenchAsync([script, '--time=1', 'run'], { env: { NODE_OPTIONS: `--require ${PRELOAD}` } });
    expect(r.code).toBe(0);
    expect(readFileSync(LIST, 'utf8').split('\n')).toContain('child_process');
  });
});
