// "A server to benchmark, whatever it takes": the configured / local server when one answers,
// else a private, throwaway MariaDB. Shared by the quickstart, and meant for the test suite
// (e.g. a vitest globalSetup that sets MYSQL_SOCKET) and the studies.
//
//   const got = await acquireServer();
//   if (!got.ok) { console.error(got.message); process.exit(1); }
//   ... targetSysbenchArgs(got.target) ...   (connection.ts)
//   await got.release();   // stops the private server, if one was started
import { describeTarget, type ServerTarget } from './connection.js';
import { discoverServer, installHints, probeServer } from './discover.js';
import { attachPrivateMariadb, defaultKeptDir, findMariadb, startPrivateMariadb, type PrivateMariadb } from './private-mariadb.js';

export interface AcquireOptions {
  /** --mysql-* options naming a server (see connection.ts) */
  argv?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** skip discovery: always start a private server */
  privateOnly?: boolean;
  /**
   * use the kept private server (defaultKeptDir()), starting it if it does not run, and leave
   * it running after this process
   */
  keep?: boolean;
  /** databases to create on a private server */
  databases?: string[];
  /** messages: servers that did not work ('problem'), the private server starting ('info') */
  notice?: (line: string, kind: 'problem' | 'info') => void;
}

export type Acquired =
  | {
    ok: true;
    target: ServerTarget;
    version: string;
    /** the private server started for the occasion, or null when an existing one is used */
    server: PrivateMariadb | null;
    /** stops the private server (unless kept); nothing for an existing server */
    release(): Promise<void>;
  }
  /** not-installed: no server and no MariaDB to start; denied: the named server refused the login */
  | { ok: false; reason: 'not-installed' | 'denied' | 'failed'; message: string };

export async function acquireServer(opts: AcquireOptions = {}): Promise<Acquired> {
  const notice = opts.notice ?? (() => {});
  const env = opts.env ?? process.env;
  if (!opts.privateOnly) {
    const d = await discoverServer(opts.argv ?? [], env);
    for (const { target, result } of d.tried) {
      if (result.ok || (result.kind === 'unreachable' && !d.explicit)) continue;
      notice(`${d.explicit ? 'the server you named, ' : ''}${describeTarget(target)}: ${result.kind === 'denied' ? 'login refused' : 'not reachable'} (${result.message})`, 'problem');
    }
    if (d.found) return { ok: true, target: d.found.target, version: d.found.version, server: null, release: async () => {} };
    if (d.explicit && d.tried.some((x) => !x.result.ok && x.result.kind === 'denied')) {
      return { ok: false, reason: 'denied', message: 'the server refused the login: give the right --mysql-user / --mysql-password (or MYSQL_USER / MYSQL_PASSWORD)' };
    }
  }
  let server: PrivateMariadb | null = opts.keep ? await attachPrivateMariadb(defaultKeptDir(env)) : null;
  if (server) notice(`Using the private MariaDB kept running in ${server.dir}`, 'info');
  else {
    const binaries = findMariadb(env);
    if (!binaries) return { ok: false, reason: 'not-installed', message: installHints() };
    notice(`No server to use: starting a private MariaDB (${binaries.mariadbd}, no TCP port)...`, 'info');
    try {
      server = await startPrivateMariadb({
        binaries, keep: opts.keep, dir: opts.keep ? defaultKeptDir(env) : undefined, databases: opts.databases,
      });
    } catch (e) {
      return { ok: false, reason: 'failed', message: (e as Error).message };
    }
  }
  const target: ServerTarget = { socket: server.socket, user: server.user, password: server.password };
  const probe = await probeServer(target);
  return {
    ok: true, target, version: probe.ok ? probe.version : '', server,
    release: async () => {
      if (!opts.keep) await server!.stop();
    },
  };
}
