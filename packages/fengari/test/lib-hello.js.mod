const lua      = require('../src/lua.js');

module.exports = {
    "hello": function(L) {
        lua.lua_pushliteral(L, "hello from js lib");
        return 1;
    }
};
