// A private, throwaway MariaDB server: its own data directory (mariadb-install-db) in a
// temporary folder, its own socket, no TCP port (--skip-networking), root without password.
// Used by the quickstart when no server is reachable, and usable from the test suite and the
// studies:
//
//   const server = await startPrivateMariadb();
//   ... sysbench ... --mysql-socket=${server.socket} --mysql-user=root ...
//   await server.stop();          // stops it and removes the folder
//
// The server runs in a session of its own (a Ctrl-C on the terminal does not reach it: the
// owner decides when it stops). A throwaway server is also stopped when its owner goes away
// without calling stop():
// - at process exit ('exit' event): killed at once and its folder removed, synchronously;
// - if the owner is killed outright (SIGKILL, a crash): a watchdog process (sh) holds the
//   read end of a pipe from the owner; when the pipe closes it kills the server and removes
//   the folder.
// With `keep: true` the server outlives its owner (no watchdog, no exit hook); a state file
// in its folder lets stopPrivateMariadb(dir) / privateMariadbStatus(dir) find it later
// (scripts/mariadb-private.mjs start | status | stop).
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import mysql from 'mysql2';
import { mysqlConnectionArgs } from './connection.js';
import { PROJECT_ROOT } from '../paths.js';

export interface MariadbBinaries {
  mariadbd: string;
  installDb: string;
}

/** Environment variable naming the mariadbd to use; `none` hides every mariadbd (e.g. for tests). */
export const MARIADBD_ENV = 'SYSBENCH_TS_MARIADBD';

const SERVER_NAMES = ['mariadbd'];
const INSTALL_NAMES = ['mariadb-install-db', 'mysql_install_db'];
// sbin folders are not on a normal user's PATH on Debian; Homebrew's opt/ links on macOS
const EXTRA_DIRS = [
  '/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin', '/usr/libexec',
  '/opt/homebrew/opt/mariadb/bin', '/opt/homebrew/bin', '/usr/local/opt/mariadb/bin',
];

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return lstatSync(p).isFile() || lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function findIn(names: string[], dirs: string[]): string | null {
  for (const d of dirs) for (const n of names) {
    const p = join(d, n);
    if (executable(p)) return p;
  }
  return null;
}

/**
 * mariadbd and mariadb-install-db, or null when MariaDB is not installed: $SYSBENCH_TS_MARIADBD
 * (a path, or `none`), else the PATH, then the usual sbin and Homebrew folders.
 */
export function findMariadb(env: NodeJS.ProcessEnv = process.env): MariadbBinaries | null {
  const forced = env[MARIADBD_ENV];
  if (forced !== undefined && forced !== '') {
    if (forced === 'none' || !executable(forced)) return null;
    const installDb = findIn(INSTALL_NAMES, [dirname(forced), ...(env.PATH ?? '').split(delimiter).filter(Boolean), ...EXTRA_DIRS]);
    return installDb ? { mariadbd: forced, installDb } : null;
  }
  const dirs = [...(env.PATH ?? '').split(delimiter).filter(Boolean), ...EXTRA_DIRS];
  const mariadbd = findIn(SERVER_NAMES, dirs);
  if (!mariadbd) return null;
  const installDb = findIn(INSTALL_NAMES, [dirname(mariadbd), ...dirs]);
  return installDb ? { mariadbd, installDb } : null;
}

export interface PrivateMariadbOptions {
  /**
   * The server's folder. Throwaway servers: default a new folder under os.tmpdir(); with
   * `keep`, default defaultKeptDir(). It holds data/, tmp/, the socket and the logs, and is
   * removed when the server stops.
   */
  dir?: string;
  /** leave the server running after this process exits; stop it with stopPrivateMariadb(dir) */
  keep?: boolean;
  binaries?: MariadbBinaries;
  /** how long to wait for the server to accept connections (default 60 s) */
  startTimeoutMs?: number;
  /** extra mariadbd options */
  serverArgs?: string[];
  /** databases to create once it runs (e.g. sysbench's default, `sbtest`) */
  databases?: string[];
}

export interface PrivateMariadb {
  readonly dir: string;
  readonly socket: string;
  readonly pid: number;
  readonly user: string;
  readonly password: string;
  /** the sysbench options that connect to it */
  readonly sysbenchArgs: string[];
  /** a shell command that stops it (for kept servers) */
  readonly stopCommand: string;
  /** stops the server (gracefully; killed after 30 s) and removes its folder */
  stop(): Promise<void>;
  /** the program and arguments it runs with (to start it again on the same data, e.g. in tests) */
  readonly command?: { readonly file: string; readonly args: readonly string[] };
}

const STATE_FILE = 'server.json';
/** marks a folder as a private server's, so that it may be wiped for a new one */
const MARKER = '.sysbench-ts-mariadb';
const SOCKET_FILE = 'mysqld.sock';
// sun_path holds 108 bytes on Linux, 104 on macOS
const MAX_SOCKET_PATH = 100;

interface ServerState { pid: number; socket: string; dir: string; startedAt: string }

/** Environment variable naming the folder of the kept server (default: builtinKeptDir()). */
export const KEPT_DIR_ENV = 'SYSBENCH_TS_MARIADB_DIR';

function builtinKeptDir(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return join(tmpdir(), `sysbench-ts-mariadb-${uid}`);
}

/** The folder of a kept server when none is given: $SYSBENCH_TS_MARIADB_DIR, else one per user under os.tmpdir(). */
export function defaultKeptDir(env: NodeJS.ProcessEnv = process.env): string {
  return env[KEPT_DIR_ENV] || builtinKeptDir();
}

/** The command line of scripts/mariadb-private.mjs that stops the server in `dir`. */
export function stopCommandFor(dir: string): string {
  const script = join(PROJECT_ROOT, 'scripts', 'mariadb-private.mjs');
  return dir === builtinKeptDir() ? `node ${script} stop` : `node ${script} stop --dir=${dir}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Tries one connection as root through the socket; resolves to null when it works, else the error. */
export function pingSocket(socket: string, user = 'root', password = '', timeoutMs = 2000): Promise<Error | null> {
  return new Promise((resolve) => {
    const con = mysql.createConnection({ socketPath: socket, user, password, connectTimeout: timeoutMs });
    con.on('error', () => { /* reported by connect() */ });
    con.connect((err) => {
      if (err) {
        con.destroy();
        resolve(err);
      } else con.end(() => resolve(null));
    });
  });
}

function query(socket: string, sql: string): Promise<Error | null> {
  return new Promise((resolve) => {
    const con = mysql.createConnection({ socketPath: socket, user: 'root', password: '' });
    con.on('error', () => { /* reported by query() */ });
    con.query(sql, (err) => {
      if (err) {
        con.destroy();
        resolve(err);
      } else con.end(() => resolve(null));
    });
  });
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function run(cmd: string, args: string[], logFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const fd = openSync(logFile, 'a');
    // a session of its own: a Ctrl-C meant for the owner does not cut it short
    const p = spawn(cmd, args, { stdio: ['ignore', fd, fd], detached: true });
    closeSync(fd);
    p.on('error', reject);
    p.on('exit', (code, sig) => resolve(code ?? (sig ? 128 : 1)));
  });
}

/** Makes `dir` (mode 0700), refusing a folder that is not ours or a symbolic link. */
function makePrivateDir(dir: string): void {
  if (existsSync(dir)) {
    const st = lstatSync(dir);
    const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid;
    if (!st.isDirectory() || st.isSymbolicLink() || st.uid !== uid) throw new Error(`${dir} exists and is not a folder of ours`);
  } else mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * Makes `dir` ready for a new server: created, or empty, or the folder of a server of ours
 * that is gone (emptied). Anything else is refused: a folder given by mistake is never wiped.
 */
function prepareServerDir(dir: string): void {
  if (existsSync(dir)) {
    makePrivateDir(dir); // ours, a folder
    const state = readState(dir);
    if (state && alive(state.pid)) throw new Error(`a private MariaDB already runs in ${dir} (pid ${state.pid})`);
    if (readdirSync(dir).length > 0) {
      if (!existsSync(join(dir, MARKER))) throw new Error(`${dir} is not empty and holds no private MariaDB of ours: choose another folder`);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  makePrivateDir(dir);
  writeFileSync(join(dir, MARKER), 'a private MariaDB of sysbench-ts (src/server/private-mariadb.ts)\n');
}

function readState(dir: string): ServerState | null {
  try {
    const s = JSON.parse(readFileSync(join(dir, STATE_FILE), 'utf8')) as ServerState;
    return typeof s.pid === 'number' ? s : null;
  } catch {
    return null;
  }
}

/** Waits until `pid` is gone; false on timeout. */
async function waitGone(pid: number, timeoutMs: number, child?: ChildProcess): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child ? child.exitCode !== null || child.signalCode !== null : !alive(pid)) return true;
    await sleep(50);
  }
  return false;
}

// sh: start nothing, wait for the owner's pipe to close (or a line), then kill the server and
// remove its folder. "$1" = server pid, "$2" = folder.
const WATCHDOG = 'trap "" INT HUP; read _ignored; kill -KILL "$1" 2>/dev/null; rm -rf "$2" 2>/dev/null || { sleep 1; rm -rf "$2"; }';

/** Starts a private MariaDB; rejects (after cleaning up) when it cannot. */
export async function startPrivateMariadb(opts: PrivateMariadbOptions = {}): Promise<PrivateMariadb> {
  const bins = opts.binaries ?? findMariadb();
  if (!bins) throw new Error('MariaDB is not installed (no mariadbd / mariadb-install-db found)');
  const keep = opts.keep ?? false;
  let dir: string;
  if (opts.dir || keep) {
    dir = opts.dir ?? defaultKeptDir();
    prepareServerDir(dir);
  } else {
    dir = mkdtempSync(join(tmpdir(), 'sysbench-ts-mariadb-'));
  }
  const socket = join(dir, SOCKET_FILE);
  // a server killed a moment ago may still be writing: retry, and never throw (at exit, the
  // watchdog removes what is left)
  const cleanup = (): void => {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
    } catch { /* see above */ }
  };
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    cleanup();
    throw new Error(`the socket path ${socket} is too long for a Unix socket; choose a shorter folder`);
  }
  const dataDir = join(dir, 'data');
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp, { mode: 0o700 });
  // mariadbd refuses to run as root unless told to
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const userArgs = asRoot ? ['--user=root'] : [];

  const installLog = join(dir, 'install.log');
  let code: number;
  try {
    code = await run(bins.installDb, [
      '--no-defaults', `--datadir=${dataDir}`, ...userArgs,
      '--auth-root-authentication-method=normal', '--skip-test-db',
    ], installLog);
  } catch (e) {
    cleanup();
    throw new Error(`cannot run ${bins.installDb}: ${(e as Error).message}`);
  }
  if (code !== 0) {
    const log = tail(installLog);
    cleanup();
    throw new Error(`${bins.installDb} failed (exit ${code}):\n${log}`);
  }

  const errorLog = join(dir, 'error.log');
  const serverArgs = [
    '--no-defaults', `--datadir=${dataDir}`, `--socket=${socket}`, '--skip-networking',
    `--pid-file=${join(dir, 'mysqld.pid')}`, `--log-error=${errorLog}`, `--tmpdir=${tmp}`,
    // benchmarks with hundreds of threads
    '--max-connections=1000',
    ...userArgs, ...(opts.serverArgs ?? []),
  ];
  const out = openSync(join(dir, 'mariadbd.out'), 'a');
  const server = spawn(bins.mariadbd, serverArgs, { stdio: ['ignore', out, out], detached: true });
  closeSync(out);
  const spawnError = new Promise<Error>((resolve) => server.on('error', resolve));
  server.unref();
  const pid = server.pid;
  if (pid === undefined) {
    const e = await spawnError;
    cleanup();
    throw new Error(`cannot start ${bins.mariadbd}: ${e.message}`);
  }

  let watchdog: ChildProcess | null = null;
  const killNow = (): void => {
    try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    cleanup();
    watchdog?.kill('SIGKILL');
  };
  if (!keep) {
    watchdog = spawn('sh', ['-c', WATCHDOG, 'sysbench-ts-watchdog', String(pid), dir], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    watchdog.on('error', () => { /* no sh: the exit hook still runs */ });
    watchdog.unref();
    (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    process.on('exit', killNow);
  }

  // wait until it accepts connections
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  let lastErr: Error | null = new Error('not started');
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) break;
    if (existsSync(socket)) {
      lastErr = await pingSocket(socket);
      if (lastErr === null) break;
    }
    await sleep(100);
  }
  if (lastErr !== null) {
    const log = tail(errorLog);
    const exited = server.exitCode !== null || server.signalCode !== null;
    killNow();
    process.off('exit', killNow);
    throw new Error(exited
      ? `mariadbd exited during startup (${server.exitCode ?? server.signalCode}):\n${log}`
      : `mariadbd did not accept connections on ${socket} in time (${lastErr.message}):\n${log}`);
  }

  for (const db of opts.databases ?? []) {
    const err = await query(socket, `CREATE DATABASE IF NOT EXISTS \`${db.replace(/`/g, '``')}\``);
    if (err) {
      killNow();
      process.off('exit', killNow);
      throw new Error(`cannot create database ${db}: ${err.message}`);
    }
  }

  const stopCommand = stopCommandFor(dir);
  if (keep) {
    const state: ServerState = { pid, socket, dir, startedAt: new Date().toISOString() };
    writeFileSync(join(dir, STATE_FILE), JSON.stringify(state, null, 2) + '\n');
  }

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      try { process.kill(pid, 'SIGTERM'); } catch { /* already gone */ }
      if (!(await waitGone(pid, 30_000, server))) {
        try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
        await waitGone(pid, 5_000, server);
      }
      cleanup();
      watchdog?.kill('SIGKILL');
      process.off('exit', killNow);
    })();
    return stopping;
  };
  return {
    dir, socket, pid, user: 'root', password: '',
    sysbenchArgs: mysqlConnectionArgs({ socket, user: 'root', password: '' }),
    stopCommand, stop,
    command: { file: bins.mariadbd, args: serverArgs },
  };
}

export interface PrivateMariadbStatus {
  dir: string;
  running: boolean;
  pid: number | null;
  socket: string | null;
  /** it accepts connections */
  ready: boolean;
}

/** The state of a kept server (scripts/mariadb-private.mjs status). */
export async function privateMariadbStatus(dir: string = defaultKeptDir()): Promise<PrivateMariadbStatus> {
  const state = readState(dir);
  if (!state) return { dir, running: false, pid: null, socket: null, ready: false };
  const running = alive(state.pid);
  const ready = running && (await pingSocket(state.socket)) === null;
  return { dir, running, pid: state.pid, socket: state.socket, ready };
}

/**
 * Stops a kept server and removes its folder. Resolves to false when no server was
 * recorded in `dir` (a folder left by a dead server is removed all the same).
 */
export async function stopPrivateMariadb(dir: string = defaultKeptDir()): Promise<boolean> {
  const state = readState(dir);
  if (!state) return false;
  if (alive(state.pid)) {
    try { process.kill(state.pid, 'SIGTERM'); } catch { /* gone */ }
    if (!(await waitGone(state.pid, 30_000))) {
      try { process.kill(state.pid, 'SIGKILL'); } catch { /* gone */ }
      await waitGone(state.pid, 5_000);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return true;
}

/**
 * A handle on the kept server running in `dir` (started earlier, e.g. by
 * `scripts/mariadb-private.mjs start`), or null when none runs there. Its stop() stops it.
 */
export async function attachPrivateMariadb(dir: string = defaultKeptDir()): Promise<PrivateMariadb | null> {
  const st = await privateMariadbStatus(dir);
  if (!st.ready || st.pid === null || st.socket === null) return null;
  const socket = st.socket;
  let stopping: Promise<void> | null = null;
  return {
    dir, socket, pid: st.pid, user: 'root', password: '',
    sysbenchArgs: mysqlConnectionArgs({ socket, user: 'root', password: '' }),
    stopCommand: stopCommandFor(dir),
    stop: () => (stopping ??= stopPrivateMariadb(dir).then(() => {})),
  };
}
