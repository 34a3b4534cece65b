"use strict";

// Upstream tests that test what this VM does differently on purpose (README.md, "How this VM
// differs"), by file (relative to test/) and test name, each with why it fails here. They run as
// test.fails (vitest-setup.mjs): each must fail; one that passes means the list is out of date.
// Where a file has several tests of one name and not all fail, { occurrences: [n, ...], reason }
// names the ones that do (counted from 1).
// "LuaJIT grammar": sysbench 1.0 runs scripts on LuaJIT 2.1, which has no bitwise operators
// (& | ~ << >>) and no integer division (//); "LuaJIT numbers": every number is a double
// (integers do not wrap at 32 or 64 bits, integral numerals such as 1.0 are integers).
module.exports = {
  "ldebug.test.js": {
    "luaG_typeerror":
      "LuaJIT error wording (`luaG_typeerror`): message is \"attempt to get length of local 'a' (a boolean value)\" / \"attempt to index local 'a' (a boolean value)\", test expects 5.3's \"... a boolean value (local 'a')\" (all 4 same-named tests)",
    "luaG_tointerror":
      "no bitwise operators / no `//` (LuaJIT grammar): `return 123.5 & 12` (chunk line 2) fails to load (\"'<eof>' expected near '&'\"), so luaL_loadstring returns LUA_ERRSYNTAX (3) instead of LUA_OK",
  },
  "lexparse.test.js": {
    "Binary op":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 3 uses `a // b, a & b, a | b, a ~ b, a << b, a >> b`; lua_load fails and lua_call then calls the error string",
    "Unary op, LOADBOOL":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 3 uses unary `~a`; lua_load fails and lua_call then calls the error string",
  },
  "ltm.test.js": {
    "binary __xxx functions in metatable":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 64 `t // 1` (then `t & 1`, `t | 1`, `t ~ 1`, `t << 1`, `t >> 1`); luaL_loadstring returns LUA_ERRSYNTAX (3)",
    "__unm, __bnot":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 16 `return -t, ~t`; luaL_loadstring returns LUA_ERRSYNTAX (3)",
  },
  "lvm.test.js": {
    "Binary op":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 4 `a // b, a & b, ... a >> b`; luaL_loadstring returns LUA_ERRSYNTAX (3)",
    "Unary op, LOADBOOL":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 4 `~a`; luaL_loadstring returns LUA_ERRSYNTAX (3)",
  },
  "test-suite/api.test.js": {
    "[test-suite] api: errors in arithmetic":
      "LuaJIT numbers: `T.testC(\"arith \\\\\", 10, 0)` (lua_arith integer `//` by 0) gives inf and `arith %` by 0 gives nan, with no error, so `checkerr` assert at chunk line 13 fails (the unprotected error reaches ltests' `tpanic`, which calls process.exit(1))",
  },
  "test-suite/attrib.test.js": {
    "[test-suite] attrib: test of large float/integer indices ":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 34 `maxint = maxint // 2`",
  },
  "test-suite/bitwise.test.js": {
    "[test-suite] bitwise: testing bitwise operations":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 9 `return ~a & 0xFFFFFFFF`",
    "[test-suite] bitwise: testing bitwise library":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 9 `return ~a & 0xFFFFFFFF`",
    "[test-suite] bitwise: out-of-range numbers":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 9 `return ~a & 0xFFFFFFFF`",
    "[test-suite] bitwise: some special cases":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 9 `return ~a & 0xFFFFFFFF`",
    "[test-suite] bitwise: for this test, use at most 24 bits (mantissa of a single float)":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 9 `return ~a & 0xFFFFFFFF`",
    "[test-suite] bitwise: testing extract/replace":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 9 `return ~a & 0xFFFFFFFF`",
    "[test-suite] bitwise: testing conversion of floats":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 9 `return ~a & 0xFFFFFFFF`",
    "[test-suite] bitwise: large floats and large-enough integers?":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 9 `return ~a & 0xFFFFFFFF`",
  },
  "test-suite/code.test.js": {
    "[test-suite] code: testing reuse in constant table":
      "LuaJIT numerals (lj_strscan): `0.0` and `3.0` get the integer subtype, so they share the constants `0` and `3`; `T.listk(foo)` has 5 constants, not 7 (assert `#k == #list`, chunk line 4; the unprotected error reaches `tpanic` -> process.exit(1))",
    "[test-suite] code: constant folding":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 31 `return -0//1`",
    "[test-suite] code: no folding":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 26 `return -4//0`",
  },
  "test-suite/constructs.test.js": {
    "[test-suite] constructs: invalid operations should not raise errors when not executed":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 6 `a = 3 // 0`",
    "[test-suite] constructs: testing priorities":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 16 `\"7\" .. 3 << 1`",
  },
  "test-suite/coroutine.test.js": {
    "[test-suite] coroutine: testing yields inside metamethods":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 10 `__bnot = ... return ~a.x end` (also `<<`, `>>`, `&`, `|`, `~` on lines 11-20). With these neutralised the chunk passes (checked: yields in metamethods work)",
    "[test-suite] coroutine: getuptable & setuptable":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 10 `__bnot = ... return ~a.x end` (also `<<`, `>>`, `&`, `|`, `~` on lines 11-20). With these neutralised the chunk passes (checked: yields in metamethods work)",
    "[test-suite] coroutine: testing yields inside 'for' iterators":
      "no bitwise operators / no `//` (LuaJIT grammar): the shared prefix, chunk line 10 `__bnot = ... return ~a.x end` (also `<<`, `>>`, `&`, `|`, `~` on lines 11-20). With these neutralised the chunk passes (checked: yields in metamethods work)",
    "[test-suite] coroutine: testing yields inside hooks":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 28 `assert(B // A == 7)`. Without that line the chunk passes (checked)",
  },
  "test-suite/db.test.js": {
    "[test-suite] db: line hook":
      "LuaJIT `for` loops: OP_FORPREP falls into the body, so there is no backward jump before the first iteration; `for i=1,4 do a=1 end` gets 4 line events, not 5 (sysbench's LuaJIT also gives 4), so `#l == 0` fails at chunk line 14",
    "[test-suite] db: test tagmethod information":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 22 `a&3 == \"__band\"` (then `|`, `~`, `<<`, `>>`, `//`)",
  },
  "test-suite/errors.test.js": {
    "[test-suite] errors: test common errors/errors that crashed in the past":
      "LuaJIT error wording: tokens are always quoted; message ends `near '<eof>'`, test's checksyntax pattern expects an unquoted `near <eof>` (chunk line 33)",
    "[test-suite] errors: tests for better error messages":
      "no bitwise operators / no `//` (LuaJIT grammar): first failing check is `a = {} | 1` (expects \"bitwise operation\", gets \"unexpected symbol near '|'\"); next one is LuaJIT wording (`#print` -> \"attempt to get length of global 'print' (a function value)\")",
    "[test-suite] errors: float->integer conversions":
      "no bitwise operators / no `//` (LuaJIT grammar): first failing check is `local a = 1 >> 2.0^100` (syntax error instead of \"has no integer representation\"); later `string.sub('a', 2.0^100)`/`string.rep('a', 3.3)` no longer raise (lua_tointegerx truncates), and `1 % 0` gives nan",
    "[test-suite] errors: named objects (field '__name')":
      "LuaJIT error wording: `return XX + 1` gives \"attempt to perform arithmetic on global 'XX' (a My Type value)\", test expects \"on a My Type value\" (then `~io.stdin` is a syntax error)",
    "[test-suite] errors: __index":
      "argument errors do not look up the function's global name (LuaJIT): `table.sort({1,2,3}, table.sort)` says \"bad argument #1 to '?'\", test expects 'table.sort' (also 'setmetatable')",
    "[test-suite] errors: testing tokens in error messages":
      "no bitwise operators / no `//` (LuaJIT grammar): `while << do end` is expected to report `near '<<'`; `<<` is no longer a token, so the message says `near '<'` (same for `>>` in `for >> do end`)",
  },
  "test-suite/events.test.js": {
    "[test-suite] events: testing metatable":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 146 `a // (1/0)` (also `&`, `|`, `~`, `<<`, `>>` below)",
  },
  "test-suite/locals.test.js": {
    "[test-suite] locals: old test for limits for special instructions (now just a generic test)":
      "LuaJIT numbers: the loop `p = 2*p ... until p <= 0` relies on 32-bit wraparound; p instead grows as a float, and at 2^47 `string.format('%s', p-j)` prints with %.14g (`1.4073748835533e+14`), so the loaded chunk `[string \"\"]`'s assert at line 3 fails",
  },
  "test-suite/math.test.js": {
    "[test-suite] math: int bits":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 47 `1 << (intbits - 1)`",
    "[test-suite] math: number of bits in the mantissa of a floating-point number":
      "LuaJIT numerals: `0.0` has the integer subtype, so `math.type(0.0) == \"float\"` fails (chunk line 59)",
    "[test-suite] math: basic float notation":
      "LuaJIT numerals: `eqT(b, 0.0)` compares the float that `math.modf(3)` returns with the numeral `0.0`, which is now an integer (chunk line 82)",
    "[test-suite] math: integer arithmetic":
      "LuaJIT numbers, no wraparound: `0 - minint` is 2147483648 (a float), not minint (chunk line 49; also `minint*minint`, `maxint^3`)",
    "[test-suite] math: testing floor division and conversions":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 53 `i//j`",
    "[test-suite] math: comparison between floats and integers (border cases)":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 48 `1 << floatbits`",
    "[test-suite] math: order between floats and integers":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 47 `1 << (intbits - 1)`",
    "[test-suite] math: avoiding errors at compile time":
      "no bitwise operators / no `//` (LuaJIT grammar): `load(\"return 2 // 0\")` returns nil, and `assert(load(code))` at chunk line 44 raises",
    "[test-suite] math: testing overflow errors when converting from float to integer (runtime)":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 47 `return x | x`",
    "[test-suite] math: Literal integer Overflows (new behavior in 5.3.3)":
      "LuaJIT numerals: hex numerals are exact doubles; `tonumber(\"0x1\"..(\"0\"):rep(30))` is 2^120, not a wrapped 0 (chunk line 71)",
    "[test-suite] math: 'tonumber' with strings":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 62 `(1 << (4*12)) - 1`",
    "[test-suite] math: testing 'tonumber' for invalid formats":
      "LuaJIT numerals (lj_strscan): `tonumber('inf')`, `' INF '` and `'nan'` are numbers (as in sysbench's LuaJIT); test expects nil (chunk line 63)",
    "[test-suite] math: testing hexadecimal numerals":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 49 `(1 << 32) - 1`",
    "[test-suite] math: non-portable tests because Windows C library cannot compute fmod(1, huge) correctly":
      "LuaJIT modulo `a - floor(a/b)*b`: `1 % math.huge` is nan (as on LuaJIT), not 1 (chunk line 54)",
    "[test-suite] math: testing floor & ceil":
      "lua_tointegerx as LuaJIT's C functions read integers: `math.tointeger(0.0 - minint)` (2^31, out of range) gives -2^31 instead of nil (chunk line 75; also math.pi -> 3, huge -> -2^31)",
    "[test-suite] math: testing fmod for integers":
      "LuaJIT numerals: in `math.fmod(i + 0.0, j)` the numeral `0.0` is an integer, so `mf` is an integer, not a float (chunk line 53)",
    "[test-suite] math: test random for large intervals":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 65 `(p2 - p1) // 8`",
    "[test-suite] math: interval too large":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 49 `minint // 2`",
  },
  "test-suite/nextvar.test.js": {
    "[test-suite] nextvar: checking types":
      "LuaJIT numerals: `for i = 1.0, 10` has an integer initial value (`1.0` is an integer), so it is an integer loop; `checkfloat` fails (chunk line 10, called from line 14; the rest of the chunk passes)",
  },
  "test-suite/sort.test.js": {
    // the file has three tests of this name: the second fails
    "[test-suite] sort: testing unpack": { occurrences: [2], reason:
      "no bitwise operators / no `//` (LuaJIT grammar): second test of that name, chunk line 26 `(1 << 31) - 1`" },
  },
  "test-suite/strings.test.js": {
    "[test-suite] strings: string.byte/string.char":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 38 `(1 << 30)`",
    "[test-suite] strings: repetitions with separator":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 13 `maxi // 2`",
    "[test-suite] strings: tostring":
      "lua_tointegerx: out-of-range becomes -2^31, so `math.tointeger(4611686018427387904)` is truthy and the 64-bit branch runs; `tostring(2^62)` prints %.14g `4.6116860184274e+18` (chunk line 24)",
    "[test-suite] strings: %q":
      "LuaJIT hex numerals: `%q` writes math.mininteger as `0x80000000`, which now reads back as the float 2147483648, not a wrapped -2^31 (chunk line 13, from `checkQ(math.mininteger)`)",
    "[test-suite] strings: longest number that can be formatted":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 13 `(i + j) // 2`",
    "[test-suite] strings: large numbers for format":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 21 `(2^52 | 0)`",
  },
  "test-suite/tpack.test.js": {
    // the file has four tests of this name: the second passes
    "[test-suite] tpack: minimum behavior for integer formats": { occurrences: [1, 3, 4], reason:
      "LuaJIT numbers: `0xffffffff` is 4294967295 (a float), not -1; `pack(\"L\", ...)` reads it with lua_tointegerx, where out of range gives -2^31, so the round trip differs (chunk line 33) / LuaJIT numbers: `0x13121110090807060504030201` is an exact double (1.51e30), not wrapped to 32 bits; `pack(\"<j\", lnum)` truncates it to -2^31, so `unpack(...) == lnum` fails (chunk line 28) / no bitwise operators / no `//` (LuaJIT grammar): chunk line 28 `lnum & (~(-1 << (i * 8)))`" },
    "[test-suite] tpack: overflow in packing":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 26 `(1 << (i * 8)) - 1`",
    "[test-suite] tpack: testing initial position":
      "no bitwise operators / no `//` (LuaJIT grammar): chunk line 29 `pos//4`",
  },
};
