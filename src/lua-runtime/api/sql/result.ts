// sql_result: the one result set a connection holds (sysbench's con->rs), rs.nrows,
// rs.nfields, rs:fetch_row() and rs:free().
import { lua, toLuaString, type LuaState, type LuaNative } from '../../fengari.js';
import type { DbResult } from '../../../drivers/driver.js';
import { stateOf } from '../../context.js';
import { bytesToString, luaBytes, pushJsString } from '../../strings.js';
import { defineMetatable, objectAt } from '../../userdata.js';
import { badSelf, CTYPE } from './misuse.js';

export const MT_RESULT = toLuaString('sysbench.sql.result');

export class SqlResult {
  static readonly ctype = CTYPE.result;
  r: DbResult | null = null;
  nrows = 0;
  nfields = 0;
  next = 0;
  /** the connection still holds this result set (sysbench's DB_CONN_RESULT_SET) */
  valid = false;

  /** Takes `r` as the connection's result set, no row fetched yet. */
  hold(r: DbResult): void {
    this.valid = true;
    this.r = r;
    this.nrows = r.nrows;
    this.nfields = r.nfields;
    this.next = 0;
  }
}

/** A column value as Lua sees it: a string, or nil for NULL. */
export function pushCell(L: LuaState, v: unknown): void {
  if (v === null || v === undefined) lua.lua_pushnil(L);
  else if (Buffer.isBuffer(v)) lua.lua_pushstring(L, new Uint8Array(v));
  else pushJsString(L, typeof v === 'string' ? v : String(v));
}

const methods: Record<string, LuaNative> = {
  fetch_row: (L) => {
    const rs = objectAt(L, 1);
    if (!(rs instanceof SqlResult)) return badSelf(L, 460, 'db_fetch_row', CTYPE.result);
    if (!rs.valid) {
      stateOf(L).host.log.alert('attempt to fetch row from an invalid result set');
      lua.lua_pushnil(L);
      return 1;
    }
    if (rs.nrows === 0 || rs.nfields === 0) {
      stateOf(L).host.log.alert('attempt to fetch row from an empty result set');
      lua.lua_pushnil(L);
      return 1;
    }
    const row = rs.r === null ? null : rs.r.row(rs.next);
    if (row === null) {
      lua.lua_pushnil(L);
      return 1;
    }
    rs.next++;
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
    const rs = objectAt(L, 1);
    if (!(rs instanceof SqlResult)) return badSelf(L, 477, 'db_free_results', CTYPE.result);
    if (!rs.valid) {
      stateOf(L).host.log.alert('attempt to free an invalid result set');
      pushJsString(L, 'db_free_results() failed');
      return lua.lua_error(L);
    }
    rs.valid = false;
    rs.r = null;
    lua.lua_pushboolean(L, true);
    return 1;
  },
};
const natives = new Map(Object.entries(methods));

// rs.nrows / rs.nfields are fields; everything else is a method
const index: LuaNative = (L) => {
  const rs = objectAt(L, 1) as SqlResult;
  const key = bytesToString(luaBytes(L, 2));
  if (key === 'nrows') lua.lua_pushinteger(L, rs.nrows);
  else if (key === 'nfields') lua.lua_pushinteger(L, rs.nfields);
  else {
    const f = natives.get(key);
    if (f) lua.lua_pushcfunction(L, f);
    else lua.lua_pushnil(L);
  }
  return 1;
};

export function registerResult(L: LuaState): void {
  defineMetatable(L, MT_RESULT, { tostring: '<sql_result>', index });
}
