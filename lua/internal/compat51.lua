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

-- LuaJIT numbers are doubles: string.format("%d", 2.7) truncates instead of raising, and
-- integers beyond 32 bits (fengari's integer width) still format.
do
  local raw_format = string.format
  local floor, ceil, type = math.floor, math.ceil, type
  local int_conv = { d = true, i = true, u = true, x = true, X = true, o = true, c = true }
  local cache = {}

  -- positions (1-based argument indexes) of integer conversions in a format string
  local function int_positions(fmt)
    local pos = cache[fmt]
    if pos then return pos end
    pos = {}
    local argn = 0
    for flags, conv in fmt:gmatch("%%([-+ #0]*%d*%.?%d*)([%a%%])") do
      if conv ~= "%" then
        argn = argn + 1
        if int_conv[conv] then pos[#pos + 1] = argn end
      end
    end
    cache[fmt] = pos
    return pos
  end

  local function trunc(v)
    if v >= 0 then return floor(v) else return ceil(v) end
  end

  string.format = function(fmt, ...)
    local pos = int_positions(fmt)
    if #pos == 0 then return raw_format(fmt, ...) end
    local args = table.pack(...)
    for i = 1, #pos do
      local k = pos[i]
      local v = args[k]
      if type(v) == "string" then v = tonumber(v) or v end
      if type(v) == "number" and math.type(v) == "float" then
        v = trunc(v)
        -- beyond fengari's 32-bit integers: let the host print it
        if math.type(v) ~= "integer" then v = raw_format("%.0f", v) end
      end
      args[k] = v
    end
    local wide = false
    for i = 1, #pos do
      if type(args[pos[i]]) == "string" then wide = true end
    end
    if wide then
      -- a value past 32 bits became decimal text: print it through %s at that position
      local argn = 0
      fmt = fmt:gsub("%%([-+ #0]*%d*%.?%d*)([%a%%])", function(flags, conv)
        if conv == "%" then return nil end
        argn = argn + 1
        if int_conv[conv] and type(args[argn]) == "string" then
          local f = flags:gsub("%.%d*", ""):gsub("^([-+ #]*)0+", "%1")
          return "%" .. f .. "s"
        end
        return nil
      end)
    end
    return raw_format(fmt, table.unpack(args, 1, args.n))
  end
end
