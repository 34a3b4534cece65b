// Which test files need what:
// - by folder, what kind of test a file is: test/unit and test/vm run in-process (no server,
//   no reference binary, no build: `npm run test:unit`); test/e2e/mysql, test/e2e/pgsql,
//   test/e2e/cli (bin/sysbench without a database), test/reference (golden comparisons with
//   /usr/bin/sysbench), test/reliability (servers killed or stalled) and test/package (the
//   bundle, the launcher, the code cache) run bin/sysbench end to end.
// - by what a file imports, whether it talks to MariaDB: a MySQL helper (SOCKET, mysqlArgs, sql,
//   createDatabase, dropDatabase from helpers/sysbench.ts), helpers/general-log.ts or
//   helpers/legacy-sniffer.ts. When no server answers and MariaDB is not installed, these files
//   are left out of the run (there is no list to keep up to date).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestFiles {
  unit: string[];
  mysql: string[];
}

/** The folders of test/ whose files run in-process only. */
const UNIT_FOLDERS = ['unit', 'vm'];

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

/** Whether a test file's source talks to MariaDB (see above). */
export function needsMysql(source: string): boolean {
  const specs = imports(source);
  const from = (suffix: string): string[] | undefined => [...specs].find(([s]) => s.endsWith(suffix))?.[1];
  return (from('/helpers/sysbench.js') ?? []).some((n) => MYSQL_HELPERS.has(n)) ||
    from('/helpers/general-log.js') !== undefined || from('/helpers/legacy-sniffer.js') !== undefined;
}

/** The test files under `dir` (paths relative to `root`, as vitest's include takes them). */
export function testFiles(root: string, dir = 'test'): TestFiles {
  const out: TestFiles = { unit: [], mysql: [] };
  for (const f of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).sort()) {
    if (!f.endsWith('.test.ts')) continue;
    const path = `${dir}/${f}`;
    if (UNIT_FOLDERS.includes(f.split('/')[0])) out.unit.push(path);
    if (needsMysql(readFileSync(join(root, path), 'utf8'))) out.mysql.push(path);
  }
  return out;
}
