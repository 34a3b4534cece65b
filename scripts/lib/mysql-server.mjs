// The MySQL/MariaDB server a benchmark script of ours runs against: the --mysql-* options it
// accepts (as the quickstart reads them), finding the server, and admin statements on it.
import mysql from 'mysql2/promise';
import { describeTarget, targetConnection, targetSysbenchArgs } from '../../dist/server/connection.js';
import { discoverServer } from '../../dist/server/discover.js';

/** Adds the server options to a yargs instance. */
export function withMysqlOptions(y) {
  return y
    .option('mysql-socket', { type: 'string', describe: 'MySQL server: as for the quickstart (docs/private-server.md: which server our own commands use)' })
    .option('mysql-host', { type: 'string' })
    .option('mysql-port', { type: 'string' })
    .option('mysql-user', { type: 'string' })
    .option('mysql-password', { type: 'string' });
}

/**
 * The server named by the command line (or found where the quickstart looks), as sysbench
 * arguments and an admin function; says why and exits when there is none.
 */
export async function findMysqlServer(argv, who) {
  const { found, tried } = await discoverServer(argv);
  if (!found) {
    for (const { target, result } of tried) console.error(`${describeTarget(target)}: ${result.message}`);
    console.error(`${who}: no MySQL/MariaDB server to use`);
    process.exit(1);
  }
  /** Runs `sql` (several statements allowed) on a connection of its own. */
  const admin = async (sql) => {
    const con = await mysql.createConnection({ ...targetConnection(found.target), multipleStatements: true });
    try {
      await con.query(sql);
    } finally {
      await con.end();
    }
  };
  return { sysbenchArgs: targetSysbenchArgs(found.target), admin };
}
