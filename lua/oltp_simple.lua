-- sysbench-ts: entry point for the sysbench 0.5 command line `--test=lua/oltp_simple.lua`;
-- the script itself is lua/legacy/oltp_simple.lua.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "legacy/oltp_simple.lua")
