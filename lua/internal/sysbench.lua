-- The Lua side of sysbench's API: the event loop, hooks and report printers. The host
-- (src/lua/api/*.ts) has already put its natives into `sysbench` and a few `__sb_*` globals.

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
__sb_default_thread_run = thread_run

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

