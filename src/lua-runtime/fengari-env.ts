// fengari reads its configuration from the environment when it is first loaded. sysbench
// scripts are written for LuaJIT, where 10/2 prints "5", not "5.0".
process.env.FENGARICONF = JSON.stringify({ LUA_COMPAT_FLOATSTRING: true });
