// The pgsql driver: sysbench 1.0.20's libpq driver semantics on `pg` (connection and error
// texts as libpq words them, named server-side statements whose names come from the
// thread's generator, the read/write/other classification, ignorable SQLSTATEs).
import type { ConnectFailure, DbConnection, DbDriver, DbError, DriverContext, ThreadDraw } from '../driver.js';
import { openClient } from './connect.js';
import { PgConnection, type ConnectionOptions } from './connection.js';
import { PGRES_FATAL_ERROR, type PgError } from './libpq-texts.js';
import { PGSQL, type PgsqlOptions } from './options.js';

export class PgsqlDriver implements DbDriver {
  readonly name = PGSQL.name;
  readonly description = PGSQL.description;
  readonly canReconnect = false;
  private readonly ignoreAll: boolean;
  private readonly ignored: Set<string>;

  constructor(private readonly opts: PgsqlOptions, private readonly ctx: DriverContext) {
    this.ignoreAll = opts.ignoreErrors.some((c) => c.toLowerCase() === 'all');
    this.ignored = new Set(opts.ignoreErrors.map((c) => c.trim().toUpperCase()));
  }

  /** whether errors with this SQLSTATE restart the event */
  private readonly ignores = (sqlState: string): boolean => this.ignoreAll || this.ignored.has(sqlState);

  isIgnorable(err: DbError): boolean {
    return err.sqlState !== '' && this.ignores(err.sqlState);
  }

  fatalLines(op: 'query' | 'execute' | 'prepare', err: DbError, query: string): string[] {
    const e = err as Partial<PgError>;
    if (op === 'prepare') return [`PQprepare() failed: ${e.report ?? err.message + '\n'}`];
    // libpq results without an error (empty query, COPY) fail silently
    if (e.report === '') return [];
    if (e.api === true && e.report !== undefined && e.sqlState === '') {
      // the connection is gone: libpq's message, as sysbench would show it
      return [`${e.func ?? 'PQexec'}() failed: ${PGRES_FATAL_ERROR} ${err.message}`];
    }
    const func = e.func ?? (op === 'query' ? 'PQexec' : 'PQexecPrepared');
    const lines = [`${func}() failed: ${PGRES_FATAL_ERROR} ${err.message}`];
    if (func === 'PQexec') lines.push(`failed query was: ${e.query ?? query}`);
    return lines;
  }

  connect(draw: ThreadDraw, cb: (err: ConnectFailure | null, con: DbConnection | null) => void): void {
    const o: ConnectionOptions = { log: this.ctx.log, psMode: this.ctx.psMode, ignores: this.ignores, draw };
    openClient(this.opts, (err, client, settings) => {
      if (client === null || settings === null) return cb({ lines: [`Connection to database failed: ${err ?? ''}`] }, null);
      cb(null, new PgConnection(client, o, settings));
    });
  }
}
