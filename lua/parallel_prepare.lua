-- sysbench-ts: entry point for the sysbench 0.5 command line `--test=lua/parallel_prepare.lua`;
-- the script itself is lua/legacy/parallel_prepare.lua.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "legacy/parallel_prepare.lua")
