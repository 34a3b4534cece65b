-- sysbench-ts workloads: `oltp_common` for third-party scripts that require("oltp_common") on
-- a machine without sysbench's own scripts. It is our module oltp_common_ts.lua; found only
-- when no other oltp_common.lua comes first on package.path (lua/workloads/ is searched last).
require("oltp_common_ts")
