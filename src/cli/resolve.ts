// Finds the file behind a test name, as sysbench does (a file path, else a module along
// package.path), with our bundled lua/ before /usr/share/sysbench.
import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { luaSearchPath } from '../lua/state.js';
import { OUR_LUA_DIR, SYSTEM_LUA_DIR } from '../paths.js';

export interface Resolved {
  file: string;
  /** set when a missing /usr/share/sysbench script was replaced by our bundled one */
  notice?: string;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
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
  if (name.startsWith(SYSTEM_LUA_DIR + '/')) {
    const ours = join(OUR_LUA_DIR, basename(name));
    if (existsSync(ours)) {
      return { file: ours, notice: `sysbench-ts: ${name} not found, using the bundled ${ours}\n` };
    }
  }
  return null;
}
