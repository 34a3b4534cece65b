// sql_driver: sysbench.sql.driver([name]), drv:connect() and drv:name().
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../../fengari.js';
import type { DbDriver } from '../../../drivers/driver.js';
import { raiseAt } from '../../raise.js';
import { bytesToString, luaBytes, pushJsString } from '../../strings.js';
import { defineMetatable, objectAt, pushObject } from '../../userdata.js';
import type { ConnectOutcome, SqlSession } from '../../sql/session.js';
import { badSelf, CTYPE, driverNameSelf } from './misuse.js';
import { Connection, MT_CONNECTION } from './connection.js';
import { MT_RESULT } from './result.js';

const MT_DRIVER = toLuaString('sysbench.sql.driver');

class Driver {
  static readonly ctype = CTYPE.driver;
  constructor(readonly driver: DbDriver) {}
}

/** Registers the driver type; returns sysbench.sql.driver(). */
export function registerDriver(L: LuaState, session: SqlSession): LuaNative {
  const { host } = session;

  const connected: ConnectOutcome = {
    connected: (L, driver, con) => {
      const c = new Connection(driver, con);
      pushObject(L, c.result, MT_RESULT, true);
      c.resultRef = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
      pushObject(L, c, MT_CONNECTION, true);
      lua.lua_pushvalue(L, -1);
      c.ref = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
      session.adopt(c);
      return 1;
    },
    failed: (L) => raiseAt(L, 'connection creation failed'),
  };

  const methods: Record<string, LuaNative> = {
    connect: (L) => {
      const d = objectAt(L, 1);
      if (!(d instanceof Driver)) return badSelf(L, 193, 'db_connection_create', CTYPE.driver);
      return session.connect(L, d.driver, connected, null);
    },
    name: (L) => {
      const d = objectAt(L, 1);
      if (!(d instanceof Driver)) return driverNameSelf(L);
      pushJsString(L, d.driver.name);
      return 1;
    },
  };
  defineMetatable(L, MT_DRIVER, { methods, tostring: '<sql_driver>' });

  return (L) => {
    const name = lua.lua_isnoneornil(L, 1) ? null : bytesToString(luaBytes(L, 1));
    const drv = host.createDriver(name);
    if (typeof drv === 'string') {
      host.log.fatal(drv);
      return raiseAt(L, 'failed to initialize the DB driver');
    }
    pushObject(L, new Driver(drv), MT_DRIVER, true);
    return 1;
  };
}
