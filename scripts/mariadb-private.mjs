#!/usr/bin/env node
// A private MariaDB that keeps running between commands (for the studies, or to try things):
// its own data directory and socket in a folder of its own, no TCP port, root without password.
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
if (!existsSync(join(ROOT, 'dist', 'server', 'private-mariadb.js'))) {
  const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const { defaultKeptDir, findMariadb, privateMariadbStatus, startPrivateMariadb, stopPrivateMariadb, stopCommandFor } =
  await import('../dist/server/private-mariadb.js');

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

switch (command) {
  case 'start': {
    const st = await privateMariadbStatus(dir);
    if (st.running) {
      console.log(`A private MariaDB already runs in ${dir} (pid ${st.pid}), socket ${st.socket}`);
      console.log(`Stop it with: ${stopCommandFor(dir)}`);
      process.exit(0);
    }
    const bins = findMariadb();
    if (!bins) {
      const { installHints } = await import('../dist/server/discover.js');
      process.stderr.write(`${installHints()}\n`);
      process.exit(1);
    }
    try {
      const s = await startPrivateMariadb({ dir, keep: true, binaries: bins, databases: ['sbtest'] });
      console.log(`Private MariaDB running (pid ${s.pid}) in ${s.dir}`);
      console.log(`  socket:   ${s.socket}   (user root, no password, no TCP port; database sbtest created)`);
      console.log(`  client:   mariadb --socket=${s.socket} -uroot`);
      console.log(`  sysbench: bin/sysbench oltp_read_write ${s.sysbenchArgs.join(' ')} --mysql-db=sbtest prepare`);
      console.log(`  tests:    MYSQL_SOCKET=${s.socket} npx vitest run test/...`);
      console.log(`Stop and remove it with: ${s.stopCommand}`);
    } catch (e) {
      process.stderr.write(`mariadb-private: ${e.message}\n`);
      process.exit(1);
    }
    break;
  }
  case 'status': {
    const st = await privateMariadbStatus(dir);
    if (!st.pid) console.log(`No private MariaDB in ${dir}`);
    else if (!st.running) console.log(`The private MariaDB of ${dir} (pid ${st.pid}) is gone; ${stopCommandFor(dir)} removes its folder`);
    else console.log(`Private MariaDB running (pid ${st.pid}), socket ${st.socket}${st.ready ? '' : ' (not accepting connections)'}`);
    process.exit(st.ready ? 0 : 3);
    break;
  }
  case 'env': {
    const st = await privateMariadbStatus(dir);
    if (!st.running) {
      process.stderr.write(`mariadb-private: no private MariaDB runs in ${dir}\n`);
      process.exit(3);
    }
    console.log(`MYSQL_SOCKET=${st.socket}`);
    break;
  }
  case 'stop': {
    if (await stopPrivateMariadb(dir)) console.log(`Stopped the private MariaDB and removed ${dir}`);
    else console.log(`No private MariaDB in ${dir}`);
    break;
  }
  default:
    process.stderr.write('usage: node scripts/mariadb-private.mjs start|status|stop|env [--dir=DIR]\n');
    process.exit(2);
}
