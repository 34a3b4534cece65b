// Layers import downward only: every file of src/ belongs to one layer, and no file imports
// from a layer above its own. The order (lowest first) is the one drawn in CONTRIBUTING.md.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Lowest first; a layer is a list of folders (ending in '/') and files under src/. */
const LAYERS: [name: string, paths: string[]][] = [
  ['format', ['format/', 'paths.ts', 'lazy-node-modules.ts']],
  ['output', ['output.ts']],
  ['stats', ['stats/']],
  ['report', ['report/']],
  ['rand', ['rand/']],
  ['shard', ['shard/']],
  ['runner', ['runner/', 'worker-entry.cts', 'code-cache.cts', 'rate-generator.ts']],
  ['options', ['options/']],
  ['drivers', ['drivers/']],
  ['lua runtime', ['lua-runtime/']],
  ['progress', ['progress.ts']],
  ['jobs', ['builtin/', 'script-job/', 'lua-worker.ts', 'builtin-worker.ts']],
  ['legacy', ['legacy/']],
  ['server', ['server/']],
  ['merge', ['merge/']],
  ['plot', ['plot/']],
  ['cli', ['cli/']],
  ['companion', ['companion/']],
];

/**
 * Imports that still point upward, each waiting for a change in a file another branch owns.
 * Remove an entry together with the import it describes.
 */
const PENDING: string[] = [];

const SRC = join(import.meta.dirname, '..', '..', 'src');

function layerOf(file: string): number {
  return LAYERS.findIndex(([, paths]) => paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)));
}

/** Relative specifiers of every import, export ... from, import() and require() in `text`. */
function importSpecifiers(text: string): string[] {
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...text.matchAll(re)].map((m) => m[1]);
}

/** The src-relative file an import names (.js -> .ts, .cjs -> .cts). */
function target(from: string, spec: string): string {
  return normalize(join(dirname(from), spec)).replace(/\.js$/, '.ts').replace(/\.cjs$/, '.cts');
}

interface Finding { file: string; problem: string }

/** Checks files given as { src-relative path: text }. */
function check(files: Record<string, string>): Finding[] {
  const out: Finding[] = [];
  for (const [file, text] of Object.entries(files)) {
    const own = layerOf(file);
    if (own < 0) {
      out.push({ file, problem: 'belongs to no layer (add its folder to LAYERS and to the CONTRIBUTING.md diagram)' });
      continue;
    }
    for (const spec of importSpecifiers(text)) {
      const to = target(file, spec);
      const theirs = layerOf(to);
      if (to.startsWith('..')) out.push({ file, problem: `imports ${spec}, outside src/` });
      else if (theirs > own && !PENDING.includes(`${file} -> ${to}`)) {
        out.push({ file, problem: `imports ${to} (${LAYERS[theirs][0]}) from the lower layer ${LAYERS[own][0]}` });
      }
    }
  }
  return out;
}

function sources(dir: string, out: Record<string, string> = {}): Record<string, string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.c?ts$/.test(e.name) && !e.name.endsWith('.d.ts')) out[relative(SRC, p)] = readFileSync(p, 'utf8');
  }
  return out;
}

describe('layers', () => {
  it('no file of src/ imports from a higher layer', () => {
    const files = sources(SRC);
    expect(Object.keys(files).length).toBeGreaterThan(50);
    expect(check(files)).toEqual([]);
  });

  it('the pending upward imports still exist (else remove them from PENDING)', () => {
    const files = sources(SRC);
    for (const entry of PENDING) {
      const [from, to] = entry.split(' -> ');
      expect(importSpecifiers(files[from] ?? '').map((s) => target(from, s)), entry).toContain(to);
    }
  });

  it('finds every kind of import, and what points upward or nowhere', () => {
    const text = [
      "import { a } from '../cli/main.js';",
      "import type { B } from './x.js';",
      "export { c } from '../lua-runtime/state.js';",
      "import '../server/acquire.js';",
      "const m = await import('../report/text.js');",
      "const n = require('../legacy/help.js');",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['../cli/main.js', './x.js', '../lua-runtime/state.js', '../server/acquire.js', '../report/text.js', '../legacy/help.js']);
    expect(check({ 'runner/run.ts': text, 'nowhere/x.ts': '' })).toEqual([
      { file: 'runner/run.ts', problem: 'imports cli/main.ts (cli) from the lower layer runner' },
      { file: 'runner/run.ts', problem: 'imports lua-runtime/state.ts (lua runtime) from the lower layer runner' },
      { file: 'runner/run.ts', problem: 'imports server/acquire.ts (server) from the lower layer runner' },
      { file: 'runner/run.ts', problem: 'imports legacy/help.ts (legacy) from the lower layer runner' },
      { file: 'nowhere/x.ts', problem: 'belongs to no layer (add its folder to LAYERS and to the CONTRIBUTING.md diagram)' },
    ]);
    // downward and sideways imports are fine
    expect(check({ 'cli/main.ts': "import { x } from '../runner/run.js';\nimport { y } from './io.js';" })).toEqual([]);
  });
});
