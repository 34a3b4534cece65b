// The database driver interface. One file per database implements it (mysql.ts, later pgsql.ts).
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

export interface DbResult {
  /** how sysbench counts the statement: Read, Write or Other */
  counter: SbCounter;
  nrows: number;
  nfields: number;
  /** rows as arrays of column text (null for SQL NULL); null for non-read statements */
  rows: (string | null)[][] | null;
}

export type DbCallback<T> = (err: DbError | null, value: T | null) => void;

export interface DbStatement {
  readonly sql: string;
  /** number of `?` placeholders */
  readonly paramCount: number;
  /** values are reused between calls; the driver must not keep the array after the callback */
  execute(values: unknown[], cb: DbCallback<DbResult>): void;
  close(): void;
  /**
   * bind_param(): the sysbench.sql.type of each parameter (the types bind_create() settled
   * on). Returns sysbench's db_bind_param() result (0: ok). Optional: drivers that do not
   * need the types leave it out (bind_param() then returns 0).
   */
  bind?(types: readonly number[]): number;
}

export interface DbConnection {
  query(sql: string, cb: DbCallback<DbResult>): void;
  /**
   * `random`, when given, draws from the calling thread's generator: the low 32 bits of its
   * next sb_rand_uniform_uint64(). Drivers that take random numbers where sysbench's do
   * (pgsql: statement names) draw them from it, synchronously, inside prepare().
   */
  prepare(sql: string, cb: DbCallback<DbStatement>, random?: () => number): void;
  reconnect(cb: (err: DbError | null) => void): void;
  close(cb: () => void): void;
}

export interface ConnectFailure {
  /** sysbench's FATAL lines for this failure, without the "FATAL: " prefix */
  lines: string[];
}

export interface DbDriver {
  readonly name: string;
  readonly description: string;
  /** whether bulk inserts COMMIT every 1000 rows (sysbench's driver_caps.needs_commit) */
  readonly needsCommit: boolean;
  /** false when the driver has no reconnect (sysbench: "reconnect is not supported by the current driver") */
  readonly canReconnect?: boolean;
  connect(cb: (err: ConnectFailure | null, con: DbConnection | null) => void): void;
  /** sysbench's ignorable-error check: returns true when errno is listed (or 'all') */
  isIgnorable(err: DbError): boolean;
  /** the FATAL lines (without "FATAL: ") sysbench's driver logs for a failed statement */
  fatalLines(op: 'query' | 'execute' | 'prepare', err: DbError, query: string): string[];
}
