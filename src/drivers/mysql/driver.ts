// The mysql driver: sysbench's connection targets (hosts, ports and sockets in turn),
// --mysql-ignore-errors, --mysql-dry-run, and drv_mysql.c's FATAL texts.
import mysql from 'mysql2';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { ConnectFailure, DbConnection, DbDriver, DbError, DriverContext, ThreadDraw } from '../driver.js';
import { DryRunConnection, MysqlConnection } from './connection.js';
import { connectErrorLine, connectStage, type Mysql2Error, type Target } from './errors.js';
import { MYSQL, type MysqlOptions } from './options.js';
import { MYSQL2_LRU_SLOTS, useStatementCache } from './mysql2/statement-cache.js';
import { leanEnabled } from './wire/lean.js';
import { leanSocket } from './wire/socket.js';
import { tls } from '../../lazy-node-modules.js';
import { defaultTrust } from '../default-trust.js';

const DEFAULT_SOCKET = process.env.MYSQL_UNIX_PORT || '/run/mysqld/mysqld.sock';
// libmariadb sets no connect timeout: a server that accepts and never answers holds the
// thread until the server's own connect_timeout (10 s) closes it, or the 30 s thread-init
// limit ends the run. Ours is longer than both, so they decide as with sysbench; it only keeps
// a command such as prepare from waiting forever on a black hole.
const CONNECT_TIMEOUT_MS = 60_000;
/** the longest wait between two connects to a local socket whose listen queue is full */
const MAX_RETRY_MS = 50;

export class MysqlDriver implements DbDriver {
  readonly name = MYSQL.name;
  readonly description = MYSQL.description;
  private readonly ignoreAll: boolean;
  private readonly ignored: Set<number>;

  constructor(private readonly opts: MysqlOptions, private readonly ctx: DriverContext) {
    this.ignoreAll = opts.ignoreErrors.includes('all');
    this.ignored = new Set(opts.ignoreErrors.map((s) => parseInt(s, 10)).filter((n) => !Number.isNaN(n)));
  }

  private tlsConfig: object | string | null | undefined;

  /**
   * mysql2's ssl settings for --mysql-ssl (read once): null without TLS, or the FATAL line
   * when a certificate file cannot be read. `on` and REQUIRED encrypt without checking the
   * server's certificate (sysbench 1.0.20's `on`); VERIFY_CA checks it against --mysql-ssl-ca
   * (else the system's CAs); VERIFY_IDENTITY also checks the host name.
   */
  private tls(): object | string | null {
    if (this.tlsConfig !== undefined) return this.tlsConfig;
    const o = this.opts;
    if (o.ssl === 'off') return (this.tlsConfig = null);
    const files: Record<string, string> = {};
    for (const [key, file, what] of [['ca', o.sslCa, 'CA'], ['cert', o.sslCert, 'certificate'], ['key', o.sslKey, 'key']]) {
      if (!file) continue;
      try {
        files[key] = readFileSync(file, 'utf8');
      } catch (e) {
        const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'No such file or directory' : (e as Error).message;
        return (this.tlsConfig = `error 2026: TLS/SSL error: cannot read the ${what} file '${file}': ${why}`);
      }
    }
    const verify = o.ssl === 'VERIFY_CA' || o.ssl === 'VERIFY_IDENTITY';
    const trust = verify && files.ca === undefined ? defaultTrust() : null;
    return (this.tlsConfig = {
      ...files,
      ...(trust !== null ? { ca: trust } : {}),
      rejectUnauthorized: verify,
      verifyIdentity: o.ssl === 'VERIFY_IDENTITY',
      ...(o.sslCipher ? { ciphers: o.sslCipher } : {}),
    });
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
      connectTimeout: CONNECT_TIMEOUT_MS,
      // mysql2's statement cache is replaced with one that grows as it fills (statement-cache.ts)
      maxPreparedStatements: MYSQL2_LRU_SLOTS,
    };
    const tls = this.tls();
    if (typeof tls === 'string') return cb({ lines: [`unable to connect to MySQL server on ${where}, aborting...`, tls] }, null);
    if (tls && !this.serverWithoutTls) config.ssl = tls;
    // a plain connection reads through our socket (wire/socket.ts), cheaper per read
    else if (!this.opts.compression && leanEnabled()) config.stream = () => leanSocket(target);
    this.open(config, target, where, cb);
  }

  /**
   * `--mysql-ssl=on` (sysbench 1.0.20's mysql_ssl_set()) asks for TLS without requiring it: as
   * under libmariadb, a server that offers no TLS gets a plain connection. Learnt once per run.
   */
  private serverWithoutTls = false;

  private open(config: Record<string, unknown>, target: Target, where: string,
    cb: (err: ConnectFailure | null, con: DbConnection | null) => void,
    deadline = performance.now() + CONNECT_TIMEOUT_MS, retryMs = 1): void {
    let raw: ReturnType<typeof mysql.createConnection>;
    try {
      raw = new (mysql as any).Connection({ config: connectionConfig(config) });
      useStatementCache(raw);
    } catch (e) {
      // a setting the client library refuses before any connection attempt
      return cb({ lines: [`unable to connect to MySQL server on ${where}, aborting...`, `error 2000: ${(e as Error).message}`] }, null);
    }
    const stage = connectStage(raw);
    raw.connect((err: Mysql2Error | null) => {
      if (err) {
        try { raw.destroy(); } catch { /* ignore */ }
        if (err.code === 'HANDSHAKE_NO_SSL_SUPPORT' && this.opts.ssl === 'on') {
          this.serverWithoutTls = true;
          const { ssl: _ssl, ...plain } = config;
          return this.open(plain, target, where, cb, deadline);
        }
        // a local socket whose listen queue is full (a burst of threads connecting faster than
        // the server accepts): libmariadb's blocking connect waits its turn, and so does this
        if (err.code === 'EAGAIN' && target.socketPath !== undefined && stage() === 'connecting' &&
            performance.now() + retryMs < deadline) {
          setTimeout(() => this.open(config, target, where, cb, deadline, Math.min(retryMs * 2, MAX_RETRY_MS)), retryMs);
          return;
        }
        return cb({ lines: [`unable to connect to MySQL server on ${where}, aborting...`, connectErrorLine(err, target, stage())] }, null);
      }
      const identity = this.opts.ssl === 'VERIFY_IDENTITY' && target.host !== undefined ? ipIdentityError(raw, target.host) : null;
      if (identity !== null) {
        try { raw.destroy(); } catch { /* ignore */ }
        return cb({ lines: [`unable to connect to MySQL server on ${where}, aborting...`, `error 2026: TLS/SSL error: certificate verify failed: ${identity}`] }, null);
      }
      raw.on('error', () => { /* surfaced through the next command's callback */ });
      cb(null, new MysqlConnection(raw, config, this.ctx.psMode));
    });
  }
}

// mysql2's parsed settings (ConnectionConfig), per worker thread: each thread makes its own
// driver, but with the same settings, which mysql2 would parse again for every connection
const configTemplates = new Map<string, object>();

/**
 * What mysql2.createConnection(config) would build. Each connection gets a copy of the parsed
 * settings, with its own stream: mysql2 writes into them (charsetNumber, when the server reports
 * a character set change). TLS settings belong to their driver: parsed for each connection.
 */
function connectionConfig(config: Record<string, unknown>): object {
  const ConnectionConfig = (mysql as any).ConnectionConfig;
  if (config.ssl) return new ConnectionConfig(config);
  // what differs between the drivers and targets of a run (the rest is the same for all)
  const key = JSON.stringify([config.socketPath, config.host, config.port, config.user, config.password, config.database,
    config.compress, config.stream !== undefined]);
  let template = configTemplates.get(key);
  if (template === undefined) {
    template = new ConnectionConfig(config) as object;
    configTemplates.set(key, template);
  }
  const copy = Object.assign(Object.create(ConnectionConfig.prototype), template);
  copy.stream = config.stream;
  return copy;
}

/**
 * VERIFY_IDENTITY to an IP address: mysql2 checks host names only, so the certificate is
 * checked against the address here (its IP subjectAltNames). Null when it matches.
 */
function ipIdentityError(raw: any, host: string): string | null {
  if (isIP(host) === 0) return null;
  const cert = raw.stream?.getPeerCertificate?.();
  if (!cert || Object.keys(cert).length === 0) return 'no server certificate';
  return tls().checkServerIdentity(host, cert)?.message ?? null;
}
