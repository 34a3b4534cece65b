// sysbench.sql: drivers, connections, prepared statements, parameters and result sets.
// Natives on the per-query path (param:set, stmt:execute) allocate nothing in the common case.
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../fengari.js';
import type { DbConnection, DbDriver, DbError, DbResult, DbStatement, ConnectFailure } from '../../drivers/driver.js';
import type { LuaHost } from '../host.js';
import { SbCounter } from '../../stats/counters.js';
import type { LuaExec } from '../exec.js';
import { bytesToString, luaBytes, pushJsString } from '../strings.js';
import type { BulkInsert } from './bulk-insert.js';
import { BulkFlow, DriverErrors, onCloseState, raiseAt } from './sql-common.js';

export { closeConnections } from './sql-common.js';

const MT_DRIVER = toLuaString('sysbench.sql.driver');
const MT_CONNECTION = toLuaString('sysbench.sql.connection');
const MT_STATEMENT = toLuaString('sysbench.sql.statement');
const MT_PARAM = toLuaString('sysbench.sql.param');
const MT_RESULT = toLuaString('sysbench.sql.result');
const CDATA_NAME = toLuaString('cdata');

const RESTART_EVENT = 1;

// sysbench.sql.type values
const T_TINYINT = 1, T_BIGINT = 4, T_FLOAT = 5, T_DOUBLE = 6, T_CHAR = 11, T_VARCHAR = 12;
const P_INT = 0, P_DOUBLE = 1, P_STRING = 2;
/** the sysbench.sql.type a parameter is bound as, by kind (bind_create() widens every type) */
const BIND_TYPES = [T_BIGINT, T_DOUBLE, T_VARCHAR];

export interface RandStringSource {
  /** sysbench.rand.string semantics: '#' → digit, '@' → letter, other bytes copied */
  randString(template: Uint8Array): Uint8Array;
  /** the state's compatibility globals; sb_rnd (low 32 bits of uniform_uint64()) feeds drivers' random draws */
  readonly globals?: Readonly<Record<string, LuaNative>>;
}

class SqlParam {
  value: number | string | null = null;
  constructor(readonly kind: number, readonly maxLen: number) {}
}

class SqlResult {
  nrows = 0;
  nfields = 0;
  rows: unknown[][] | null = null;
  next = 0;
  /** the connection still holds this result set (sysbench's DB_CONN_RESULT_SET) */
  valid = false;
}

class SqlConnection {
  con: DbConnection | null;
  ref = 0; // registry reference to this connection's userdata
  resultRef = 0; // the connection's one result-set userdata, as sysbench has one per connection
  readonly result = new SqlResult();
  bulk: BulkInsert | null = null;
  constructor(readonly driver: DbDriver, con: DbConnection) { this.con = con; }
}

class SqlStatement {
  params: SqlParam[] | null = null;
  readonly values: unknown[] = [];
  constructor(readonly sc: SqlConnection, readonly stmt: DbStatement) {}
}

function obj<T>(L: LuaState, i: number): T {
  return lua.lua_touserdata(L, i).obj as T;
}

function checkObj<T>(L: LuaState, i: number, mt: Uint8Array): T {
  return lauxlib.luaL_checkudata(L, i, mt).obj as T;
}

/** sysbench's SQL objects are LuaJIT cdata (parameters are tables); type() reports them so */
const CDATA = new WeakSet<object>();

function pushUserdata(L: LuaState, value: object, mt: Uint8Array): void {
  if (mt !== MT_PARAM) CDATA.add(value);
  const ud = lua.lua_newuserdata(L, 0);
  ud.obj = value;
  lauxlib.luaL_setmetatable(L, mt);
}

export function registerSql(L: LuaState, host: LuaHost, exec: LuaExec, rand: RandStringSource): void {
  const connections = new Set<SqlConnection>();

  // the thread's generator as drivers draw from it (sb_rnd: low 32 bits of uniform_uint64())
  const sbRnd = rand.globals?.['sb_rnd'];
  const threadRandom = (L: LuaState): (() => number) | undefined => {
    if (sbRnd === undefined) return undefined;
    return () => {
      sbRnd(L);
      const v = lua.lua_tonumber(L, -1);
      lua.lua_pop(L, 1);
      return v;
    };
  };

  // ---- result sets -------------------------------------------------------------------
  const pushResult = (L: LuaState, sc: SqlConnection, r: DbResult): void => {
    const rs = sc.result;
    rs.valid = true;
    rs.nrows = r.nrows;
    rs.nfields = r.nfields;
    rs.rows = r.rows;
    rs.next = 0;
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, sc.resultRef);
  };

  // A statement without a result set: sysbench returns a NULL sql_result pointer, which
  // prints as <sql_result> and is truthy; the connection no longer holds a result set.
  let noResultRef = 0;
  const pushNoResult = (L: LuaState, sc: SqlConnection): number => {
    sc.result.valid = false;
    if (noResultRef === 0) {
      pushUserdata(L, new SqlResult(), MT_RESULT);
      noResultRef = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    }
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, noResultRef);
    return 1;
  };

  const pushCell = (L: LuaState, v: unknown): void => {
    if (v === null || v === undefined) lua.lua_pushnil(L);
    else if (Buffer.isBuffer(v)) lua.lua_pushstring(L, new Uint8Array(v));
    else pushJsString(L, typeof v === 'string' ? v : String(v));
  };
  const pushRowValues = (L: LuaState, row: unknown[], n: number): void => {
    for (let i = 0; i < n; i++) pushCell(L, row[i]);
  };

  const resultMethods: Record<string, LuaNative> = {
    fetch_row: (L) => {
      const rs = checkObj<SqlResult>(L, 1, MT_RESULT);
      if (!rs.valid) {
        host.log.alert('attempt to fetch row from an invalid result set');
        lua.lua_pushnil(L);
        return 1;
      }
      if (rs.nrows === 0 || rs.nfields === 0) {
        host.log.alert('attempt to fetch row from an empty result set');
        lua.lua_pushnil(L);
        return 1;
      }
      if (rs.rows === null || rs.next >= rs.rows.length) { lua.lua_pushnil(L); return 1; }
      const row = rs.rows[rs.next++];
      lua.lua_createtable(L, rs.nfields, 0);
      for (let i = 0; i < rs.nfields; i++) {
        const v = row[i];
        if (v === null || v === undefined) continue;
        pushCell(L, v);
        lua.lua_rawseti(L, -2, i + 1);
      }
      return 1;
    },
    free: (L) => {
      const rs = checkObj<SqlResult>(L, 1, MT_RESULT);
      if (!rs.valid) {
        host.log.alert('attempt to free an invalid result set');
        pushJsString(L, 'db_free_results() failed');
        return lua.lua_error(L);
      }
      rs.valid = false;
      rs.rows = null;
      lua.lua_pushboolean(L, true);
      return 1;
    },
  };

  // ---- errors, as sysbench's driver check_error() and Lua check_error() ------------------
  const raiseSqlError = (L: LuaState, sc: SqlConnection, err: DbError, ignorable: boolean, query: string): number => {
    sc.result.valid = false;
    // no SQL state: sysbench's check_error() calls it an API error (one level further up)
    if (err.sqlState === '') return raiseApiError(L);
    lua.lua_createtable(L, 0, 6);
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, sc.ref);
    lua.lua_setfield(L, -2, toLuaString('connection'));
    pushJsString(L, query);
    lua.lua_setfield(L, -2, toLuaString('query'));
    lua.lua_pushinteger(L, err.errno);
    lua.lua_setfield(L, -2, toLuaString('sql_errno'));
    pushJsString(L, err.sqlState);
    lua.lua_setfield(L, -2, toLuaString('sql_state'));
    pushJsString(L, err.message);
    lua.lua_setfield(L, -2, toLuaString('sql_errmsg'));
    const e = lua.lua_gettop(L);
    if (!ignorable) {
      if (lua.lua_getglobal(L, toLuaString('sysbench')) === lua.LUA_TTABLE &&
          lua.lua_getfield(L, -1, toLuaString('hooks')) === lua.LUA_TTABLE &&
          lua.lua_getfield(L, -1, toLuaString('sql_error_ignorable')) === lua.LUA_TFUNCTION) {
        lua.lua_pushvalue(L, e);
        lua.lua_call(L, 1, 1);
        ignorable = lua.lua_toboolean(L, -1);
      }
      lua.lua_settop(L, e);
    }
    if (ignorable) {
      lua.lua_pushinteger(L, RESTART_EVENT);
      lua.lua_setfield(L, -2, toLuaString('errcode'));
      return lua.lua_error(L);
    }
    lua.lua_settop(L, e - 1);
    return raiseAt(L, `SQL error, errno = ${err.errno}, state = '${err.sqlState}': ${err.message}`);
  };

  /** The driver half of sysbench's error check (counts, FATAL lines, reconnects), then the Lua half. */
  const driverErrors = new DriverErrors(host, exec);
  const failed = (L: LuaState, sc: SqlConnection, err: DbError, op: 'query' | 'execute', logQuery: string, luaQuery: string): number =>
    driverErrors.check(L, sc, err, op, logQuery, (L, ignorable) => raiseSqlError(L, sc, err, ignorable, luaQuery));

  // the connection whose I/O is in flight (a Lua state runs one coroutine at a time)
  let currentConnection: SqlConnection | null = null;
  let currentStatement: SqlStatement | null = null;
  let currentQuery = '';

  // ---- connection methods ------------------------------------------------------------
  const queryDone = (L: LuaState): number => {
    const sc = currentConnection!;
    if (exec.ioErr !== null) return failed(L, sc, exec.ioErr as DbError, 'query', currentQuery, currentQuery);
    const r = exec.ioValue as DbResult;
    host.countInc(r.counter);
    if (r.counter === SbCounter.Read) { pushResult(L, sc, r); return 1; }
    return pushNoResult(L, sc);
  };

  const queryRowDone = (L: LuaState): number => {
    const sc = currentConnection!;
    if (exec.ioErr !== null) return failed(L, sc, exec.ioErr as DbError, 'query', currentQuery, currentQuery);
    const r = exec.ioValue as DbResult;
    host.countInc(r.counter);
    if (r.counter !== SbCounter.Read || r.nrows === 0 || !r.rows) { lua.lua_pushnil(L); return 1; }
    pushResult(L, sc, r);
    lua.lua_pop(L, 1);
    sc.result.next = 1;
    pushRowValues(L, r.rows[0], r.nfields);
    return r.nfields;
  };

  /** check_error()'s error("SQL API error", 3) after a tail call: the position of the caller's caller */
  const raiseApiError = (L: LuaState): number => {
    lauxlib.luaL_where(L, 2);
    pushJsString(L, 'SQL API error');
    lua.lua_concat(L, 2);
    return lua.lua_error(L);
  };

  const liveConnection = (L: LuaState): SqlConnection => {
    const sc = checkObj<SqlConnection>(L, 1, MT_CONNECTION);
    if (sc.con === null) lauxlib.luaL_error(L, toLuaString('attempt to use an already closed connection'));
    return sc;
  };

  const runQuery = (L: LuaState, k: (L: LuaState) => number): number => {
    const sc = checkObj<SqlConnection>(L, 1, MT_CONNECTION);
    if (sc.con === null) {
      host.log.alert('attempt to use an already closed connection');
      return raiseApiError(L);
    }
    const text = bytesToString(luaBytes(L, 2));
    currentConnection = sc;
    currentQuery = text;
    const con = sc.con!;
    return exec.io(L, (cb) => con.query(text, cb), k);
  };

  const prepareDone = (L: LuaState): number => {
    const sc = currentConnection!;
    if (exec.ioErr !== null) {
      const err = exec.ioErr as DbError;
      for (const line of sc.driver.fatalLines('prepare', err, '')) host.log.fatal(line);
      return raiseAt(L, 'SQL API error');
    }
    pushUserdata(L, new SqlStatement(sc, exec.ioValue as DbStatement), MT_STATEMENT);
    return 1;
  };

  // ---- bulk inserts ------------------------------------------------------------------
  const bulkFlow = new BulkFlow(host, exec, { results: 1, doneRaises: true });

  const connectionMethods: Record<string, LuaNative> = {
    query: (L) => runQuery(L, queryDone),
    query_row: (L) => runQuery(L, queryRowDone),
    prepare: (L) => {
      const sc = liveConnection(L);
      const text = bytesToString(luaBytes(L, 2));
      currentConnection = sc;
      const con = sc.con!;
      return exec.io(L, (cb) => con.prepare(text, cb, threadRandom(L)), prepareDone);
    },
    bulk_insert_init: (L) => {
      const sc = liveConnection(L);
      return bulkFlow.init(L, sc, luaBytes(L, 2));
    },
    bulk_insert_next: (L) => {
      const sc = liveConnection(L);
      return bulkFlow.next(L, sc, luaBytes(L, 2));
    },
    bulk_insert_done: (L) => bulkFlow.done(L, liveConnection(L)),
    disconnect: (L) => {
      const sc = checkObj<SqlConnection>(L, 1, MT_CONNECTION);
      const con = sc.con;
      if (con === null) {
        host.log.alert('attempt to close an already closed connection');
        lua.lua_pushboolean(L, true);
        return 1;
      }
      sc.con = null;
      sc.result.valid = false;
      connections.delete(sc);
      return exec.io(L, (cb) => con.close(() => cb(null, null)), (L) => { lua.lua_pushboolean(L, true); return 1; });
    },
    reconnect: (L) => {
      const sc = liveConnection(L);
      if (sc.driver.canReconnect === false) {
        host.log.alert('reconnect is not supported by the current driver');
        lua.lua_pushboolean(L, true);
        return 1;
      }
      const con = sc.con!;
      return exec.io(L, (cb) => con.reconnect((e) => cb(e, null)), (L) => {
        if (exec.ioErr !== null) { host.countInc(SbCounter.QueryError); return raiseAt(L, 'assertion failed!'); }
        host.countInc(SbCounter.Reconnect);
        lua.lua_pushboolean(L, true);
        return 1;
      });
    },
  };

  // ---- statements and parameters ---------------------------------------------------
  const executeDone = (L: LuaState): number => {
    const st = currentStatement!;
    if (exec.ioErr !== null) {
      return failed(L, st.sc, exec.ioErr as DbError, 'execute', st.stmt.sql, '<prepared statement>');
    }
    const r = exec.ioValue as DbResult;
    host.countInc(r.counter);
    if (r.counter === SbCounter.Read) { pushResult(L, st.sc, r); return 1; }
    return pushNoResult(L, st.sc);
  };

  const startExecute = (cb: (err: unknown, value: unknown) => void): void => {
    const st = currentStatement!;
    st.stmt.execute(st.values, cb as never);
  };

  const statementMethods: Record<string, LuaNative> = {
    bind_create: (L) => {
      checkObj<SqlStatement>(L, 1, MT_STATEMENT);
      const btype = lauxlib.luaL_checkinteger(L, 2);
      let p: SqlParam;
      if (btype >= T_TINYINT && btype <= T_BIGINT) p = new SqlParam(P_INT, 8);
      else if (btype === T_FLOAT || btype === T_DOUBLE) p = new SqlParam(P_DOUBLE, 8);
      else if (btype === T_CHAR || btype === T_VARCHAR) p = new SqlParam(P_STRING, lauxlib.luaL_checkinteger(L, 3));
      else return raiseAt(L, `Unsupported argument type: ${btype}`);
      pushUserdata(L, p, MT_PARAM);
      return 1;
    },
    bind_param: (L) => {
      const st = checkObj<SqlStatement>(L, 1, MT_STATEMENT);
      const n = lua.lua_gettop(L) - 1;
      if (n < 1) { lua.lua_pushnil(L); return 1; }
      const params: SqlParam[] = [];
      for (let i = 2; i <= n + 1; i++) params.push(checkObj<SqlParam>(L, i, MT_PARAM));
      st.params = params;
      st.values.length = n;
      lua.lua_pushinteger(L, st.stmt.bind ? st.stmt.bind(params.map((p) => BIND_TYPES[p.kind])) : 0);
      return 1;
    },
    execute: (L) => {
      const st = obj<SqlStatement>(L, 1);
      if (st.sc.con === null) { host.log.alert('attempt to use an already closed connection'); lua.lua_pushnil(L); return 1; }
      const params = st.params;
      if (params !== null) {
        const values = st.values;
        for (let i = 0; i < params.length; i++) values[i] = params[i].value;
      }
      currentStatement = st;
      return exec.io(L, startExecute, executeDone);
    },
    close: (L) => {
      const st = checkObj<SqlStatement>(L, 1, MT_STATEMENT);
      st.stmt.close();
      lua.lua_pushinteger(L, 0);
      return 1;
    },
  };

  const paramMethods: Record<string, LuaNative> = {
    set: (L) => {
      const p = obj<SqlParam>(L, 1);
      const t = lua.lua_type(L, 2);
      if (t === lua.LUA_TNIL || t === lua.LUA_TNONE) { p.value = null; return 0; }
      if (p.kind === P_STRING) {
        let bytes = luaBytes(L, 2);
        if (bytes.length > p.maxLen) bytes = bytes.subarray(0, p.maxLen);
        p.value = bytesToString(bytes);
      } else {
        const n = lua.lua_tonumber(L, 2);
        p.value = p.kind === P_INT ? Math.trunc(n) : n;
      }
      return 0;
    },
    set_rand_str: (L) => {
      const p = obj<SqlParam>(L, 1);
      if (p.kind !== P_STRING) return raiseAt(L, `Unsupported argument type: ${p.kind === P_INT ? T_BIGINT : T_DOUBLE}`);
      let bytes = rand.randString(luaBytes(L, 2));
      if (bytes.length > p.maxLen) bytes = bytes.subarray(0, p.maxLen);
      p.value = bytesToString(bytes);
      return 0;
    },
  };

  // ---- drivers ------------------------------------------------------------------------
  const connectDone = (L: LuaState): number => {
    if (exec.ioErr !== null) {
      for (const line of (exec.ioErr as ConnectFailure).lines) host.log.fatal(line);
      return raiseAt(L, 'connection creation failed');
    }
    const sc = new SqlConnection(currentDriver!, exec.ioValue as DbConnection);
    pushUserdata(L, sc.result, MT_RESULT);
    sc.resultRef = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    pushUserdata(L, sc, MT_CONNECTION);
    lua.lua_pushvalue(L, -1);
    sc.ref = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    connections.add(sc);
    return 1;
  };
  let currentDriver: DbDriver | null = null;

  const driverMethods: Record<string, LuaNative> = {
    connect: (L) => {
      const drv = checkObj<DbDriver>(L, 1, MT_DRIVER);
      currentDriver = drv;
      return exec.io(L, (cb) => drv.connect(cb as never), connectDone);
    },
    name: (L) => {
      pushJsString(L, checkObj<DbDriver>(L, 1, MT_DRIVER).name);
      return 1;
    },
  };

  const newDriver: LuaNative = (L) => {
    const name = lua.lua_isnoneornil(L, 1) ? null : bytesToString(luaBytes(L, 1));
    const drv = host.createDriver(name);
    if (typeof drv === 'string') {
      host.log.fatal(drv);
      lauxlib.luaL_where(L, 1);
      return raiseAt(L, 'failed to initialize the DB driver');
    }
    pushUserdata(L, drv, MT_DRIVER);
    return 1;
  };

  // ---- metatables and the sysbench.sql table -----------------------------------------
  const metatable = (name: Uint8Array, methods: Record<string, LuaNative>, tostring: string, index?: LuaNative): void => {
    lauxlib.luaL_newmetatable(L, name);
    if (index) {
      lua.lua_pushcfunction(L, index);
    } else {
      lua.lua_createtable(L, 0, Object.keys(methods).length);
      for (const [k, f] of Object.entries(methods)) {
        lua.lua_pushcfunction(L, f);
        lua.lua_setfield(L, -2, toLuaString(k));
      }
    }
    lua.lua_setfield(L, -2, toLuaString('__index'));
    lua.lua_pushcfunction(L, (L: LuaState) => { pushJsString(L, tostring); return 1; });
    lua.lua_setfield(L, -2, toLuaString('__tostring'));
    lua.lua_pop(L, 1);
  };

  metatable(MT_DRIVER, driverMethods, '<sql_driver>');
  metatable(MT_CONNECTION, connectionMethods, '<sql_connection>');
  metatable(MT_STATEMENT, statementMethods, '<sql_statement>');
  metatable(MT_PARAM, paramMethods, '<sql_param>');
  const resultNatives = new Map(Object.entries(resultMethods));
  metatable(MT_RESULT, resultMethods, '<sql_result>', (L) => {
    // rs.nrows / rs.nfields are fields; everything else is a method
    const rs = obj<SqlResult>(L, 1);
    const key = bytesToString(luaBytes(L, 2));
    if (key === 'nrows') lua.lua_pushinteger(L, rs.nrows);
    else if (key === 'nfields') lua.lua_pushinteger(L, rs.nfields);
    else {
      const f = resultNatives.get(key);
      if (f) lua.lua_pushcfunction(L, f);
      else lua.lua_pushnil(L);
    }
    return 1;
  });

  // type(): "cdata" for the SQL objects, as under LuaJIT (inspect.lua prints them by tostring)
  lua.lua_pushcfunction(L, (L: LuaState) => {
    lauxlib.luaL_checkany(L, 1);
    const t = lua.lua_type(L, 1);
    if (t === lua.LUA_TUSERDATA) {
      const o = lua.lua_touserdata(L, 1)?.obj;
      if (o !== undefined && CDATA.has(o)) { lua.lua_pushstring(L, CDATA_NAME); return 1; }
    }
    lua.lua_pushstring(L, lua.lua_typename(L, t));
    return 1;
  });
  lua.lua_setglobal(L, toLuaString('type'));

  lua.lua_getglobal(L, toLuaString('sysbench'));
  lua.lua_createtable(L, 0, 4);
  lua.lua_pushcfunction(L, newDriver);
  lua.lua_setfield(L, -2, toLuaString('driver'));
  lua.lua_setfield(L, -2, toLuaString('sql'));
  lua.lua_pop(L, 1);

  onCloseState(L, (done: () => void) => {
    const open = [...connections];
    connections.clear();
    let left = open.length;
    if (left === 0) return done();
    for (const sc of open) {
      const con = sc.con;
      sc.con = null;
      if (con) con.close(() => { if (--left === 0) done(); });
      else if (--left === 0) done();
    }
  });
}
