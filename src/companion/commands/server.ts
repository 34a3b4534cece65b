// sysbench-ts server start|status|env|stop: a private MariaDB kept running between commands.
import type { CommandModule } from 'yargs';
import { resolve } from 'node:path';
import { defaultKeptDir } from '../../server/private-mariadb.js';
import { setExitCode } from '../outcome.js';
import { serverAction, type ServerAction } from './server-actions.js';

const ACTIONS: Record<ServerAction, string> = {
  start: 'start it (own data directory and socket, no TCP port, root without password)',
  status: 'running or not (exit 0 when it accepts connections, 3 otherwise)',
  env: 'print MYSQL_SOCKET=... for `export $(sysbench-ts server env)`',
  stop: 'stop it and remove its folder',
};

interface ServerArgs {
  action: ServerAction;
  dir?: string;
}

const stopLine = (dir: string): string =>
  dir === defaultKeptDir() ? 'sysbench-ts server stop' : `sysbench-ts server stop --dir=${dir}`;

export const serverCommand: CommandModule<object, ServerArgs> = {
  command: 'server <action>',
  describe: 'a private MariaDB that keeps running between commands (for the studies, or to try things)',
  builder: (y) => y
    .positional('action', { choices: Object.keys(ACTIONS) as ServerAction[], demandOption: true,
      describe: Object.entries(ACTIONS).map(([k, v]) => `${k}: ${v}`).join('; ') })
    .option('dir', { type: 'string', describe: 'its folder [default: $TMPDIR/sysbench-ts-mariadb-<uid>]' }) as never,
  handler: async (a) => {
    const dir = a.dir ? resolve(a.dir) : defaultKeptDir();
    setExitCode(await serverAction(a.action, dir, { name: 'sysbench-ts server', stopLine }));
  },
};
