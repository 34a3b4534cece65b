// A PostgreSQL connection: runs sysbench's libpq calls as protocol exchanges on pg's
// Client, one after the other, with the ROLLBACK that follows an ignorable error.
import type pg from 'pg';
import type { DbCallback, DbConnection, DbError, DbResult, DbStatement, PsMode, ThreadDraw } from '../driver.js';
import type { Logger } from '../../output.js';
import type { ServerError } from './libpq-texts.js';
import { ParseOp, QueryOp, RollbackOp, type Op, type OpRunner } from './protocol.js';
import { numberPlaceholders, pgQuote } from './params.js';
import { PgStatement, type StatementHost } from './statement.js';

/** Server settings that change how we write SQL, kept up to date from its ParameterStatus messages. */
export interface ServerSettings {
  /** standard_conforming_strings: backslashes in '...' are plain characters */
  standardStrings: boolean;
}

export interface ConnectionOptions {
  log: Logger;
  psMode: PsMode;
  /** whether errors with this SQLSTATE restart the event (and so are rolled back first) */
  ignores(sqlState: string): boolean;
  /** the connecting thread's generator (statement names) */
  draw: ThreadDraw;
}

export class PgConnection implements DbConnection, OpRunner, StatementHost {
  private busy = false;
  private readonly queue: Op[] = [];
  private readonly simple = new QueryOp();
  readonly log: Logger;

  constructor(private readonly client: pg.Client, private readonly o: ConnectionOptions, private readonly settings: ServerSettings) {
    this.log = o.log;
    client.on('error', () => { /* surfaced through the statement in flight */ });
  }

  /** Submits `op` now, or after the exchanges before it. */
  run(op: Op): void {
    op.runner = this;
    if (this.busy) {
      this.queue.push(op);
      return;
    }
    this.busy = true;
    this.client.query(op as never);
  }

  /** An exchange is over: start the next one, then report this one. */
  finished(op: Op, err: unknown): void {
    if (err !== null && op.rollsBack) {
      const { code, severity } = err as ServerError;
      if (severity !== undefined && typeof code === 'string' && this.o.ignores(code)) {
        // the transaction is aborted: sysbench rolls it back before reporting the error
        this.client.query(new RollbackOp(() => this.advance(op, err)) as never);
        return;
      }
    }
    this.advance(op, err);
  }

  private advance(op: Op, err: unknown): void {
    const next = this.queue.shift();
    if (next !== undefined) this.client.query(next as never);
    else this.busy = false;
    op.complete(err);
  }

  query(sql: string, cb: DbCallback<DbResult>): void {
    const op = this.simple.busy ? new QueryOp() : this.simple;
    this.run(op.start(sql, cb));
  }

  prepare(sql: string, cb: DbCallback<DbStatement>): void {
    if (this.o.psMode === 'disable') return cb(null, null);
    const { text, count } = numberPlaceholders(sql);
    // "sbstmt" and two draws of the thread's generator, the second one first
    const first = this.o.draw() | 0;
    const second = this.o.draw() | 0;
    const name = `sbstmt${second}${first}`;
    if (count > 0) return cb(null, new PgStatement(this, sql, count, name, text, false));
    // without parameters there are no types to wait for: prepared right away
    this.run(new ParseOp(name, text, [], (err) => {
      if (err !== null) return cb(err, null);
      cb(null, new PgStatement(this, sql, 0, name, text, true));
    }));
  }

  quote(value: string): string {
    return pgQuote(value, this.settings.standardStrings);
  }

  /** never called: the driver has no reconnect (canReconnect) */
  reconnect(cb: (err: DbError | null) => void): void {
    cb(null);
  }

  close(cb: () => void): void {
    this.client.end(() => cb());
  }
}
