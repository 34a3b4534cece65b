// One SQL session per Lua state: what sysbench's db_driver.c does for both Lua APIs (the
// 1.0 sysbench.sql objects and the 0.5 db_* functions). It owns the state's connections
// (and closes them with the state), runs every database call as a native that yields until
// the driver answers, counts statements, and does the driver half of sysbench's error
// check (ignorable errors, reconnects, FATAL lines). The APIs only map outcomes to their
// Lua conventions, through preallocated outcome objects.
//
// A Lua state runs one coroutine at a time, so at most one call is in flight: its state
// lives in this object's fields, and the continuations are preallocated, so a query or an
// execute allocates nothing here.
import type { LuaState } from '../fengari.js';
import type { ConnectFailure, DbConnection, DbDriver, DbError, DbResult, DbStatement, ThreadDraw } from '../../drivers/driver.js';
import { ClientStatement } from '../../drivers/client-statement.js';
import type { LuaHost } from '../host.js';
import type { LuaExec } from '../exec.js';
import { SbCounter } from '../../stats/counters.js';
import type { BulkInsert } from '../api/bulk-insert.js';
import { BulkFlow } from './bulk.js';

type Continuation = (L: LuaState) => number;

const RECONNECT_FIRST_WAIT_MS = 10;
const RECONNECT_MAX_WAIT_MS = 200;
type IoCallback = (err: unknown, value: unknown) => void;

/** A connection as both APIs hold it; each API extends it with its own bookkeeping. */
export class SqlConnection {
  /** null once closed */
  con: DbConnection | null;
  /** the multi-row INSERT being built, if any */
  bulk: BulkInsert | null = null;
  constructor(readonly driver: DbDriver, con: DbConnection) {
    this.con = con;
  }
}

/** How an API answers a query or an execute. */
export interface StatementOutcome {
  /** it succeeded (already counted): push what the API returns */
  done(L: LuaState, conn: SqlConnection, r: DbResult): number;
  /** it failed (already counted and logged); `ignorable`: the event may restart */
  failed(L: LuaState, conn: SqlConnection, err: DbError, ignorable: boolean): number;
}

export interface PrepareOutcome {
  prepared(L: LuaState, conn: SqlConnection, stmt: DbStatement): number;
  /** the driver's FATAL lines are logged */
  failed(L: LuaState, conn: SqlConnection): number;
}

export interface ConnectOutcome {
  /** `then`: the continuation given to connect() */
  connected(L: LuaState, driver: DbDriver, con: DbConnection, then: Continuation | null): number;
  /** the driver's FATAL lines are logged */
  failed(L: LuaState): number;
}

const sessions = new WeakMap<LuaState, SqlSession>();

/** Closes the connections a state left open (sysbench frees them when the state closes). */
export function closeConnections(L: LuaState, done: () => void): void {
  const s = sessions.get(L);
  if (s === undefined) return done();
  s.closeAll(done);
}

export class SqlSession {
  private readonly open = new Set<SqlConnection>();
  readonly bulk: BulkFlow;

  // ---- the call in flight ----
  private conn: SqlConnection | null = null;
  private driver: DbDriver | null = null;
  private stmt: DbStatement | null = null;
  private values: unknown[] | null = null;
  private dropRows = false;
  private text = '';
  private err: DbError | null = null;
  private outcome: StatementOutcome | null = null;
  private prepareOutcome: PrepareOutcome | null = null;
  private connectOutcome: ConnectOutcome | null = null;
  private then: Continuation | null = null;
  private afterReconnectThen: ((L: LuaState, ok: boolean) => number) | null = null;
  private closing: DbConnection | null = null;

  constructor(L: LuaState, readonly host: LuaHost, readonly exec: LuaExec, private readonly draw: ThreadDraw) {
    this.bulk = new BulkFlow(host, exec);
    sessions.set(L, this);
  }

  /** The text of the query in flight (or that just failed). */
  get queryText(): string {
    return this.text;
  }

  // ---- connecting and closing --------------------------------------------------------

  connect(L: LuaState, driver: DbDriver, outcome: ConnectOutcome, then: Continuation | null): number {
    this.driver = driver;
    this.connectOutcome = outcome;
    this.then = then;
    return this.exec.io(L, this.startConnect, this.afterConnect);
  }

  private readonly startConnect = (cb: IoCallback): void => {
    this.driver!.connect(this.draw, cb);
  };

  private readonly afterConnect = (L: LuaState): number => {
    const { exec, connectOutcome } = this;
    const then = this.then;
    this.then = null;
    if (exec.ioErr !== null) {
      for (const line of (exec.ioErr as ConnectFailure).lines) this.host.log.fatal(line);
      return connectOutcome!.failed(L);
    }
    return connectOutcome!.connected(L, this.driver!, exec.ioValue as DbConnection, then);
  };

  /** Registers a connection an API made, to be closed with the state. */
  adopt(conn: SqlConnection): void {
    this.open.add(conn);
  }

  /** Closes `conn` (it must be open), then continues with `then`. */
  disconnect(L: LuaState, conn: SqlConnection, then: Continuation): number {
    this.closing = conn.con;
    conn.con = null;
    this.open.delete(conn);
    return this.exec.io(L, this.startClose, then);
  }

  private readonly startClose = (cb: IoCallback): void => {
    const con = this.closing!;
    this.closing = null;
    con.close(() => cb(null, null));
  };

  /** db_connection_reconnect(): counts the reconnect (or the error), then `then(L, ok)`. */
  reconnect(L: LuaState, conn: SqlConnection, then: (L: LuaState, ok: boolean) => number): number {
    this.conn = conn;
    this.afterReconnectThen = then;
    return this.exec.io(L, this.startReconnect, this.afterReconnect);
  }

  /**
   * Reconnects, retrying as sysbench's mysql driver does until the server is back, with a
   * short back-off (10 ms, doubling up to 200 ms); gives up when the run is ending.
   */
  private readonly startReconnect = (cb: IoCallback): void => {
    const con = this.conn!.con!;
    let wait = RECONNECT_FIRST_WAIT_MS;
    const attempt = (): void => {
      con.reconnect((e) => {
        if (e === null || this.host.stopping?.() === true) return cb(e, null);
        setTimeout(attempt, wait);
        wait = Math.min(wait * 2, RECONNECT_MAX_WAIT_MS);
      });
    };
    attempt();
  };

  private readonly afterReconnect = (L: LuaState): number => {
    const ok = this.exec.ioErr === null;
    this.host.countInc(ok ? SbCounter.Reconnect : SbCounter.QueryError);
    return this.afterReconnectThen!(L, ok);
  };

  closeAll(done: () => void): void {
    const open = [...this.open];
    this.open.clear();
    let left = open.length;
    if (left === 0) return done();
    for (const conn of open) {
      const con = conn.con;
      conn.con = null;
      if (con) con.close(() => { if (--left === 0) done(); });
      else if (--left === 0) done();
    }
  }

  // ---- statements ----------------------------------------------------------------------

  query(L: LuaState, conn: SqlConnection, text: string, outcome: StatementOutcome): number {
    this.conn = conn;
    this.stmt = null;
    this.text = text;
    this.outcome = outcome;
    return this.exec.io(L, this.startQuery, this.afterStatement);
  }

  private readonly startQuery = (cb: IoCallback): void => {
    this.conn!.con!.query(this.text, cb);
  };

  /**
   * Runs `stmt` with `values` (read by the driver during the call only); `dropRows`: the caller
   * throws the result away (DbStatement.execute).
   */
  execute(L: LuaState, conn: SqlConnection, stmt: DbStatement, values: unknown[], outcome: StatementOutcome, dropRows = false): number {
    this.conn = conn;
    this.stmt = stmt;
    this.values = values;
    this.outcome = outcome;
    this.dropRows = dropRows;
    return this.exec.io(L, this.startExecute, this.afterStatement);
  }

  private readonly startExecute = (cb: IoCallback): void => {
    this.stmt!.execute(this.values!, cb, this.dropRows);
  };

  private readonly afterStatement = (L: LuaState): number => {
    const exec = this.exec;
    if (exec.ioErr !== null) return this.failed(L, exec.ioErr as DbError);
    const r = exec.ioValue as DbResult;
    this.host.countInc(r.counter);
    return this.outcome!.done(L, this.conn!, r);
  };

  /**
   * The driver half of sysbench's error check: an error the driver may ignore counts as an
   * ignored error, or, when the connection is gone, as a reconnect (re-established first;
   * if that fails the error is not ignorable). Any other error logs the driver's FATAL lines
   * and counts as an error.
   */
  private failed(L: LuaState, err: DbError): number {
    const { host } = this;
    const conn = this.conn!;
    const driver = conn.driver;
    if (driver.isIgnorable(err)) {
      if (err.connectionLost && conn.con !== null) {
        host.countInc(SbCounter.Reconnect);
        this.err = err;
        return this.exec.io(L, this.startReconnect, this.afterLostConnection);
      }
      host.countInc(SbCounter.QueryError);
      return this.outcome!.failed(L, conn, err, true);
    }
    const stmt = this.stmt;
    // a client-side statement fails as the query it sent, as sysbench's drivers log it
    const lines = stmt === null ? driver.fatalLines('query', err, this.text)
      : stmt instanceof ClientStatement ? driver.fatalLines('query', err, stmt.lastText)
        : driver.fatalLines('execute', err, stmt.sql);
    for (const line of lines) host.log.fatal(line);
    host.countInc(SbCounter.QueryError);
    return this.outcome!.failed(L, conn, err, false);
  }

  private readonly afterLostConnection = (L: LuaState): number => {
    const err = this.err!;
    this.err = null;
    // reconnected, or the run ended while the server was away: either way the event ends
    // as an ignored one (and the thread stops at the next event)
    const ignorable = this.exec.ioErr === null || this.host.stopping?.() === true;
    return this.outcome!.failed(L, this.conn!, err, ignorable);
  };

  /** Prepares `text` on the server, or on the client when the driver says so. */
  prepare(L: LuaState, conn: SqlConnection, text: string, outcome: PrepareOutcome): number {
    this.conn = conn;
    this.text = text;
    this.prepareOutcome = outcome;
    return this.exec.io(L, this.startPrepare, this.afterPrepare);
  }

  private readonly startPrepare = (cb: IoCallback): void => {
    this.conn!.con!.prepare(this.text, cb);
  };

  private readonly afterPrepare = (L: LuaState): number => {
    const { exec } = this;
    const conn = this.conn!;
    if (exec.ioErr !== null) {
      for (const line of conn.driver.fatalLines('prepare', exec.ioErr as DbError, '')) this.host.log.fatal(line);
      return this.prepareOutcome!.failed(L, conn);
    }
    const stmt = (exec.ioValue as DbStatement | null) ?? new ClientStatement(conn.con!, this.text);
    return this.prepareOutcome!.prepared(L, conn, stmt);
  };
}
