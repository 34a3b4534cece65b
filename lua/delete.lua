-- sysbench-ts: entry point for the sysbench 0.5 command line `--test=lua/delete.lua`;
-- the script itself is lua/legacy/delete.lua.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "legacy/delete.lua")
