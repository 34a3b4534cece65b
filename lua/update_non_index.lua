-- sysbench-ts: entry point for the sysbench 0.5 command line `--test=lua/update_non_index.lua`;
-- the script itself is lua/legacy/update_non_index.lua.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "legacy/update_non_index.lua")
