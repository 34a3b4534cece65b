-- sysbench-ts: entry point for the sysbench 0.5 command line `--test=lua/insert.lua`;
-- the script itself is lua/legacy/insert.lua.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "legacy/insert.lua")
