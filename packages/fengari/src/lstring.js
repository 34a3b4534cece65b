"use strict";

const {
    is_luastring,
    luastring_eq,
    luastring_from,
    to_luastring
} = require('./defs.js');
const { lua_assert } = require("./llimits.js");

class TString {

    constructor(L, str) {
        this.hash = null;
        this.realstring = str;
    }

    getstr() {
        return this.realstring;
    }

    tsslen() {
        return this.realstring.length;
    }

}

const luaS_eqlngstr = function(a, b) {
    lua_assert(a instanceof TString);
    lua_assert(b instanceof TString);
    return a == b || luastring_eq(a.realstring, b.realstring);
};

/* converts strings (arrays) to a consistent map key
   make sure this doesn't conflict with any of the anti-collision strategies in ltable */
const luaS_hash = function(str) {
    lua_assert(is_luastring(str));
    /* one char per byte: fast, and unlike unpadded hex it cannot collide */
    let len = str.length;
    if (len <= 8192)
        return "|" + String.fromCharCode.apply(null, str);
    let s = "|";
    for (let i=0; i<len; i+=8192)
        s += String.fromCharCode.apply(null, str.subarray(i, Math.min(len, i + 8192)));
    return s;
};

const luaS_hashlongstr = function(ts) {
    lua_assert(ts instanceof TString);
    if(ts.hash === null) {
        ts.hash = luaS_hash(ts.getstr());
    }
    return ts.hash;
};

/* variant that takes ownership of array */
const luaS_bless = function(L, str) {
    lua_assert(str instanceof Uint8Array);
    return new TString(L, str);
};

/* makes a copy */
const luaS_new = function(L, str) {
    return luaS_bless(L, luastring_from(str));
};

/* Keys given through the API (lua_getfield, lua_setfield, globals) are interned, as Lua
   interns its short strings: every state of the isolate shares one TString per short key,
   with its hash computed once, instead of a copy, a TString and a hash per call. Strings
   compare by content, so sharing is invisible to scripts; the table is bounded (it starts
   afresh when full). */
const LUAI_MAXSHORTLEN = 40;
const KEYS_MAX = 1 << 14;
let keys = new Map();
const luaS_newkey = function(L, str) {
    if (str.length > LUAI_MAXSHORTLEN)
        return luaS_new(L, str);
    let h = luaS_hash(str);
    let ts = keys.get(h);
    if (ts === undefined) {
        ts = new TString(L, luastring_from(str));
        ts.hash = h;
        if (keys.size >= KEYS_MAX) keys = new Map();
        keys.set(h, ts);
    }
    return ts;
};

/* a key given as a JavaScript string: found without encoding or hashing it */
let jskeys = new Map();
const luaS_newjskey = function(L, str) {
    let ts = jskeys.get(str);
    if (ts === undefined) {
        ts = luaS_newkey(L, to_luastring(str));
        if (jskeys.size >= KEYS_MAX) jskeys = new Map();
        jskeys.set(str, ts);
    }
    return ts;
};

/* takes a js string */
const luaS_newliteral = function(L, str) {
    return luaS_bless(L, to_luastring(str));
};

module.exports.luaS_eqlngstr    = luaS_eqlngstr;
module.exports.luaS_hash        = luaS_hash;
module.exports.luaS_hashlongstr = luaS_hashlongstr;
module.exports.luaS_bless       = luaS_bless;
module.exports.luaS_new         = luaS_new;
module.exports.luaS_newkey      = luaS_newkey;
module.exports.luaS_newjskey    = luaS_newjskey;
module.exports.luaS_newliteral  = luaS_newliteral;
module.exports.TString          = TString;
