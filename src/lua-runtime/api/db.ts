// sysbench.db: the sysbench 0.5 Lua API as sysbench 1.0.20 still provides it (the
// sb_lua_db_* functions of sb_lua.c), on the state's SQL session; sysbench.compat.lua turns
// it into the db_* globals.
//
// Semantics kept from sysbench 1.0.20:
// - one implicit connection per Lua state: db_connect() creates the driver (and sets the
//   global db_driver) and connects unless already connected; db_query(), db_prepare() and
//   db_bulk_insert_init() connect on first use; the other calls fail with "Uninitialized
//   database connection" without one. Closing the state closes the connection.
// - db_query() returns nothing (its result set is freed at once). An error the driver may
//   ignore (--mysql-ignore-errors) restarts the event ({errcode = RESTART_EVENT}); any other
//   raises "db_query() failed" at the caller's line, after the driver's FATAL lines.
// - db_execute() returns a result-set handle; only ignorable errors raise (restart), other
//   failures return a handle too (the FATAL lines are the only trace).
// - db_bind_param() fixes each parameter's type when called (number: INT, string: CHAR), in
//   the table's traversal order (LuaJIT's: 1, 2, ... first), and keeps the table: db_execute()
//   reads the table's current values (nil: NULL). Quirk kept: sysbench binds strings afresh
//   only when one outgrows its buffer, and such a binding never sends NULL for a string
//   parameter, so a nil there re-sends the previous string until the next rebinding.
// - db_bulk_insert_done() ignores a failed INSERT (it is only logged).
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import type { DbDriver, DbConnection, DbResult, DbStatement } from '../../drivers/driver.js';
import { SQL_ERROR } from '../../drivers/sql-type.js';
import { SbCounter } from '../../stats/counters.js';
import { raiseAt } from '../raise.js';
import { bytesToString, luaBytes, pushJsString } from '../strings.js';
import { checkObject, defineMetatable, pushObject } from '../userdata.js';
import { SqlConnection, type ConnectOutcome, type PrepareOutcome, type StatementOutcome } from '../sql/session.js';
import { stateOf } from '../context.js';
import type { BulkApi } from '../sql/bulk.js';

const MT_STMT = toLuaString('sysbench.stmt');
const MT_RS = toLuaString('sysbench.rs');

// sb_lua_error_t
const RESTART_EVENT = 1;
const BULK: BulkApi = { results: 0, doneRaises: false };

const ParamKind = { Int: 0, Char: 1 } as const;
type ParamKind = (typeof ParamKind)[keyof typeof ParamKind];

class LegacyConnection extends SqlConnection {
  /** the connection holds a result set (sysbench's DB_CONN_RESULT_SET state) */
  resultOpen = false;
}

interface Param {
  id: number;
  kind: ParamKind;
  /** the value read at this execute is nil */
  isNull: boolean;
  num: number;
  /** CHAR: the buffer's content and length in bytes */
  buf: string;
  buflen: number;
  /** how the current binding sends it: honouring isNull, and with a buffer at all */
  nullable: boolean;
  buffered: boolean;
}

class LegacyStatement {
  params: Param[] = [];
  paramRef: number = lua.LUA_REFNIL;
  resultRef: number = lua.LUA_REFNIL;
  readonly values: unknown[] = [];
  constructor(readonly conn: LegacyConnection, public stmt: DbStatement | null) {}
}

class LegacyResult {
  constructor(readonly conn: LegacyConnection, public open: boolean) {}
}

/** A C `int` from a Lua number, as x86-64 converts a double (out of range: INT_MIN). */
function cInt(n: number): number {
  const t = Math.trunc(n);
  return t >= -2147483648 && t <= 2147483647 ? t : -2147483648;
}

/** Number of entries of the table at `index` (sb_lua_table_size: counts with lua_next). */
function tableSize(L: LuaState, index: number): number {
  let n = 0;
  lua.lua_pushnil(L);
  while (lua.lua_next(L, index) !== 0) {
    lua.lua_pop(L, 1);
    n++;
  }
  return n;
}

/** db_bind_param / db_bind_result: the table's entries, typed by their current values. */
function readBinds(L: LuaState): Param[] {
  if (!lua.lua_istable(L, 2)) raiseAt(L, 'table was expected');
  if (tableSize(L, 2) === 0) raiseAt(L, 'table is empty');
  const binds: Param[] = [];
  // key at -2, value at -1
  const entry = (): void => {
    const t = lua.lua_type(L, -1);
    if (t !== lua.LUA_TNUMBER && t !== lua.LUA_TSTRING) {
      // sysbench raises the bare message (no position)
      pushJsString(L, `Unsupported variable type: ${bytesToString(lauxlib.luaL_typename(L, -1))}`);
      lua.lua_error(L);
    }
    const id = cInt(lauxlib.luaL_checknumber(L, -2));
    binds.push({
      id, kind: t === lua.LUA_TNUMBER ? ParamKind.Int : ParamKind.Char,
      isNull: false, num: 0, buf: '', buflen: 0, nullable: true, buffered: true,
    });
  };
  // LuaJIT's lua_next visits the array part (1, 2, ...) first; fengari's order differs
  let seq = 0;
  for (;;) {
    lua.lua_pushinteger(L, seq + 1);
    if (lua.lua_rawgeti(L, 2, seq + 1) === lua.LUA_TNIL) {
      lua.lua_pop(L, 2);
      break;
    }
    entry();
    lua.lua_pop(L, 2);
    seq++;
  }
  lua.lua_pushnil(L);
  while (lua.lua_next(L, 2) !== 0) {
    const inSeq = lua.lua_isinteger(L, -2) && lua.lua_tointeger(L, -2) >= 1 && lua.lua_tointeger(L, -2) <= seq;
    if (!inSeq) entry();
    lua.lua_pop(L, 1);
  }
  return binds;
}

/** db_execute(): reads the bound table's current values into the statement's values (sb_lua_db_execute()). */
function readParams(L: LuaState, st: LegacyStatement): void {
  lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, st.paramRef);
  if (!lua.lua_isnil(L, -1) && !lua.lua_istable(L, -1)) raiseAt(L, 'table expected');
  const { params, values } = st;
  let rebind = false;
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    lua.lua_pushinteger(L, p.id);
    lua.lua_gettable(L, -2);
    p.isNull = lua.lua_isnil(L, -1);
    if (!p.isNull) {
      if (p.kind === ParamKind.Int) p.num = cInt(lauxlib.luaL_checknumber(L, -1));
      else {
        const bytes = lauxlib.luaL_checklstring(L, -1);
        if (bytes.length > p.buflen) rebind = true;
        p.buf = bytesToString(bytes);
        p.buflen = bytes.length;
      }
    }
    lua.lua_pop(L, 1);
  }
  lua.lua_pop(L, 1);
  values.length = params.length;
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    if (rebind) {
      // a NULL is bound without a buffer; a string binding ignores is_null from now on
      p.nullable = p.isNull || p.kind === ParamKind.Int;
      p.buffered = !p.isNull;
    }
    if (p.isNull && p.nullable) values[i] = null;
    else if (!p.buffered) values[i] = p.kind === ParamKind.Int ? null : '';
    else values[i] = p.kind === ParamKind.Int ? p.num : p.buf;
  }
}

// this state's connection (sysbench keeps it in the thread's sb_lua_ctxt_t)
const connOf = (L: LuaState): LegacyConnection | null => stateOf(L).legacyConnection as LegacyConnection | null;

/** Throws { errcode = RESTART_EVENT }: thread_run() restarts the event. */
const restartEvent = (L: LuaState): number => {
  stateOf(L).host.log.debug('Ignored error encountered, restarting transaction');
  lua.lua_createtable(L, 0, 1);
  lua.lua_pushinteger(L, RESTART_EVENT);
  lua.lua_setfield(L, -2, 'errcode');
  return lua.lua_error(L);
};

const checkConnection = (L: LuaState): LegacyConnection => {
  const conn = connOf(L);
  if (conn === null) raiseAt(L, 'Uninitialized database connection');
  return conn!;
};

// ---- db_connect / db_disconnect ----------------------------------------------------
const connected: ConnectOutcome = {
  connected: (L, driver: DbDriver, con: DbConnection, then) => {
    const conn = new LegacyConnection(driver, con);
    const ctx = stateOf(L);
    ctx.legacyConnection = conn;
    ctx.sql.adopt(conn);
    return then === null ? 0 : then(L);
  },
  failed: (L) => raiseAt(L, 'Failed to connect to the database'),
};

/** sb_lua_db_connect(), then `then`: a new driver each time, a connection unless there is one. */
const connect = (L: LuaState, then: ((L: LuaState) => number) | null): number => {
  const { host, sql } = stateOf(L);
  const drv = host.createDriver(null);
  if (typeof drv === 'string') {
    host.log.fatal(drv);
    return raiseAt(L, 'DB initialization failed');
  }
  pushJsString(L, drv.name);
  lua.lua_setglobal(L, 'db_driver');
  if (connOf(L) !== null) return then === null ? 0 : then(L);
  return sql.connect(L, drv, connected, then);
};

const nothing = (): number => 0;
const withConnection = (k: (L: LuaState) => number): LuaNative => (L) => (connOf(L) === null ? connect(L, k) : k(L));

const disconnect = (L: LuaState): number => {
  const ctx = stateOf(L);
  const c = ctx.legacyConnection;
  ctx.legacyConnection = null;
  if (c === null || c.con === null) return 0;
  return ctx.sql.disconnect(L, c, nothing);
};

// ---- db_query ----------------------------------------------------------------------
const queried: StatementOutcome = {
  done: () => 0,
  failed: (L, _conn, _err, ignorable) => (ignorable ? restartEvent(L) : raiseAt(L, 'db_query() failed')),
};

const runQuery = (L: LuaState): number => {
  const c = connOf(L)!;
  const text = bytesToString(luaBytes(L, 1));
  c.resultOpen = false;
  return stateOf(L).sql.query(L, c, text, queried);
};

// ---- prepared statements -----------------------------------------------------------
const prepared: PrepareOutcome = {
  prepared: (L, c, stmt) => {
    pushObject(L, new LegacyStatement(c as LegacyConnection, stmt), MT_STMT);
    return 1;
  },
  failed: (L) => raiseAt(L, 'db_prepare() failed'),
};

const runPrepare = (L: LuaState): number => stateOf(L).sql.prepare(L, connOf(L)!, bytesToString(luaBytes(L, 1)), prepared);

const tableRef = (L: LuaState, old: number): number => {
  if (old !== lua.LUA_REFNIL) lauxlib.luaL_unref(L, lua.LUA_REGISTRYINDEX, old);
  lua.lua_pushvalue(L, 2);
  return lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
};

const pushResult = (L: LuaState, c: SqlConnection, open: boolean): number => {
  pushObject(L, new LegacyResult(c as LegacyConnection, open), MT_RS);
  return 1;
};

const executed: StatementOutcome = {
  done: (L, c, r: DbResult) => {
    const read = r.counter === SbCounter.Read;
    (c as LegacyConnection).resultOpen = read;
    return pushResult(L, c, read);
  },
  failed: (L, c, _err, ignorable) => (ignorable ? restartEvent(L) : pushResult(L, c, false)),
};

// ---- sysbench.db -------------------------------------------------------------------
const natives: Record<string, LuaNative> = {
  connect: (L) => connect(L, null),
  disconnect,
  query: withConnection(runQuery),
  bulk_insert_init: withConnection((L) => {
    const c = connOf(L)!;
    c.resultOpen = false;
    return stateOf(L).sql.bulk.init(L, BULK, c, luaBytes(L, 1));
  }),
  bulk_insert_next: (L) => {
    const c = checkConnection(L);
    return stateOf(L).sql.bulk.next(L, BULK, c, luaBytes(L, 1));
  },
  bulk_insert_done: (L) => stateOf(L).sql.bulk.done(L, BULK, checkConnection(L)),
  prepare: withConnection(runPrepare),
  bind_param: (L) => {
    checkConnection(L);
    const st = checkObject<LegacyStatement>(L, 1, MT_STMT);
    st.params = readBinds(L);
    st.paramRef = tableRef(L, st.paramRef);
    return 0;
  },
  bind_result: (L) => {
    checkConnection(L);
    const st = checkObject<LegacyStatement>(L, 1, MT_STMT);
    readBinds(L);
    st.resultRef = tableRef(L, st.resultRef);
    return 0;
  },
  execute: (L) => {
    checkConnection(L);
    const st = checkObject<LegacyStatement>(L, 1, MT_STMT);
    readParams(L, st);
    if (st.conn.con === null || st.stmt === null) {
      stateOf(L).host.log.alert('attempt to use an already closed connection');
      return pushResult(L, st.conn, false);
    }
    st.conn.resultOpen = false;
    return stateOf(L).sql.execute(L, st.conn, st.stmt, st.values, executed);
  },
  close: (L) => {
    checkConnection(L);
    const st = checkObject<LegacyStatement>(L, 1, MT_STMT);
    st.params = [];
    lauxlib.luaL_unref(L, lua.LUA_REGISTRYINDEX, st.paramRef);
    lauxlib.luaL_unref(L, lua.LUA_REGISTRYINDEX, st.resultRef);
    st.paramRef = st.resultRef = lua.LUA_REFNIL;
    if (st.conn.con === null) {
      stateOf(L).host.log.alert('attempt to use an already closed connection');
      return 0;
    }
    st.conn.resultOpen = false;
    st.stmt?.close();
    st.stmt = null;
    return 0;
  },
  store_results: (L) => {
    checkConnection(L);
    checkObject<LegacyResult>(L, 1, MT_RS);
    return 0; // sysbench stores results in db_query()/db_execute() already
  },
  free_results: (L) => {
    checkConnection(L);
    const rs = checkObject<LegacyResult>(L, 1, MT_RS);
    if (!rs.open) return 0;
    rs.open = false;
    if (rs.conn.con === null) stateOf(L).host.log.alert('attempt to use an already closed connection');
    else if (!rs.conn.resultOpen) stateOf(L).host.log.alert('attempt to free an invalid result set');
    else rs.conn.resultOpen = false;
    return 0;
  },
};

export function registerDb(L: LuaState): void {
  // metatables as sysbench creates them: empty, and no __name (tostring gives "userdata: ...")
  defineMetatable(L, MT_STMT, { anonymous: true });
  defineMetatable(L, MT_RS, { anonymous: true });

  lua.lua_getglobal(L, 'sysbench');
  lua.lua_createtable(L, 0, 16);
  for (const [k, f] of Object.entries(natives)) {
    lua.lua_pushcfunction(L, f);
    lua.lua_setfield(L, -2, k);
  }
  // the 0.5 names of sysbench.sql.error's numbers
  const errors: [string, number][] = [
    ['DB_ERROR_NONE', SQL_ERROR.NONE], ['DB_ERROR_RESTART_TRANSACTION', SQL_ERROR.IGNORABLE], ['DB_ERROR_FAILED', SQL_ERROR.FATAL],
  ];
  for (const [k, v] of errors) {
    lua.lua_pushinteger(L, v);
    lua.lua_setfield(L, -2, k);
  }
  lua.lua_setfield(L, -2, 'db');
  lua.lua_pop(L, 1);
}
