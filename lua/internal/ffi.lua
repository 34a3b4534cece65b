-- LuaJIT's ffi module, as far as sysbench scripts use it (the C side lives in src/lua/ffi/).
-- The chunk receives the natives; it adds what sysbench 1.0 itself declares, so a script
-- can use sysbench's enums, types and functions without declaring them.
local natives = ...
local ffi = {}

for _, name in ipairs({ "cdef", "new", "cast", "typeof", "sizeof", "alignof", "offsetof", "istype",
                        "string", "copy", "fill", "gc", "metatype", "abi", "errno", "load" }) do
  ffi[name] = natives[name]
end
ffi.C = natives.C
ffi.os = "Linux"
ffi.arch = "x64"

-- "typedef enum { PREFIX_NAME = value, ... } type;" from a table of names and values
local function enum(type_name, prefix, values)
  local items = {}
  for name, value in pairs(values) do items[#items + 1] = { name, value } end
  table.sort(items, function(a, b) return a[2] < b[2] end)
  local parts = {}
  for i, item in ipairs(items) do parts[i] = prefix .. item[1] .. " = " .. item[2] end
  return "typedef enum { " .. table.concat(parts, ", ") .. " } " .. type_name .. ";\n"
end

-- sysbench 1.0.20's declarations (src/lua/internal/*.lua there), built when first needed:
-- the SQL enums come from sysbench.sql, the option types from sysbench.cmdline
natives.set_declarations(function()
  local arg_types = {}
  for name, value in pairs(sysbench.cmdline) do
    local t = type(name) == "string" and name:match("^ARG_(.+)$")
    if t then arg_types[t] = value end
  end
  return enum("sql_error_t", "DB_ERROR_", sysbench.sql.error)
    .. enum("sb_counter_type", "SB_CNT_", { OTHER = 0, READ = 1, WRITE = 2, TRX = 3, ERROR = 4, RECONNECT = 5, MAX = 6 })
    .. enum("sql_bind_type_t", "SQL_TYPE_", sysbench.sql.type)
    .. enum("sb_arg_type_t", "SB_ARG_TYPE_", arg_types)
    .. [[
typedef struct histogram sb_histogram_t;
sb_histogram_t *sb_histogram_new(size_t size, double range_min, double range_max);
void sb_histogram_delete(sb_histogram_t *h);
void sb_histogram_update(sb_histogram_t *h, double value);
void sb_histogram_print(sb_histogram_t *h);
typedef struct sql_driver sql_driver;
typedef struct { uint32_t len; const char *ptr; } sql_value;
typedef struct { void *ptr; sql_value *values; } sql_row;
typedef struct sql_connection sql_connection;
typedef struct sql_statement sql_statement;
typedef struct sql_result sql_result;
typedef struct { sql_bind_type_t type; void *buffer; unsigned long *data_len; unsigned long max_len; char *is_null; } sql_bind;
sql_driver *db_create(const char *);
int db_destroy(sql_driver *drv);
sql_connection *db_connection_create(sql_driver * drv);
int db_connection_close(sql_connection *con);
int db_connection_reconnect(sql_connection *con);
void db_connection_free(sql_connection *con);
int db_bulk_insert_init(sql_connection *, const char *, size_t);
int db_bulk_insert_next(sql_connection *, const char *, size_t);
int db_bulk_insert_done(sql_connection *);
sql_result *db_query(sql_connection *con, const char *query, size_t len);
sql_row *db_fetch_row(sql_result *rs);
sql_statement *db_prepare(sql_connection *con, const char *query, size_t len);
int db_bind_param(sql_statement *stmt, sql_bind *params, size_t len);
int db_bind_result(sql_statement *stmt, sql_bind *results, size_t len);
sql_result *db_execute(sql_statement *stmt);
int db_close(sql_statement *stmt);
int db_free_results(sql_result *);
uint64_t sb_rand_uniform_uint64(void);
uint32_t sb_rand_default(uint32_t, uint32_t);
uint32_t sb_rand_uniform(uint32_t, uint32_t);
uint32_t sb_rand_gaussian(uint32_t, uint32_t);
uint32_t sb_rand_special(uint32_t, uint32_t);
uint32_t sb_rand_pareto(uint32_t, uint32_t);
uint32_t sb_rand_unique(void);
void sb_rand_str(const char *, char *);
double sb_rand_uniform_double(void);
typedef bool sb_opt_validate_t(const char *, const char *);
typedef struct { const char *name; const char *desc; const char *value; sb_arg_type_t type; sb_opt_validate_t *validate; } sb_arg_t;
int sb_lua_set_test_args(sb_arg_t *args, size_t len);
void sb_print_test_options(void);
void sb_event_start(int thread_id);
void sb_event_stop(int thread_id);
bool sb_more_events(int thread_id);
]]
end)

return ffi
