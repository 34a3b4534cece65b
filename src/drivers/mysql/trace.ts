// What drv_mysql.c prints about its client library calls: with --mysql-debug a DEBUG line per
// call ("mysql_stmt_execute(0x7f…) = 0"), and, at --verbosity=5, its other debug lines
// ("Ignoring error …", "Reconnecting", "Reconnected"). A wrapper around the driver, its
// connections, statements and result sets, used only when one of these can show: the normal
// path does not go through it.
//
// The C pointers sysbench prints are addresses of libmysqlclient's objects; we have none, so
// each object gets an address of its own from a made-up heap, stable for the object's life
// (the same statement prints the same address each time, as in sysbench).
import { isMainThread, threadId } from 'node:worker_threads';
import { LogLevel, OnceFlag, type Logger } from '../../output.js';
import { SbCounter } from '../../stats/counters.js';
import type {
  ConnectFailure, DbCallback, DbConnection, DbDriver, DbError, DbResult, DbStatement, DriverContext, ThreadDraw,
} from '../driver.js';
import type { MysqlOptions } from './options.js';

/** glibc's %p: 0x and lowercase hex, "(nil)" for NULL. */
function p(addr: number): string {
  return addr === 0 ? '(nil)' : '0x' + addr.toString(16);
}

/** A C string as %s prints it: up to its first NUL. */
function cstr(s: string): string {
  const nul = s.indexOf('\0');
  return nul < 0 ? s : s.slice(0, nul);
}

/** SAFESTR(): "(null)" for a missing string (sysbench's empty options are NULL). */
function safe(s: string | undefined): string {
  return s === undefined || s === '' ? '(null)' : s;
}

/** Addresses as a thread's malloc hands them out: main thread in the program's heap, others in an mmap'ed arena. */
class Heap {
  private next: number;
  constructor() {
    const page = Math.floor(Math.random() * 0xfff) * 0x1000;
    this.next = isMainThread ? 0x55d0c0a00000 + page * 0x100 + 0x740 : 0x7f0000000000 + (threadId + 1) * 0x100000000 + page * 0x10 + 0x1b430;
  }
  alloc(size: number): number {
    const at = this.next;
    this.next += (size + 15) & ~15;
    return at;
  }
}

// sizes of the structs the addresses stand for (only their spacing shows)
const SIZE = { mysql: 0x4f8, stmt: 0x3a0, bind: 0x70, result: 0x88, row: 0x38 } as const;

/** What one sysbench.sql.driver() object of the mysql driver prints. */
export class MysqlTracer {
  readonly heap = new Heap();
  /** --mysql-debug: the DEBUG macro's lines */
  readonly calls: boolean;

  constructor(readonly log: Logger, opts: MysqlOptions) {
    this.calls = opts.debug;
    if (this.calls) {
      // mysql_drv_init(): --mysql-debug raises the verbosity of every thread
      log.verbosity = LogLevel.Debug;
      if (log.once(OnceFlag.MysqlLibraryInit)) this.call('mysql_library_init(0, (nil), (nil))');
      // mysql_drv_thread_init(), at each db_create()
      this.call('mysql_thread_init() = 0');
    }
  }

  /** A line of the DEBUG macro (--mysql-debug). */
  call(text: string): void {
    if (this.calls) this.log.debug(text);
  }

  /** check_error()'s lines for a failed statement; mysql_errno shows the value sysbench reset before the call. */
  checkError(con: number, err: DbError): void {
    if (!this.calls) return;
    this.call(`mysql_errno(${p(con)}) = 0`);
    this.call(`mysql_state(${p(con)}) = ${err.sqlState}`);
    this.call(`mysql_error(${p(con)}) = ${err.message}`);
  }
}

export class TracedMysqlDriver implements DbDriver {
  readonly name: string;
  readonly description: string;
  readonly canReconnect?: boolean;
  private readonly tracer: MysqlTracer;
  /** the connection index the driver picked for the connection being made */
  private lastIndex = 0;

  private readonly inner: DbDriver;

  /** `make` creates the real driver with the context it is given */
  constructor(private readonly opts: MysqlOptions, private readonly ctx: DriverContext, make: (ctx: DriverContext) => DbDriver) {
    this.tracer = new MysqlTracer(ctx.log, opts);
    // the real driver, with the connection counter watched (to print the target it picked)
    this.inner = make({ ...ctx, nextConnectionIndex: () => (this.lastIndex = ctx.nextConnectionIndex()) });
    this.name = this.inner.name;
    this.description = this.inner.description;
    this.canReconnect = this.inner.canReconnect;
  }

  /** mysql_real_connect()'s line for the target of connection number `k`, as mysql_drv_connect() picks it. */
  connectLine(con: number): string {
    const o = this.opts;
    const k = this.lastIndex;
    let host: string;
    let port: number;
    let socket: string;
    if (o.sockets.length > 0) {
      host = 'localhost';
      port = 0;
      socket = o.sockets[k % o.sockets.length];
    } else {
      host = o.hosts[Math.floor(k / o.ports.length) % o.hosts.length];
      port = o.ports[k % o.ports.length];
      socket = '(null)';
    }
    // sysbench prints --mysql-password; libmysqlclient's $MYSQL_PWD stays out of it
    const password = process.env.MYSQL_PWD !== undefined && o.password === process.env.MYSQL_PWD ? '' : o.password;
    return `mysql_real_connect(${p(con)}, "${safe(host)}", "${safe(o.user)}", "${safe(password)}", "${safe(o.db)}", ` +
      `${port}, "${socket}", CLIENT_MULTI_STATEMENTS)`;
  }

  connect(draw: ThreadDraw, cb: (err: ConnectFailure | null, con: DbConnection | null) => void): void {
    // --mysql-dry-run: mysql_drv_connect() returns before any call
    if (this.opts.dryRun) return this.inner.connect(draw, cb);
    const t = this.tracer;
    const con = t.heap.alloc(SIZE.mysql);
    t.call(`mysql_init(${p(con)})`);
    this.inner.connect(draw, (err, c) => {
      if (err !== null || c === null) return cb(err, c);
      if (this.opts.ssl !== 'off') t.call(`mysql_get_ssl_cipher(con): "${safe(tlsCipher(c))}"`);
      cb(null, new TracedConnection(c, con, this, t, this.ctx.psMode !== 'disable'));
    });
    // the lines mysql_drv_real_connect() prints before its call, once the target is picked
    if (this.opts.ssl !== 'off') {
      t.call(`mysql_ssl_set(${p(con)}, "client-key.pem", "client-cert.pem", "cacert.pem", NULL, "${safe(this.opts.sslCipher)}")`);
    }
    if (this.opts.compression) t.call(`mysql_options(${p(con)}, MYSQL_OPT_COMPRESS, NULL)`);
    t.call(this.connectLine(con));
  }

  isIgnorable(err: DbError): boolean {
    const ignorable = this.inner.isIgnorable(err);
    if (ignorable) this.tracer.log.debug(`Ignoring error ${err.errno} ${err.message}, `);
    return ignorable;
  }

  /** set when a failed prepare has logged its FATAL lines itself (between its trace lines) */
  prepareLogged = false;

  fatalLines(op: 'query' | 'execute' | 'prepare', err: DbError, query: string): string[] {
    if (op === 'prepare' && this.prepareLogged) {
      this.prepareLogged = false;
      return [];
    }
    return this.inner.fatalLines(op, err, query);
  }

  release(): void {
    // mysql_drv_thread_done(), when the script's driver object goes
    this.tracer.call('mysql_thread_end()');
  }

  /** the real driver's FATAL lines for a failed prepare */
  prepareFatalLines(err: DbError): string[] {
    return this.inner.fatalLines('prepare', err, '');
  }
}

/** The TLS cipher of a mysql2 connection, if it has one. */
function tlsCipher(c: DbConnection): string | undefined {
  const stream = (c as unknown as { raw?: { stream?: { getCipher?: () => { name?: string } } } }).raw?.stream;
  return typeof stream?.getCipher === 'function' ? stream.getCipher()?.name : undefined;
}

/** A connection, with sysbench's per-connection result set (con->rs) modelled for its free lines. */
class TracedConnection implements DbConnection {
  /** con->state == DB_CONN_RESULT_SET */
  private resultSet = false;
  /** rs->statement: the last statement executed (kept after a statement without a result set) */
  rsStatement: TracedStatement | null = null;
  /** rs->ptr: the MYSQL_RES of the last query's result set */
  private rsPtr = 0;
  private closed = false;

  constructor(
    private readonly inner: DbConnection,
    readonly ptr: number,
    private readonly driver: TracedMysqlDriver,
    private readonly t: MysqlTracer,
    private readonly usePs: boolean,
  ) {}

  /** db_free_results_int() when the connection holds a result set. */
  freeResults(): void {
    if (!this.resultSet) return;
    const st = this.rsStatement;
    if (st !== null) {
      this.t.call(`mysql_stmt_free_result(${p(st.ptr)})`);
      this.rsPtr = 0;
    }
    if (this.rsPtr !== 0) this.t.call(`mysql_free_result(${p(this.rsPtr)})`);
    this.rsPtr = 0;
    this.rsStatement = null;
    this.resultSet = false;
  }

  /** A result set is now held (db_execute/db_query on a read). */
  holdResult(): void {
    this.resultSet = true;
  }

  query(sql: string, cb: DbCallback<DbResult>): void {
    this.freeResults();
    const t = this.t;
    this.inner.query(sql, (err, r) => {
      const text = cstr(sql);
      t.call(`mysql_real_query(${p(this.ptr)}, "${text}", ${Buffer.byteLength(sql)}) = ${err === null ? 0 : 1}`);
      if (err !== null || r === null) {
        t.checkError(this.ptr, err!);
        return cb(err, r);
      }
      if (r.counter !== SbCounter.Read) {
        t.call(`mysql_store_result(${p(this.ptr)}) = (nil)`);
        return cb(null, r);
      }
      const res = t.heap.alloc(SIZE.result);
      t.call(`mysql_store_result(${p(this.ptr)}) = ${p(res)}`);
      t.call(`mysql_num_rows(${p(res)}) = ${r.nrows}`);
      t.call(`mysql_num_fields(${p(res)}) = ${r.nfields}`);
      this.rsPtr = res;
      this.resultSet = true;
      cb(null, new TracedRows(r, res, t));
    });
  }

  prepare(sql: string, cb: DbCallback<DbStatement>): void {
    // --db-ps-mode=disable: sysbench prepares on the client without a call
    if (!this.usePs) return this.inner.prepare(sql, cb);
    const t = this.t;
    const stmt = t.heap.alloc(SIZE.stmt);
    t.call(`mysql_stmt_init(${p(this.ptr)}) = ${p(stmt)}`);
    t.call(`mysql_stmt_prepare(${p(stmt)}, "${cstr(sql)}", ${Buffer.byteLength(sql)}) = ${p(stmt)}`);
    this.inner.prepare(sql, (err, st) => {
      if (err !== null) {
        t.call(`mysql_errno(${p(this.ptr)}) = ${err.errno}`);
        if (t.calls) {
          // drv_mysql.c logs its FATAL lines between these calls
          for (const line of this.driver.prepareFatalLines(err)) t.log.fatal(line);
          this.driver.prepareLogged = true;
          t.call(`mysql_stmt_close(${p(stmt)})`);
        }
        return cb(err, null);
      }
      // the server cannot prepare it (ER_UNSUPPORTED_PS): prepared on the client
      if (st === null) {
        t.call(`mysql_errno(${p(this.ptr)}) = 1295`);
        return cb(null, null);
      }
      cb(null, new TracedStatement(st, stmt, this, t));
    });
  }

  quote(value: string): string {
    return this.inner.quote(value);
  }

  reconnect(cb: (err: DbError | null) => void): void {
    // db_connection_reconnect() frees a held result set first; then mysql_drv_reconnect()
    this.freeResults();
    const t = this.t;
    t.log.debug('Reconnecting');
    t.call(`mysql_close(${p(this.ptr)})`);
    t.call(this.driver.connectLine(this.ptr));
    this.inner.reconnect((err) => {
      if (err === null) t.log.debug('Reconnected');
      cb(err);
    });
  }

  whenSent(cb: () => void): void {
    if (this.inner.whenSent) this.inner.whenSent(cb);
    else cb();
  }

  close(cb: () => void): void {
    this.freeResults();
    this.closed = true;
    this.t.call(`mysql_close(${p(this.ptr)})`);
    this.inner.close(cb);
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

/** A server-side prepared statement. */
class TracedStatement implements DbStatement {
  readonly sql: string;
  readonly paramCount: number;
  private closed = false;

  constructor(
    private readonly inner: DbStatement,
    readonly ptr: number,
    private readonly conn: TracedConnection,
    private readonly t: MysqlTracer,
  ) {
    this.sql = inner.sql;
    this.paramCount = inner.paramCount;
  }

  bind(types: readonly number[]): number {
    const t = this.t;
    t.call(`mysql_stmt_param_count(${p(this.ptr)}) = ${this.paramCount}`);
    // the MYSQL_BIND array is allocated for the call and freed after it
    const bind = t.heap.alloc(SIZE.bind * Math.max(1, types.length));
    t.call(`mysql_stmt_bind_param(${p(this.ptr)}, ${p(bind)}) = 0`);
    return this.inner.bind ? this.inner.bind(types) : 0;
  }

  execute(values: unknown[], cb: DbCallback<DbResult>): void {
    const conn = this.conn;
    conn.freeResults();
    conn.rsStatement = this;
    const t = this.t;
    this.inner.execute(values, (err, r) => {
      t.call(`mysql_stmt_execute(${p(this.ptr)}) = ${err === null ? 0 : 1}`);
      if (err !== null || r === null) {
        t.checkError(conn.ptr, err!);
        return cb(err, r);
      }
      if (r.counter !== SbCounter.Read) {
        t.call(`mysql_stmt_affected_rows(${p(this.ptr)}) = ${r.nrows}`);
        return cb(null, r);
      }
      t.call(`mysql_stmt_store_result(${p(this.ptr)}) = 0`);
      t.call(`mysql_stmt_num_rows(${p(this.ptr)}) = ${r.nrows}`);
      conn.holdResult();
      cb(null, r);
    });
  }

  close(): void {
    // db_close(): a closed connection refuses; a held result set is freed first
    if (!this.closed && !this.conn.isClosed) {
      this.conn.freeResults();
      this.t.call(`mysql_stmt_close(${p(this.ptr)}) = 0`);
    }
    this.closed = true;
    this.inner.close();
  }
}

/** A query's result set: each row fetched prints mysql_fetch_row() and mysql_fetch_lengths(). */
class TracedRows implements DbResult {
  readonly counter: SbCounter;
  readonly nrows: number;
  readonly nfields: number;
  private readonly lengths: number;

  constructor(private readonly inner: DbResult, private readonly res: number, private readonly t: MysqlTracer) {
    this.counter = inner.counter;
    this.nrows = inner.nrows;
    this.nfields = inner.nfields;
    this.lengths = res + SIZE.result;
  }

  row(i: number): readonly unknown[] | null {
    const row = this.inner.row(i);
    const t = this.t;
    t.call(`mysql_fetch_row(${p(this.res)}) = ${row === null ? '(nil)' : p(t.heap.alloc(SIZE.row))}`);
    t.call(`mysql_fetch_lengths(${p(this.res)}) = ${row === null ? '(nil)' : p(this.lengths)}`);
    return row;
  }
}
