// The built-in tests' WebAssembly (src/builtin/wasm/*.wat): the build writes builtin-NAME.wasm
// beside both programs, bundle/ (what bin/sysbench runs and the package ships) and dist/ (tsc's),
// and each finds its own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, sysbench } from '../../helpers/sysbench.js';

const RUNS = [
  ['cpu', '--events=20', 'run'],
  ['memory', '--memory-access-mode=rnd', '--memory-total-size=1M', 'run'],
  ['memory', '--memory-oper=read', '--memory-total-size=1M', 'run'],
];

describe('builtin-*.wasm', () => {
  it('are beside the bundle, and its runs load them', () => {
    for (const f of ['builtin-cpu.wasm', 'builtin-memory.wasm']) expect(existsSync(join(ROOT, 'bundle', f)), f).toBe(true);
    for (const args of RUNS) {
      const r = sysbench(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toContain('General statistics:');
    }
  });

  it('are beside dist/, and its runs load them', () => {
    for (const f of ['builtin-cpu.wasm', 'builtin-memory.wasm']) expect(existsSync(join(ROOT, 'dist', f)), f).toBe(true);
    // dist/'s CLI, started as bin/sysbench.cjs starts the bundle's
    const dir = mkdtempSync(join(tmpdir(), 'sbts-dist-'));
    try {
      const launcher = join(dir, 'run-dist.mjs');
      writeFileSync(launcher, `const m = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'cli', 'main.js')).href)});
process.exitCode = await m.main(process.argv.slice(2));\n`);
      for (const args of RUNS) {
        const r = spawnSync(process.execPath, [launcher, ...args], { cwd: dir, encoding: 'utf8' });
        expect(r.status, `${args.join(' ')}\n${r.stdout}${r.stderr}`).toBe(0);
        expect(r.stdout).toContain('General statistics:');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
