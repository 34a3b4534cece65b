// The private MariaDB that outlives the command that started it: start, status, env, stop.
// Shared by `sysbench-ts server` and its older alias, scripts/mariadb-private.mjs; `name` is the
// prefix of their messages and `stopLine` how each says to stop the server.
import { installHints } from '../../server/discover.js';
import { findMariadb, privateMariadbStatus, startPrivateMariadb, stopPrivateMariadb } from '../../server/private-mariadb.js';

export const SERVER_ACTIONS = ['start', 'status', 'env', 'stop'] as const;
export type ServerAction = (typeof SERVER_ACTIONS)[number];

export interface ServerCli {
  name: string;
  stopLine: (dir: string) => string;
}

const err = (cli: ServerCli, message: string): void => {
  process.stderr.write(`${cli.name}: ${message}\n`);
};

/** Runs one action; returns the exit status (status: 0 when the server accepts connections, 3 otherwise). */
export async function serverAction(action: ServerAction, dir: string, cli: ServerCli): Promise<number> {
  switch (action) {
    case 'start': {
      const st = await privateMariadbStatus(dir);
      if (st.running) {
        console.log(`A private MariaDB already runs in ${dir} (pid ${st.pid}), socket ${st.socket}`);
        console.log(`Stop it with: ${cli.stopLine(dir)}`);
        return 0;
      }
      const bins = findMariadb();
      if (!bins) {
        process.stderr.write(`${installHints()}\n`);
        return 1;
      }
      try {
        const s = await startPrivateMariadb({ dir, keep: true, binaries: bins, databases: ['sbtest'] });
        console.log(`Private MariaDB running (pid ${s.pid}) in ${s.dir}`);
        console.log(`  socket:   ${s.socket}   (user root, no password, no TCP port; database sbtest created)`);
        console.log(`  client:   mariadb --socket=${s.socket} -uroot`);
        console.log(`  sysbench: sysbench oltp_read_write ${s.sysbenchArgs.join(' ')} --mysql-db=sbtest prepare`);
        console.log(`  tests:    MYSQL_SOCKET=${s.socket} npx vitest run test/...`);
        console.log(`Stop and remove it with: ${cli.stopLine(s.dir)}`);
        return 0;
      } catch (e) {
        err(cli, (e as Error).message);
        return 1;
      }
    }
    case 'status': {
      const st = await privateMariadbStatus(dir);
      if (!st.pid) console.log(`No private MariaDB in ${dir}`);
      else if (!st.running) console.log(`The private MariaDB of ${dir} (pid ${st.pid}) is gone; ${cli.stopLine(dir)} removes its folder`);
      else console.log(`Private MariaDB running (pid ${st.pid}), socket ${st.socket}${st.ready ? '' : ' (not accepting connections)'}`);
      return st.ready ? 0 : 3;
    }
    case 'env': {
      const st = await privateMariadbStatus(dir);
      if (!st.running) {
        err(cli, `no private MariaDB runs in ${dir}`);
        return 3;
      }
      console.log(`MYSQL_SOCKET=${st.socket}`);
      return 0;
    }
    case 'stop':
      if (await stopPrivateMariadb(dir)) console.log(`Stopped the private MariaDB and removed ${dir}`);
      else console.log(`No private MariaDB in ${dir}`);
      return 0;
  }
}
