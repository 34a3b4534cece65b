// Parts of a run's CPU, from `perf script -F tid,ip,sym,dso` samples of a whole process run with
// Node's --perf-basic-prof (JIT code named "JS:*name file:line:col" in /tmp/perf-PID.map).
// Pure: the caller runs perf and says which source file a bundle's line and column came from.

/** JavaScript of a bundle whose source map is missing */
export const NO_SOURCE = 'JavaScript without a source (bundle built without maps)';

/** The parts, in the order a table lists them. */
export const PARTS = [
  'kernel: system calls, network, scheduling',
  'Lua VM (fengari)',
  'Lua API, event loop and states (src/lua-runtime, src/script-job, src/rand)',
  'database driver (src/drivers)',
  'mysql2',
  'pg',
  'accounting (src/runner, src/stats)',
  'other JavaScript of ours',
  'other packages',
  'Node: libuv, C++ and its JavaScript (net, timers)',
  'V8 builtins and stubs (called from JavaScript)',
  'V8 runtime (C++: calls into JavaScript, throws, stack walks)',
  'V8 compiler and parser',
  'V8 garbage collector',
  'libc, vdso',
  'C sysbench, LuaJIT, libmariadb, libpq (the reference, profiled the same way)',
  NO_SOURCE,
  'other',
];

const GC = /Heap|Scaveng|MarkCompact|Sweep|Marking|Evacuat|GCTracer|MinorM|IncrementalMark|MemoryAllocator|RememberedSet|SlotSet|GlobalHandles/;
const COMPILER = /compiler::|Turbofan|Maglev|Pipeline|OptimizedCompilation|Compiler|Parser|Scanner|AstNode|BytecodeGenerator|baseline::|RegisterAllocat|InstructionSelect|CodeGenerator/;

/** One line of `perf script -F tid,ip,sym,dso`: { tid, sym, dso } or null. */
export function parseSample(line) {
  const m = /^\s*(\d+)\s+[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$/.exec(line);
  return m === null ? null : { tid: Number(m[1]), sym: m[2], dso: m[3] };
}

/** The "file:line:col" of a JIT symbol, or null (builtins, stubs, regular expressions). */
export function jitLocation(sym) {
  const m = / (?:file:\/\/)?(\S+:\d+:\d+)$/.exec(sym);
  return m === null ? null : m[1];
}

/** The part a source file belongs to (a path of dist/, src/ or node_modules/). */
export function partOfSource(source) {
  if (/(node_modules|packages)\/fengari\//.test(source)) return 'Lua VM (fengari)';
  if (/node_modules\/mysql2\//.test(source)) return 'mysql2';
  if (/node_modules\/pg(-[a-z]+)?\//.test(source)) return 'pg';
  if (/node_modules\//.test(source)) return 'other packages';
  if (/(^|\/)(src|dist)\/(lua-runtime|script-job|rand)\/|(^|\/)(src|dist)\/lua-worker\./.test(source)) return 'Lua API, event loop and states (src/lua-runtime, src/script-job, src/rand)';
  if (/(^|\/)(src|dist)\/drivers\//.test(source)) return 'database driver (src/drivers)';
  if (/(^|\/)(src|dist)\/(runner|stats)\//.test(source)) return 'accounting (src/runner, src/stats)';
  return 'other JavaScript of ours';
}

/**
 * The part of one sample. `sourceOf(location)` names the source file of a JIT location in a
 * bundle (null when it cannot); locations in dist/ or node_modules/ name their file themselves.
 */
export function partOf(sample, sourceOf) {
  const { sym, dso } = sample;
  if (dso.includes('kernel')) return PARTS[0];
  if (/perf-\d+\.map$/.test(dso)) {
    // the map file was gone when perf read the samples
    if (sym === '[unknown]') return 'other';
    const loc = jitLocation(sym);
    if (loc === null) return 'V8 builtins and stubs (called from JavaScript)';
    if (loc.startsWith('node:')) return 'Node: libuv, C++ and its JavaScript (net, timers)';
    const source = sourceOf(loc);
    if (source !== null) return partOfSource(source);
    // a file of dist/ or node_modules/ names its part itself; a bundle's needs its map
    const file = loc.replace(/:\d+:\d+$/, '');
    return /\/(dist|node_modules)\//.test(file) && !/\/bundle\//.test(file) ? partOfSource(file) : NO_SOURCE;
  }
  if (/\/(node|nodejs)$/.test(dso)) {
    if (sym.startsWith('Builtins_')) return 'V8 builtins and stubs (called from JavaScript)';
    if (GC.test(sym)) return 'V8 garbage collector';
    if (COMPILER.test(sym)) return 'V8 compiler and parser';
    if (/^uv_|^uv__|node::/.test(sym)) return 'Node: libuv, C++ and its JavaScript (net, timers)';
    return 'V8 runtime (C++: calls into JavaScript, throws, stack walks)';
  }
  if (/libc[.-]|ld-linux|\[vdso\]/.test(dso)) return 'libc, vdso';
  if (/\/sysbench$|libluajit|libmariadb|libmysqlclient|libpq/.test(dso)) return 'C sysbench, LuaJIT, libmariadb, libpq (the reference, profiled the same way)';
  if (/libuv/.test(dso)) return 'Node: libuv, C++ and its JavaScript (net, timers)';
  return 'other';
}

/**
 * Shares of the samples per part, and per JIT function ("part: name") for the busiest ones.
 * Returns { total, parts: [[part, samples]...] in PARTS order, functions: [[name, samples]...] }.
 */
export function summarize(samples, sourceOf) {
  const parts = new Map();
  const functions = new Map();
  for (const s of samples) {
    const part = partOf(s, sourceOf);
    parts.set(part, (parts.get(part) ?? 0) + 1);
    if (/perf-\d+\.map$/.test(s.dso) && jitLocation(s.sym) !== null) {
      const name = `${part}: ${s.sym.split(' ')[0].replace(/^JS:/, '')}`;
      functions.set(name, (functions.get(name) ?? 0) + 1);
    }
  }
  return {
    total: samples.length,
    parts: PARTS.filter((p) => parts.has(p)).map((p) => [p, parts.get(p)]),
    functions: [...functions].sort((a, b) => b[1] - a[1]),
  };
}
