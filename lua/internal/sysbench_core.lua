-- The Lua side of sysbench's API. The host (src/lua/api/*.ts) has already put its natives
-- into the `sysbench` table and a few `__sb_*` globals; this file adds what is plain Lua.

ffi = require("ffi")

sysbench.hooks = sysbench.hooks or {}
sysbench.error = { NONE = 0, RESTART_EVENT = 1 }

-- the per-thread event loop; a script may define its own thread_run instead
function thread_run(thread_id)
  local event_start, event_stop = __sb_event_start, __sb_event_stop
  local restart = sysbench.error.RESTART_EVENT
  while event_start() do
    local ok, ret
    repeat
      ok, ret = pcall(event, thread_id)
      if not ok then
        if type(ret) == "table" and ret.errcode == restart then
          local hook = sysbench.hooks.before_restart_event
          if hook then hook(ret) end
        else
          error(ret, 2)
        end
      end
    until ok
    if ret then break end
    event_stop()
  end
end

---------------------------------------------------------------------------
-- sysbench.cmdline

local cmdline = sysbench.cmdline
cmdline.ARG_NULL, cmdline.ARG_BOOL, cmdline.ARG_INT, cmdline.ARG_SIZE = 0, 1, 2, 3
cmdline.ARG_DOUBLE, cmdline.ARG_STRING, cmdline.ARG_LIST, cmdline.ARG_FILE = 4, 5, 6, 7
cmdline.ARG_MAX = 8
cmdline.PARALLEL_COMMAND = true

local type_of_default = {
  boolean = cmdline.ARG_BOOL,
  string = cmdline.ARG_STRING,
  number = cmdline.ARG_DOUBLE,
  table = cmdline.ARG_LIST,
}

-- Hands the options a script declares to the host, sorted by name as sysbench does.
function cmdline.read_cmdline_options()
  local decl = cmdline.options
  if decl == nil then return true end
  assert(type(decl) == "table", "wrong type for sysbench.cmdline.options: " .. type(decl))
  local names = {}
  for name in pairs(decl) do names[#names + 1] = name end
  table.sort(names)
  local defs = {}
  for _, name in ipairs(names) do
    local def = decl[name]
    assert(type(name) == "string" and type(def) == "table",
           "wrong table structure in sysbench.cmdline.options")
    assert(def[1] ~= nil, "nil description for option " .. name)
    local default, kind = def[2], def[3]
    local text
    if type(default) == "table" then
      text = table.concat(default, ",")
    elseif type(default) == "boolean" then
      text = default and "on" or "off"
    elseif type(default) == "number" then
      text = tostring(default)
    else
      text = default
    end
    if kind == nil then
      kind = default ~= nil and type_of_default[type(default)] or cmdline.ARG_STRING
    end
    assert(kind ~= nil, "cannot determine type for option " .. name)
    defs[#defs + 1] = { name = name, desc = def[1], value = text, type = kind }
  end
  return __sb_set_test_args(defs)
end

function cmdline.command_defined(name)
  local cmds = cmdline.commands
  return type(cmds) == "table" and cmds[name] ~= nil and cmds[name][1] ~= nil
end

function cmdline.command_parallel(name)
  return cmdline.command_defined(name) and
    cmdline.commands[name][2] == cmdline.PARALLEL_COMMAND
end

function cmdline.call_command(name)
  if not cmdline.command_defined(name) then return false end
  local rc = cmdline.commands[name][1]()
  if rc == nil then return true end
  return rc and true or false
end

function cmdline.print_test_options()
  __sb_print_test_options()
end

---------------------------------------------------------------------------
-- sysbench.sql constants (methods are natives)

sysbench.sql = sysbench.sql or {}
sysbench.sql.type = {
  NONE = 0, TINYINT = 1, SMALLINT = 2, INT = 3, BIGINT = 4, FLOAT = 5, DOUBLE = 6,
  TIME = 7, DATE = 8, DATETIME = 9, TIMESTAMP = 10, CHAR = 11, VARCHAR = 12,
}
sysbench.sql.error = { NONE = 0, IGNORABLE = 1, FATAL = 2 }

---------------------------------------------------------------------------
-- Report printers a script can install as hooks. Same text as sysbench 1.0.20's, quirks included.

local function rate_fields(stat)
  local s = stat.time_interval
  return stat.events / s, (stat.reads + stat.writes + stat.other) / s,
    stat.reads / s, stat.writes / s, stat.other / s,
    stat.latency_pct * 1000, stat.errors / s, stat.reconnects / s
end

function sysbench.report_csv(stat)
  local tps, qps, r, w, o, lat, err, rec = rate_fields(stat)
  print(string.format("%.0f,%u,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f",
    stat.time_total, stat.threads_running, tps, qps, r, w, o, lat, err, rec))
end

local json_started = false
function sysbench.report_json(stat)
  if not json_started then
    io.write('[\n')
    json_started = true
    __sb_at_exit(function() io.write('\n]\n') end)
  else
    io.write(',\n')
  end
  local tps, qps, r, w, o, lat, err, rec = rate_fields(stat)
  io.write(string.format(
    '  {\n    "time": %4.0f,\n    "threads": %u,\n    "tps": %4.2f,\n' ..
    '    "qps": {\n      "total": %4.2f,\n      "reads": %4.2f,\n' ..
    '      "writes": %4.2f,\n      "other": %4.2f\n    },\n' ..
    '    "latency": %4.2f,\n    "errors": %4.2f,\n    "reconnects": %4.2f\n  }',
    stat.time_total, stat.threads_running, tps, qps, r, w, o, lat, err, rec))
end

function sysbench.report_default(stat)
  local tps, qps, r, w, o, lat, err, rec = rate_fields(stat)
  print(string.format("[ %.0fs ] thds: %u tps: %4.2f qps: %4.2f " ..
    "(r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%u%%): %4.2f err/s %4.2f reconn/s: %4.2f",
    stat.time_total, stat.threads_running, tps, qps, r, w, o,
    sysbench.opt.percentile, lat, err, rec))
end

---------------------------------------------------------------------------
-- sysbench 1.0's compatibility globals

thread_id = sysbench.tid
test = cmdline.script_path

-- sb_rnd, sb_rand, sb_rand_str, sb_rand_uniform, sb_rand_gaussian, sb_rand_special and
-- sb_rand_uniq are natives (src/lua/api/rand.ts)

-- the host runs commands through this wrapper (in a coroutine) and reads the result after
function __sb_call_command(name)
  __sb_command_rc = sysbench.cmdline.call_command(name)
end
