// sysbench-ts server start|status|env|stop: the private MariaDB of scripts/mariadb-private.mjs.
import type { CommandModule } from 'yargs';
import { PRIVATE_MARIADB_SCRIPT } from '../paths.js';
import { runScript } from '../child.js';

const ACTIONS = {
  start: 'start it (own data directory and socket, no TCP port, root without password)',
  status: 'running or not (exit 0 when it accepts connections, 3 otherwise)',
  env: 'print MYSQL_SOCKET=... for `export $(sysbench-ts server env)`',
  stop: 'stop it and remove its folder',
} as const;

interface ServerArgs {
  action: keyof typeof ACTIONS;
  dir?: string;
}

export const serverCommand: CommandModule<object, ServerArgs> = {
  command: 'server <action>',
  describe: 'a private MariaDB that keeps running between commands (for the studies, or to try things)',
  builder: (y) => y
    .positional('action', { choices: Object.keys(ACTIONS) as (keyof typeof ACTIONS)[], demandOption: true,
      describe: Object.entries(ACTIONS).map(([k, v]) => `${k}: ${v}`).join('; ') })
    .option('dir', { type: 'string', describe: 'its folder [default: $TMPDIR/sysbench-ts-mariadb-<uid>]' }) as never,
  handler: (a) => runScript(PRIVATE_MARIADB_SCRIPT, [a.action, ...(a.dir ? [`--dir=${a.dir}`] : [])]),
};
