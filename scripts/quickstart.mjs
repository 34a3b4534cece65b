#!/usr/bin/env node
// npm run quickstart: a first benchmark from a fresh clone.
//   1. builds the tool if dist/ or bundle/ is missing (npm ci has normally built them);
//   2. finds a MySQL/MariaDB server: the one named by --mysql-* options or MYSQL_* variables,
//      else the local socket, else 127.0.0.1:3306; when none is reachable and MariaDB is
//      installed, starts a private, throwaway one (temporary folder, own socket, no TCP
//      port); when MariaDB is not installed, prints how to install it and exits with 1;
//   3. runs `sysbench cpu run`;
//   4. runs oltp_read_write prepare / run (10 s, a report every second) / cleanup in a
//      database of its own that it creates and drops;
//   5. stops and removes the private server, also on Ctrl-C or failure.
// Options: --mysql-host, --mysql-port, --mysql-socket, --mysql-user, --mysql-password;
// --private-server (always use a private server), --keep-server (leave the private server
// running and print how to use and stop it), --help.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'sysbench');
const argv = process.argv.slice(2);
const say = (s) => process.stdout.write(`${s}\n`);
const warn = (s) => process.stderr.write(`quickstart: ${s}\n`);

if (argv.includes('--help') || argv.includes('-h')) {
  say(`Usage: npm run quickstart [-- OPTIONS]

Runs sysbench cpu, then oltp_read_write prepare / run (10 s) / cleanup in a database of its
own (created and dropped), against the first server found: the one named by the options or
by MYSQL_SOCKET / MYSQL_HOST / MYSQL_TCP_PORT / MYSQL_USER / MYSQL_PASSWORD (rules in
docs/private-server.md), else the local socket, else 127.0.0.1:3306, else a private, throwaway MariaDB
started for the occasion.

  --mysql-host=HOST --mysql-port=PORT --mysql-socket=PATH --mysql-user=USER --mysql-password=PASS
  --private-server   use a private, throwaway MariaDB even if a server is running
  --keep-server      use the private server kept running by \`node scripts/mariadb-private.mjs start\`
                     (start it if needed) and leave it running; prints its socket and stop command`);
  process.exit(0);
}
const known = /^--(mysql[-_](host|port|socket|user|password)=.*|private-server|keep-server)$/s;
const unknown = argv.filter((a) => !known.test(a));
if (unknown.length > 0) {
  warn(`unknown option ${unknown[0]} (see npm run quickstart -- --help)`);
  process.exit(2);
}
const keepServer = argv.includes('--keep-server');
const forcePrivate = argv.includes('--private-server') || keepServer;

// ---- 1. build -------------------------------------------------------------------------
if (!existsSync(join(ROOT, 'bundle', 'main.cjs')) || !existsSync(join(ROOT, 'dist', 'server', 'acquire.js'))) {
  say('$ npm run build');
  const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const { describeTarget, targetSysbenchArgs, targetConnection } = await import('../dist/server/connection.js');
const { maskArgv } = await import('../dist/options/secrets.js');
const { acquireServer } = await import('../dist/server/acquire.js');
const mysql = (await import('mysql2/promise')).default;

// ---- Ctrl-C and friends: stop what runs, then clean up ----------------------------------
let interrupted = null;
let child = null;
let server = null;
let database = null;
let target = null;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (interrupted) {
      // a second signal: leave now (a private server is killed by its exit hook)
      child?.kill('SIGKILL');
      if (database && !server) warn(`database \`${database}\` was left on ${describeTarget(target)}`);
      process.exit(130);
    }
    interrupted = sig;
    warn('interrupted: cleaning up (again to quit at once)');
    // the terminal's Ctrl-C reaches the child itself; other signals are passed on
    if (child && sig !== 'SIGINT') child.kill(sig);
  });
}

function runStep(args) {
  say(`\n$ sysbench ${maskArgv(args).join(' ')}`); // --mysql-password=*** shown masked
  return new Promise((resolve) => {
    child = spawn(BIN, args, { stdio: 'inherit' });
    child.on('error', (e) => { warn(`cannot run ${BIN}: ${e.message}`); resolve(1); });
    child.on('exit', (code, sig) => { child = null; resolve(code ?? (sig === 'SIGINT' ? 130 : 1)); });
  });
}

async function withConnection(t, fn) {
  const con = await mysql.createConnection({ ...targetConnection(t), connectTimeout: 5000 });
  try {
    return await fn(con);
  } finally {
    await con.end().catch(() => {});
  }
}

// ---- 2. a server ------------------------------------------------------------------------
let code = 0;
try {
  const got = await acquireServer({
    argv, privateOnly: forcePrivate, keep: keepServer, databases: keepServer ? ['sbtest'] : undefined,
    notice: (line, kind) => (kind === 'problem' ? warn(line) : say(line)),
  });
  if (!got.ok) {
    process.stderr.write(got.reason === 'not-installed' ? `\n${got.message}\n` : `quickstart: ${got.message}\n`);
    process.exit(1);
  }
  target = got.target;
  server = got.server;
  if (server) say(`Private MariaDB running in ${server.dir} (socket ${server.socket})`);
  else say(`Using the MySQL/MariaDB server on ${describeTarget(target)} (${got.version}) as ${target.user}`);
  if (interrupted) throw new Error('interrupted');

  // ---- 3. cpu ---------------------------------------------------------------------------
  await runStep(['cpu', 'run']);
  if (interrupted) throw new Error('interrupted');

  // ---- 4. oltp_read_write in a database of our own -----------------------------------------
  database = await withConnection(target, async (con) => {
    for (;;) {
      const name = `sbtest_quickstart_${randomBytes(3).toString('hex')}`;
      try {
        await con.query(`CREATE DATABASE \`${name}\``);
        return name;
      } catch (e) {
        if (e.errno !== 1007) throw e; // exists already: not ours, try another name
      }
    }
  });
  const common = ['oltp_read_write', ...targetSysbenchArgs(target), `--mysql-db=${database}`, '--table-size=10000'];
  for (const step of [[...common, 'prepare'], [...common, '--time=10', '--report-interval=1', 'run'], [...common, 'cleanup']]) {
    code = await runStep(step);
    if (interrupted || code !== 0) break;
  }
} catch (e) {
  if (!interrupted) {
    warn(e.message);
    code = 1;
  }
} finally {
  // ---- 5. clean up --------------------------------------------------------------------------
  if (database && target) {
    try {
      await withConnection(target, (con) => con.query(`DROP DATABASE IF EXISTS \`${database}\``));
      say(`\nDropped database \`${database}\`.`);
    } catch (e) {
      warn(`could not drop database \`${database}\`: ${e.message}`);
      if (code === 0) code = 1;
    }
  }
  if (server && keepServer) {
    say(`\nThe private MariaDB keeps running: socket ${server.socket}, user root, no password.`);
    say(`  bin/sysbench oltp_read_write --db-driver=mysql ${server.sysbenchArgs.join(' ')} --mysql-db=sbtest prepare|run|cleanup`);
    say(`  mariadb --socket=${server.socket} -uroot`);
    say(`Stop and remove it with: ${server.stopCommand}`);
  } else if (server) {
    await server.stop();
    say('Stopped and removed the private MariaDB.');
  }
}
if (interrupted) {
  // end as the signal would have: a shell running us in a script stops there too
  process.removeAllListeners(interrupted);
  process.kill(process.pid, interrupted);
}
process.exit(code);
