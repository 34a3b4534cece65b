#!/usr/bin/env node
// Compiles the built-in tests' WebAssembly (src/builtin/wasm/NAME.wat) to builtin-NAME.wasm in
// each folder given: dist/ after tsc, bundle/ from scripts/bundle.mjs. src/builtin/kernels.ts
// loads them from the folder of the running program. wabt (a devDependency, JavaScript and
// WebAssembly only) compiles offline.
//
// usage: node scripts/build-wasm.mjs DIR...
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import wabtInit from 'wabt';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WAT_DIR = join(ROOT, 'src', 'builtin', 'wasm');

/** { name: wasm bytes } for every .wat file of src/builtin/wasm */
export async function compileWat() {
  const wabt = await wabtInit();
  const out = {};
  for (const f of readdirSync(WAT_DIR).filter((n) => n.endsWith('.wat')).sort()) {
    // threads: the memory test's buffer is a shared memory, as every thread of a global-scope
    // run works on the same block
    const features = { threads: true };
    const mod = wabt.parseWat(f, readFileSync(join(WAT_DIR, f), 'utf8'), features);
    try {
      mod.validate(features);
      out[f.replace(/\.wat$/, '')] = Uint8Array.from(mod.toBinary({}).buffer);
    } finally {
      mod.destroy();
    }
  }
  return out;
}

/** Writes builtin-NAME.wasm into each of `dirs`; returns the file names. */
export async function writeWasm(dirs) {
  const modules = await compileWat();
  const names = [];
  for (const [name, bytes] of Object.entries(modules)) {
    names.push(`builtin-${name}.wasm`);
    for (const d of dirs) {
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, `builtin-${name}.wasm`), bytes);
    }
  }
  return names;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dirs = process.argv.slice(2).map((d) => join(process.cwd(), d));
  if (dirs.length === 0) {
    process.stderr.write('usage: node scripts/build-wasm.mjs DIR...\n');
    process.exit(2);
  }
  const names = await writeWasm(dirs);
  process.stderr.write(`build-wasm: ${names.join(', ')}\n`);
}
