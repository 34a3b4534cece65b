-- sysbench-ts: entry point for the sysbench 0.5 command line `--test=lua/select.lua`;
-- the script itself is lua/legacy/select.lua.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "legacy/select.lua")
