// The database driver interface: one folder per database implements it (mysql/, pgsql/),
// and index.ts gathers them.
import type { Logger } from '../output.js';
import type { SbCounter } from '../stats/counters.js';

// Callback style on purpose: these calls sit on the per-query hot path, and a Promise per
// query costs measurable client CPU.

export interface DbError {
  /** driver-specific error number (MySQL errno, or 0) */
  errno: number;
  sqlState: string;
  message: string;
  /** true when the connection itself is gone (server lost / gone away) */
  connectionLost: boolean;
}

/**
 * What a statement produced. A result set (counter Read) has nfields > 0 and its rows are
 * read with row(i), in order; a driver may decode a row only when it is asked for. The
 * result stays valid until the connection runs its next statement.
 */
export interface DbResult {
  /** how sysbench counts the statement: Read, Write or Other */
  readonly counter: SbCounter;
  readonly nrows: number;
  readonly nfields: number;
  /** row i (from 0) as column values (text, numbers or bytes; null for SQL NULL); null past the end */
  row(i: number): readonly unknown[] | null;
}

export type DbCallback<T> = (err: DbError | null, value: T | null) => void;

export interface DbStatement {
  readonly sql: string;
  /** number of `?` placeholders */
  readonly paramCount: number;
  /**
   * values are reused between calls; the driver must not keep the array after the callback.
   * `dropRows`: the caller throws the result away (the script ignores what execute() returns),
   * so a result set's rows need not be kept; the result is then DROPPED_ROWS. Drivers may
   * ignore it.
   */
  execute(values: unknown[], cb: DbCallback<DbResult>, dropRows?: boolean): void;
  close(): void;
  /**
   * bind_param(): the sysbench.sql.type of each parameter (the types bind_create() settled
   * on). Returns sysbench's db_bind_param() result (0: ok). Optional: drivers that do not
   * need the types leave it out (bind_param() then returns 0).
   */
  bind?(types: readonly number[]): number;
}

export interface DbConnection {
  /** `dropRows`: as DbStatement.execute's (drivers may ignore it) */
  query(sql: string, cb: DbCallback<DbResult>, dropRows?: boolean): void;
  /**
   * The same for a statement held as bytes, sent as they are (no conversion to a JS string and
   * back). The bytes are copied before this returns. Optional: callers fall back to query().
   */
  queryBytes?(sql: Uint8Array, cb: DbCallback<DbResult>): void;
  /**
   * A server-side prepared statement, or (err and value both null) "prepare it on the
   * client": --db-ps-mode=disable, or a statement the server cannot prepare. The caller then
   * builds a ClientStatement on this connection.
   */
  prepare(sql: string, cb: DbCallback<DbStatement>): void;
  /** `value` as a string literal this connection's server reads back unchanged (client-side statements) */
  quote(value: string): string;
  reconnect(cb: (err: DbError | null) => void): void;
  close(cb: () => void): void;
  /**
   * Calls `cb` once every byte written so far has been handed to the operating system (at
   * once if nothing is pending, or once the connection is gone). A caller that is about to
   * keep the thread busy (the bulk insert building its next statement) waits for this first:
   * a statement larger than the socket's buffer would otherwise reach the server only in
   * part, and the server would wait for the rest until the thread is free again.
   * Optional: a connection that writes nothing (dry run) leaves it out.
   */
  whenSent?(cb: () => void): void;
}

export interface ConnectFailure {
  /** sysbench's FATAL lines for this failure, without the "FATAL: " prefix */
  lines: string[];
}

export type PsMode = 'auto' | 'disable';

/** What every driver gets besides its own options. */
export interface DriverContext {
  log: Logger;
  /** --db-ps-mode */
  psMode: PsMode;
  /** the next number of a process-wide connection counter (picks a host/port/socket in turn) */
  nextConnectionIndex: () => number;
}

/**
 * The calling thread's generator as drivers draw from it (sysbench's drivers call
 * sb_rand_uniform_uint64() where they need a random number): the low 32 bits of its next
 * uniform_uint64().
 */
export type ThreadDraw = () => number;

export interface DbDriver {
  readonly name: string;
  readonly description: string;
  /** false when the driver has no reconnect (sysbench: "reconnect is not supported by the current driver") */
  readonly canReconnect?: boolean;
  /** `draw` is the connecting thread's generator; the connection draws from it (pgsql: statement names) */
  connect(draw: ThreadDraw, cb: (err: ConnectFailure | null, con: DbConnection | null) => void): void;
  /** sysbench's ignorable-error check: returns true when errno is listed (or 'all') */
  isIgnorable(err: DbError): boolean;
  /** the FATAL lines (without "FATAL: ") sysbench's driver logs for a failed statement */
  fatalLines(op: 'query' | 'execute' | 'prepare', err: DbError, query: string): string[];
  /** the Lua state that made this driver object is closing (sysbench: db_destroy() when it is collected) */
  release?(): void;
}
