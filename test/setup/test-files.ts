// Which test files need what, read from what they import (no list to keep up to date):
// - unit: runs in-process only. It imports nothing from test/helpers/ (which run bin/sysbench,
//   the reference binary and the database clients) and not node:child_process. `npm run
//   test:unit` runs these: no server, no reference binary, no build needed.
// - mysql: talks to MariaDB. It imports a MySQL helper (SOCKET, mysqlArgs, sql, createDatabase,
//   dropDatabase from helpers/sysbench.ts), helpers/general-log.ts or legacy-sniffer.ts. When no
//   server answers and MariaDB is not installed, these files are left out of the run.
// Every other file is end-to-end without a MySQL server (bin/sysbench, PostgreSQL, ...).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestFiles {
  unit: string[];
  mysql: string[];
}

const MYSQL_HELPERS = new Set(['SOCKET', 'mysqlArgs', 'sql', 'createDatabase', 'dropDatabase']);

/** import specifiers of a module, with the names taken from each (`*` for a whole module) */
function imports(source: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (from: string, names: string[]): void => {
    found.set(from, [...(found.get(from) ?? []), ...names]);
  };
  for (const m of source.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/gm)) {
    add(m[2], m[1].split(',').map((n) => n.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0].trim()).filter(Boolean));
  }
  for (const m of source.matchAll(/^import\s+(?:[\w$]+\s*,?\s*)?(?:\*\s+as\s+[\w$]+\s+)?from\s*'([^']+)'|^import\s+'([^']+)'/gm)) add(m[1] ?? m[2], ['*']);
  return found;
}

export function classify(source: string): { unit: boolean; mysql: boolean } {
  const specs = imports(source);
  const from = (suffix: string): string[] | undefined => [...specs].find(([s]) => s.endsWith(suffix))?.[1];
  const unit = ![...specs.keys()].some((s) => s.startsWith('./helpers/') || s === './legacy-sniffer.js' || s === 'node:child_process' || s === 'child_process');
  const mysql = (from('/helpers/sysbench.js') ?? []).some((n) => MYSQL_HELPERS.has(n)) ||
    from('/helpers/general-log.js') !== undefined || from('/legacy-sniffer.js') !== undefined;
  return { unit, mysql };
}

/** The test files under `dir` (paths relative to `root`, as vitest's include takes them). */
export function testFiles(root: string, dir = 'test'): TestFiles {
  const out: TestFiles = { unit: [], mysql: [] };
  for (const f of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).sort()) {
    if (!f.endsWith('.test.ts')) continue;
    const path = `${dir}/${f}`;
    const c = classify(readFileSync(join(root, path), 'utf8'));
    if (c.unit) out.unit.push(path);
    if (c.mysql) out.mysql.push(path);
  }
  return out;
}
