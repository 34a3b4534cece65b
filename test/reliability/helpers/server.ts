// A private MariaDB for the reliability tests, on 127.0.0.1 and a free TCP port, that the
// tests may kill (SIGKILL), stop (SIGSTOP), continue and start again on the same data. It
// never touches the system's server. Needs mariadbd (the tests skip without it).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import mysql from 'mysql2/promise';
import { findMariadb, pingSocket, startPrivateMariadb, type PrivateMariadb } from '../../../src/server/private-mariadb.js';

export const mariadbInstalled = findMariadb() !== null;

export interface FaultServer {
  readonly port: number;
  readonly socket: string;
  /** sysbench options that reach it over TCP */
  readonly tcpArgs: string[];
  sql(query: string): Promise<unknown[]>;
  kill(): Promise<void>;
  /** starts it again on the same data and port; resolves when it accepts connections */
  restart(): Promise<void>;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function startFaultServer(opts: { databases?: string[]; serverArgs?: string[] } = {}): Promise<FaultServer> {
  const port = await freePort();
  const base: PrivateMariadb = await startPrivateMariadb({
    databases: opts.databases ?? [],
    serverArgs: ['--skip-networking=0', `--port=${port}`, '--bind-address=127.0.0.1', ...(opts.serverArgs ?? [])],
  });
  let pid = base.pid;
  let child: ChildProcess | null = null;
  const killNow = (): void => { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } };
  process.on('exit', killNow);
  const gone = async (): Promise<void> => {
    for (let i = 0; i < 200; i++) {
      try { process.kill(pid, 0); } catch { return; }
      await sleep(25);
    }
  };
  const server: FaultServer = {
    port,
    socket: base.socket,
    tcpArgs: ['--db-driver=mysql', '--mysql-host=127.0.0.1', `--mysql-port=${port}`, '--mysql-user=root'],
    async sql(query) {
      const con = await mysql.createConnection({ socketPath: base.socket, user: 'root', password: '', multipleStatements: true });
      try {
        const [rows] = await con.query(query);
        return rows as unknown[];
      } finally {
        await con.end();
      }
    },
    async kill() {
      try { process.kill(pid, 'SIGCONT'); } catch { /* gone */ }
      killNow();
      await gone();
    },
    async restart() {
      const cmd = base.command!;
      child = spawn(cmd.file, [...cmd.args], { stdio: 'ignore', detached: true });
      child.unref();
      pid = child.pid!;
      for (let i = 0; i < 600; i++) {
        if ((await pingSocket(base.socket)) === null) return;
        await sleep(50);
      }
      throw new Error('the restarted server did not answer');
    },
    pause() { process.kill(pid, 'SIGSTOP'); },
    resume() { process.kill(pid, 'SIGCONT'); },
    async stop() {
      try { process.kill(pid, 'SIGCONT'); } catch { /* gone */ }
      if (pid !== base.pid) {
        killNow();
        await gone();
      }
      await base.stop();
      process.off('exit', killNow);
    },
  };
  return server;
}
