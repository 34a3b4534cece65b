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
math.pow = math.pow or function(x, y) return x ^ y end
math.mod = math.mod or math.fmod
math.ldexp = math.ldexp or function(m, e) return m * 2.0 ^ e end
math.frexp = math.frexp or function(x)
  if x == 0 then return 0.0, 0 end
  local e = math.floor(math.log(math.abs(x), 2)) + 1
  local m = x / 2.0 ^ e
  if math.abs(m) >= 1 then m = m / 2; e = e + 1 end
  return m, e
end
string.gfind = string.gfind or string.gmatch

-- newproxy(true) gives a userdata with its own metatable (used for __gc tricks)
newproxy = newproxy or __sb_newproxy

-- string.format with LuaJIT's number semantics is a native (src/lua/api/string-format.ts)
