#!/usr/bin/env node
// A private MariaDB that keeps running between commands (for the studies, or to try things):
// its own data directory and socket in a folder of its own, no TCP port, root without password.
// The older spelling of `sysbench-ts server` (src/companion/commands/server-actions.ts):
//
//   node scripts/mariadb-private.mjs start [--dir=DIR]   start it; prints its socket and the stop command
//   node scripts/mariadb-private.mjs status [--dir=DIR]  running or not (exit 0 when it accepts connections, 3 otherwise)
//   node scripts/mariadb-private.mjs stop [--dir=DIR]    stop it and remove its folder
//   node scripts/mariadb-private.mjs env [--dir=DIR]     prints MYSQL_SOCKET=... for `export $(...)` / `eval`
//
// DIR defaults to $TMPDIR/sysbench-ts-mariadb-<uid>. The same code (src/server/private-mariadb.ts)
// starts the throwaway server of `npm run quickstart` and of the tests.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(ROOT, 'dist', 'companion', 'commands', 'server-actions.js'))) {
  const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const { defaultKeptDir, stopCommandFor } = await import('../dist/server/private-mariadb.js');
const { SERVER_ACTIONS, serverAction } = await import('../dist/companion/commands/server-actions.js');

const [command, ...rest] = process.argv.slice(2);
let dir = defaultKeptDir();
for (const a of rest) {
  const m = /^--dir=(.+)$/.exec(a);
  if (m) dir = resolve(m[1]);
  else {
    process.stderr.write(`mariadb-private: unknown option ${a}\n`);
    process.exit(2);
  }
}
if (!SERVER_ACTIONS.includes(command)) {
  process.stderr.write('usage: node scripts/mariadb-private.mjs start|status|stop|env [--dir=DIR]\n');
  process.exit(2);
}
process.exit(await serverAction(command, dir, { name: 'mariadb-private', stopLine: stopCommandFor }));
