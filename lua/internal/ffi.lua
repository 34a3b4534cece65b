-- A stand-in for LuaJIT's ffi module, covering what sysbench scripts do with it:
-- declaring sysbench's own functions and enums, calling a few of them, and plain char buffers.
local ffi = {}

local constants = {
  -- sb_counter_type
  SB_CNT_OTHER = 0, SB_CNT_READ = 1, SB_CNT_WRITE = 2, SB_CNT_TRX = 3,
  SB_CNT_ERROR = 4, SB_CNT_RECONNECT = 5, SB_CNT_MAX = 6,
  -- option types
  SB_ARG_TYPE_NULL = 0, SB_ARG_TYPE_BOOL = 1, SB_ARG_TYPE_INT = 2, SB_ARG_TYPE_SIZE = 3,
  SB_ARG_TYPE_DOUBLE = 4, SB_ARG_TYPE_STRING = 5, SB_ARG_TYPE_LIST = 6, SB_ARG_TYPE_FILE = 7,
  SB_ARG_TYPE_MAX = 8,
  -- SQL errors and bind types
  DB_ERROR_NONE = 0, DB_ERROR_IGNORABLE = 1, DB_ERROR_FATAL = 2,
  SQL_TYPE_NONE = 0, SQL_TYPE_TINYINT = 1, SQL_TYPE_SMALLINT = 2, SQL_TYPE_INT = 3,
  SQL_TYPE_BIGINT = 4, SQL_TYPE_FLOAT = 5, SQL_TYPE_DOUBLE = 6, SQL_TYPE_TIME = 7,
  SQL_TYPE_DATE = 8, SQL_TYPE_DATETIME = 9, SQL_TYPE_TIMESTAMP = 10, SQL_TYPE_CHAR = 11,
  SQL_TYPE_VARCHAR = 12,
}

-- C functions a script may call through ffi.C
local functions = {
  sb_counter_inc = function(tid, counter) return __sb_counter_inc(counter) end,
  usleep = function(usec) return __sb_usleep(usec) end,
  sleep = function(sec) return __sb_usleep(sec * 1000000) end,
  sb_rand_uniform = function(a, b) return sysbench.rand.uniform(a, b) end,
  sb_rand_default = function(a, b) return sysbench.rand.default(a, b) end,
  sb_rand_gaussian = function(a, b) return sysbench.rand.gaussian(a, b) end,
  sb_rand_special = function(a, b) return sysbench.rand.special(a, b) end,
  sb_rand_pareto = function(a, b) return sysbench.rand.pareto(a, b) end,
  sb_rand_unique = function() return sysbench.rand.unique() end,
  sb_rand_uniform_uint64 = function() return sysbench.rand.uniform_uint64() end,
  sb_rand_uniform_double = function() return sysbench.rand.uniform_double() end,
  sb_rand_str = function(fmt, buf)
    local s = sysbench.rand.string(ffi.string(fmt))
    if type(buf) == "table" then buf.data = s end
    return s
  end,
  sb_more_events = function() return true end,
  sb_event_start = function() end,
  sb_event_stop = function() end,
}

-- collect enumerators so ffi.C.NAME resolves the ones a script declares itself
local function scan_enums(decl)
  for body in decl:gmatch("enum%s*[%w_]*%s*(%b{})") do
    local value = -1
    for item in body:sub(2, -2):gsub("/%*.-%*/", ""):gsub("//[^\n]*", ""):gmatch("[^,]+") do
      local name, expr = item:match("^%s*([%a_][%w_]*)%s*=%s*(.-)%s*$")
      if name then
        value = tonumber(expr) or constants[expr] or value + 1
      else
        name = item:match("^%s*([%a_][%w_]*)%s*$")
        if name then value = value + 1 end
      end
      if name and constants[name] == nil then constants[name] = value end
    end
  end
end

function ffi.cdef(decl)
  if type(decl) == "string" then scan_enums(decl) end
end

ffi.C = setmetatable({}, {
  __index = function(_, name)
    local c = constants[name]
    if c ~= nil then return c end
    local f = functions[name]
    if f ~= nil then return f end
    error("ffi.C." .. tostring(name) .. " is not supported by sysbench-ts", 2)
  end,
})

-- char buffers are tables holding a Lua string; numeric boxes are tables indexed from 0
local buffer_mt = { __tostring = function() return "<cdata>" end }

function ffi.new(ctype, n, ...)
  if type(ctype) ~= "string" then
    error("ffi.new() of a non-string ctype is not supported by sysbench-ts", 2)
  end
  local t = ctype:gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")
  if t:match("^char ?%[") or t:match("^unsigned char ?%[") or t:match("^uint8_t ?%[") then
    local size = tonumber(t:match("%[(%d+)%]")) or n or 0
    return setmetatable({ __sb_charbuf = true, size = size, data = "" }, buffer_mt)
  end
  if t:match("^[%w_ ]+ ?%[%d*%??%]$") then
    local box = setmetatable({}, buffer_mt)
    local init = (t:match("%[%?%]") and select(1, ...)) or n
    for i = 0, (tonumber(t:match("%[(%d+)%]")) or 1) - 1 do box[i] = 0 end
    if type(init) == "number" and not t:match("%[%?%]") then box[0] = init end
    return box
  end
  error("ffi.new('" .. ctype .. "') is not supported by sysbench-ts", 2)
end

function ffi.string(ptr, len)
  local s
  if type(ptr) == "table" and ptr.__sb_charbuf then s = ptr.data
  elseif type(ptr) == "string" then s = ptr
  else error("ffi.string() of this value is not supported by sysbench-ts", 2) end
  if len ~= nil then return s:sub(1, len) end
  return s
end

function ffi.copy(dst, src, len)
  if type(dst) ~= "table" or not dst.__sb_charbuf then
    error("ffi.copy() into this value is not supported by sysbench-ts", 2)
  end
  src = ffi.string(src)
  if len ~= nil then src = src:sub(1, len) end
  dst.data = src
end

function ffi.fill(dst, len, c)
  if type(dst) == "table" and dst.__sb_charbuf then
    dst.data = string.rep(string.char(c or 0), len)
  end
end

function ffi.sizeof(x)
  if type(x) == "table" and x.__sb_charbuf then return x.size end
  error("ffi.sizeof() is not supported by sysbench-ts", 2)
end

function ffi.gc(obj) return obj end
function ffi.typeof(ctype) return ctype end
function ffi.metatype(_, mt) return mt end
function ffi.cast() error("ffi.cast() is not supported by sysbench-ts", 2) end
function ffi.istype() return false end
ffi.os = "Linux"
ffi.arch = "x64"

return ffi
