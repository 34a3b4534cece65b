// sql_connection: con:query(), con:query_row(), con:prepare(), the bulk-insert calls,
// con:disconnect() and con:reconnect() (how a failed statement reaches Lua: outcomes.ts).
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../../fengari.js';
import { raiseAt } from '../../raise.js';
import { bytesToString } from '../../strings.js';
import { defineMetatable, objectAt } from '../../userdata.js';
import type { StatementOutcome } from '../../sql/session.js';
import type { BulkApi } from '../../sql/bulk.js';
import { stateOf } from '../../context.js';
import { badSelf, connectionText, CTYPE, queryRowSelf } from './misuse.js';
import { Connection, MT_CONNECTION, queryOutcome, queryRowOutcome, raiseApiError } from './outcomes.js';
import { prepareStatement } from './statement.js';

export { Connection, MT_CONNECTION } from './outcomes.js';

const BULK: BulkApi = { results: 1, doneRaises: true };

/** The connection of a method that needs an open one (sysbench checks it in C). */
const live = (L: LuaState, c: Connection): Connection => {
  if (c.con === null) lauxlib.luaL_error(L, toLuaString('attempt to use an already closed connection'));
  return c;
};

const textArg = (L: LuaState): string => bytesToString(lua.lua_tolstring(L, 2));

const query = (L: LuaState, outcome: StatementOutcome): number => {
  const c = objectAt(L, 1);
  if (!(c instanceof Connection) || lua.lua_type(L, 2) !== lua.LUA_TSTRING) {
    return connectionText(L, 269, 'db_query', 'query', c instanceof Connection);
  }
  if (c.con === null) {
    stateOf(L).host.log.alert('attempt to use an already closed connection');
    return raiseApiError(L);
  }
  return stateOf(L).sql.query(L, c, textArg(L), outcome);
};

const pushTrue = (L: LuaState): number => {
  lua.lua_pushboolean(L, true);
  return 1;
};

const methods: Record<string, LuaNative> = {
  query: (L) => query(L, queryOutcome),
  query_row: (L) => {
    if (!(objectAt(L, 1) instanceof Connection)) return queryRowSelf(L);
    return query(L, queryRowOutcome);
  },
  prepare: (L) => {
    const c = objectAt(L, 1);
    if (!(c instanceof Connection) || lua.lua_type(L, 2) !== lua.LUA_TSTRING) {
      return connectionText(L, 289, 'db_prepare', 'query', c instanceof Connection);
    }
    return prepareStatement(L, live(L, c), textArg(L));
  },
  bulk_insert_init: (L) => {
    const c = objectAt(L, 1);
    if (!(c instanceof Connection) || lua.lua_type(L, 2) !== lua.LUA_TSTRING) {
      return connectionText(L, 274, 'db_bulk_insert_init', 'query', c instanceof Connection);
    }
    return stateOf(L).sql.bulk.init(L, BULK, live(L, c), lua.lua_tolstring(L, 2));
  },
  bulk_insert_next: (L) => {
    const c = objectAt(L, 1);
    if (!(c instanceof Connection) || lua.lua_type(L, 2) !== lua.LUA_TSTRING) {
      return connectionText(L, 279, 'db_bulk_insert_next', 'val', c instanceof Connection);
    }
    return stateOf(L).sql.bulk.next(L, BULK, live(L, c), lua.lua_tolstring(L, 2));
  },
  bulk_insert_done: (L) => {
    const c = objectAt(L, 1);
    if (!(c instanceof Connection)) return badSelf(L, 284, 'db_bulk_insert_done', CTYPE.connection);
    return stateOf(L).sql.bulk.done(L, BULK, live(L, c));
  },
  disconnect: (L) => {
    const c = objectAt(L, 1);
    if (!(c instanceof Connection)) return badSelf(L, 216, 'db_connection_close', CTYPE.connection);
    if (c.con === null) {
      stateOf(L).host.log.alert('attempt to close an already closed connection');
      return pushTrue(L);
    }
    c.result.valid = false;
    return stateOf(L).sql.disconnect(L, c, pushTrue);
  },
  reconnect: (L) => {
    const c = objectAt(L, 1);
    if (!(c instanceof Connection)) return badSelf(L, 220, 'db_connection_reconnect', CTYPE.connection);
    live(L, c);
    if (c.driver.canReconnect === false) {
      stateOf(L).host.log.alert('reconnect is not supported by the current driver');
      return pushTrue(L);
    }
    return stateOf(L).sql.reconnect(L, c, afterReconnect);
  },
};

const afterReconnect = (L: LuaState, ok: boolean): number => (ok ? pushTrue(L) : raiseAt(L, 'assertion failed!'));

export function registerConnection(L: LuaState): void {
  defineMetatable(L, MT_CONNECTION, { methods, tostring: '<sql_connection>' });
}
