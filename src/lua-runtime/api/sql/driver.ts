// sql_driver: sysbench.sql.driver([name]), drv:connect() and drv:name().
import { lua, lauxlib, toLuaString, type LuaState, type LuaNative } from '../../fengari.js';
import type { DbDriver } from '../../../drivers/driver.js';
import { raiseAt } from '../../raise.js';
import { bytesToString, luaBytes, pushJsString } from '../../strings.js';
import { defineMetatable, objectAt, pushObject } from '../../userdata.js';
import type { ConnectOutcome } from '../../sql/session.js';
import { stateOf } from '../../context.js';
import { badSelf, CTYPE, driverNameSelf } from './misuse.js';
import { Connection, MT_CONNECTION } from './outcomes.js';
import { MT_RESULT } from './result.js';

const MT_DRIVER = toLuaString('sysbench.sql.driver');

class Driver {
  static readonly ctype = CTYPE.driver;
  constructor(readonly driver: DbDriver) {}
}

const connected: ConnectOutcome = {
  connected: (L, driver, con) => {
    const c = new Connection(driver, con);
    pushObject(L, c.result, MT_RESULT, true);
    c.resultRef = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    pushObject(L, c, MT_CONNECTION, true);
    lua.lua_pushvalue(L, -1);
    c.ref = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    stateOf(L).sql.adopt(c);
    return 1;
  },
  failed: (L) => raiseAt(L, 'connection creation failed'),
};

const methods: Record<string, LuaNative> = {
  connect: (L) => {
    const d = objectAt(L, 1);
    if (!(d instanceof Driver)) return badSelf(L, 193, 'db_connection_create', CTYPE.driver);
    return stateOf(L).sql.connect(L, d.driver, connected, null);
  },
  name: (L) => {
    const d = objectAt(L, 1);
    if (!(d instanceof Driver)) return driverNameSelf(L);
    pushJsString(L, d.driver.name);
    return 1;
  },
};

/** sysbench.sql.driver([name]) */
export const newDriver: LuaNative = (L) => {
  const name = lua.lua_isnoneornil(L, 1) ? null : bytesToString(luaBytes(L, 1));
  const { host } = stateOf(L);
  const drv = host.createDriver(name);
  if (typeof drv === 'string') {
    host.log.fatal(drv);
    return raiseAt(L, 'failed to initialize the DB driver');
  }
  pushObject(L, new Driver(drv), MT_DRIVER, true);
  return 1;
};

/** Registers the driver type. */
export function registerDriver(L: LuaState): void {
  defineMetatable(L, MT_DRIVER, { methods, tostring: '<sql_driver>' });
}
