// Finds the file behind a test name, as sysbench does (a file path, else a module along
// package.path), with our bundled lua/ before /usr/share/sysbench and our 1.0 workloads
// (lua/workloads/) after it: the stock scripts stay the default where they are installed.
//
// The sysbench 0.5 scripts (lua/legacy/, see LEGACY_DIR) are found
// - by name, through package.path: `oltp`, `select`, ... have entry points in lua/ (lua/oltp.lua
//   etc., which is also what `--test=lua/oltp.lua` opens from the project root); the three
//   whose names sysbench 1.0 reuses (select_random_points, select_random_ranges, bulk_insert)
//   stay 1.0 scripts by name, and their 0.5 versions are `legacy/NAME` (or lua/legacy/NAME.lua);
// - as a fallback for a 0.5 script path that does not exist here (`--test=tests/db/oltp.lua`,
//   `/usr/share/doc/sysbench/tests/db/select_random_points.lua`, ...): our script of that
//   name, with a notice on stderr.
import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { luaSearchPath } from '../lua-runtime/state.js';
import { OUR_LUA_DIR, STOCK_LUA_DIR, SYSTEM_LUA_DIR, WORKLOADS_LUA_DIR } from '../paths.js';

export interface Resolved {
  file: string;
  /** set when a missing /usr/share/sysbench script was replaced by our bundled one */
  notice?: string;
}

/** What sysbench can load as a script: anything there but a directory (/dev/null is an empty script). */
function isFile(p: string): boolean {
  try {
    return !statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Our sysbench 0.5-style scripts. */
export const LEGACY_DIR = join(OUR_LUA_DIR, 'legacy');
export const LEGACY_SCRIPTS: readonly string[] = [
  'oltp', 'select', 'insert', 'delete', 'update_index', 'update_non_index', 'oltp_simple',
  'parallel_prepare', 'select_random_points', 'select_random_ranges', 'bulk_insert',
];

/** The bundled 0.5 script standing in for a missing 0.5 script path, or null. */
function legacyFallback(name: string): Resolved | null {
  const base = basename(name);
  if (!base.endsWith('.lua')) return null;
  if (!LEGACY_SCRIPTS.includes(base.slice(0, -4))) return null;
  const ours = join(LEGACY_DIR, base);
  if (!existsSync(ours)) return null;
  return { file: ours, notice: `sysbench-ts: ${name} not found, using the bundled sysbench 0.5 script ${ours}\n` };
}

export function resolveScript(name: string, cwd: string, env: NodeJS.ProcessEnv): Resolved | null {
  if (isFile(resolve(cwd, name))) return { file: name };
  // like require(): each template of package.path with '?' replaced by the name
  for (const template of luaSearchPath(null, env).split(';')) {
    if (!template.includes('?')) continue;
    const candidate = template.replaceAll('?', name.replaceAll('.', '/'));
    const full = resolve(cwd, candidate);
    if (isFile(full)) return { file: candidate };
  }
  // a stock script path that is not installed: fall back to our bundled workload of that name
  // (lua/workloads/, our 1.0 scripts; then lua/)
  if (name.startsWith(STOCK_LUA_DIR + '/') || name.startsWith(SYSTEM_LUA_DIR + '/')) {
    for (const dir of [WORKLOADS_LUA_DIR, OUR_LUA_DIR]) {
      const ours = join(dir, basename(name));
      if (isFile(ours)) {
        return { file: ours, notice: `sysbench-ts: ${name} not found, using the bundled ${ours}\n` };
      }
    }
  }
  return legacyFallback(name);
}
