-- LuaJIT / Lua 5.1 dialect on top of fengari's Lua 5.3, for scripts written for sysbench.
-- Loaded first into every Lua state.

unpack = unpack or table.unpack
loadstring = loadstring or function(s, chunkname) return load(s, chunkname) end
table.getn = table.getn or function(t) return #t end
table.maxn = table.maxn or function(t)
  local n = 0
  for k in pairs(t) do
    if type(k) == "number" and k > n then n = k end
  end
  return n
end
-- math is LuaJIT's (src/lua/api/luajit-math.ts)
string.gfind = string.gfind or string.gmatch

-- newproxy(true) gives a userdata with its own metatable (used for __gc tricks)
newproxy = newproxy or __sb_newproxy

-- string.format with LuaJIT's number semantics is a native (src/lua/api/string-format.ts)
