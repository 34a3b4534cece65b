-- Part of the Lua side of sysbench's API (loaded by src/lua/state.ts under sysbench's module name).
---------------------------------------------------------------------------
-- sysbench 1.0's compatibility globals

thread_id = sysbench.tid
test = sysbench.cmdline.script_path

-- sb_rnd, sb_rand, sb_rand_str, sb_rand_uniform, sb_rand_gaussian, sb_rand_special and
-- sb_rand_uniq are natives (src/lua/api/rand.ts)

