// The mysql driver: sysbench's connection targets (hosts, ports and sockets in turn),
// --mysql-ignore-errors, --mysql-dry-run, and drv_mysql.c's FATAL texts.
import mysql from 'mysql2';
import { existsSync } from 'node:fs';
import type { ConnectFailure, DbConnection, DbDriver, DbError, DriverContext, ThreadDraw } from '../driver.js';
import { DryRunConnection, MysqlConnection } from './connection.js';
import { connectErrorLine, type Mysql2Error, type Target } from './errors.js';
import { MYSQL, type MysqlOptions } from './options.js';

const DEFAULT_SOCKET = process.env.MYSQL_UNIX_PORT || '/run/mysqld/mysqld.sock';

export class MysqlDriver implements DbDriver {
  readonly name = MYSQL.name;
  readonly description = MYSQL.description;
  private readonly ignoreAll: boolean;
  private readonly ignored: Set<number>;

  constructor(private readonly opts: MysqlOptions, private readonly ctx: DriverContext) {
    this.ignoreAll = opts.ignoreErrors.includes('all');
    this.ignored = new Set(opts.ignoreErrors.map((s) => parseInt(s, 10)).filter((n) => !Number.isNaN(n)));
  }

  isIgnorable(err: DbError): boolean {
    return this.ignoreAll || this.ignored.has(err.errno);
  }

  fatalLines(op: 'query' | 'execute' | 'prepare', err: DbError, query: string): string[] {
    if (op === 'prepare') return ['mysql_stmt_prepare() failed', `MySQL error: ${err.errno} "${err.message}"`];
    const fn = op === 'query' ? 'mysql_drv_query()' : 'mysql_stmt_execute()';
    return [`${fn} returned error ${err.errno} (${err.message}) for query '${query}'`];
  }

  connect(_draw: ThreadDraw, cb: (err: ConnectFailure | null, con: DbConnection | null) => void): void {
    if (this.opts.dryRun) return cb(null, new DryRunConnection());
    const k = this.ctx.nextConnectionIndex();
    const { hosts, ports, sockets } = this.opts;
    let target: Target;
    let where: string;
    if (sockets.length > 0) {
      const socket = sockets[k % sockets.length];
      target = { socketPath: socket };
      where = `socket '${socket}'`;
    } else {
      const host = hosts[Math.floor(k / ports.length) % hosts.length];
      const port = ports[k % ports.length];
      // like libmysqlclient, "localhost" means the local socket
      if (host === 'localhost' && existsSync(DEFAULT_SOCKET)) target = { socketPath: DEFAULT_SOCKET };
      // libmysqlclient: port 0 means 3306, and it keeps the low 16 bits (--mysql-port=99999)
      else target = { host, port: !port ? 3306 : port & 0xffff };
      where = `host '${host}', port ${port}`;
    }
    const config: Record<string, unknown> = {
      ...target,
      user: this.opts.user,
      password: this.opts.password,
      database: this.opts.db,
      multipleStatements: true,
      compress: this.opts.compression,
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      decimalNumbers: false,
      // we never pass values to query(): skip mysql2's placeholder scan of every statement
      queryFormat: (sql: string) => sql,
      rowsAsArray: true,
    };
    if (this.opts.ssl) config.ssl = { rejectUnauthorized: false, ...(this.opts.sslCipher ? { ciphers: this.opts.sslCipher } : {}) };
    let raw: ReturnType<typeof mysql.createConnection>;
    try {
      raw = mysql.createConnection(config as any);
    } catch (e) {
      // a setting the client library refuses before any connection attempt
      return cb({ lines: [`unable to connect to MySQL server on ${where}, aborting...`, `error 2000: ${(e as Error).message}`] }, null);
    }
    raw.connect((err: Mysql2Error | null) => {
      if (err) {
        try { raw.destroy(); } catch { /* ignore */ }
        return cb({ lines: [`unable to connect to MySQL server on ${where}, aborting...`, connectErrorLine(err, target)] }, null);
      }
      raw.on('error', () => { /* surfaced through the next command's callback */ });
      cb(null, new MysqlConnection(raw, config, this.ctx.psMode));
    });
  }
}
