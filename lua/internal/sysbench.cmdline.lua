-- Part of the Lua side of sysbench's API (loaded by src/lua/state.ts under sysbench's module name).
---------------------------------------------------------------------------
-- sysbench.cmdline

local cmdline = sysbench.cmdline
cmdline.ARG_NULL, cmdline.ARG_BOOL, cmdline.ARG_INT, cmdline.ARG_SIZE = 0, 1, 2, 3
cmdline.ARG_DOUBLE, cmdline.ARG_STRING, cmdline.ARG_LIST, cmdline.ARG_FILE = 4, 5, 6, 7
cmdline.ARG_MAX = 8
cmdline.PARALLEL_COMMAND = true

local type_of_default = {
  boolean = cmdline.ARG_BOOL,
  string = cmdline.ARG_STRING,
  number = cmdline.ARG_DOUBLE,
  table = cmdline.ARG_LIST,
}

-- Hands the options a script declares to the host, sorted by name as sysbench does.
function cmdline.read_cmdline_options()
  local decl = cmdline.options
  if decl == nil then return true end
  assert(type(decl) == "table", "wrong type for sysbench.cmdline.options: " .. type(decl))
  local names = {}
  for name in pairs(decl) do names[#names + 1] = name end
  table.sort(names)
  local defs = {}
  for _, name in ipairs(names) do
    local def = decl[name]
    assert(type(name) == "string" and type(def) == "table",
           "wrong table structure in sysbench.cmdline.options")
    assert(def[1] ~= nil, "nil description for option " .. name)
    local default, kind = def[2], def[3]
    local text
    if type(default) == "table" then
      text = table.concat(default, ",")
    elseif type(default) == "boolean" then
      text = default and "on" or "off"
    elseif type(default) == "number" then
      text = tostring(default)
    else
      text = default
    end
    if kind == nil then
      kind = default ~= nil and type_of_default[type(default)] or cmdline.ARG_STRING
    end
    assert(kind ~= nil, "cannot determine type for option " .. name)
    defs[#defs + 1] = { name = name, desc = def[1], value = text, type = kind }
  end
  return __sb_set_test_args(defs)
end

function cmdline.command_defined(name)
  local cmds = cmdline.commands
  return type(cmds) == "table" and cmds[name] ~= nil and cmds[name][1] ~= nil
end

function cmdline.command_parallel(name)
  return cmdline.command_defined(name) and
    cmdline.commands[name][2] == cmdline.PARALLEL_COMMAND
end

function cmdline.call_command(name)
  if not cmdline.command_defined(name) then return false end
  local rc = cmdline.commands[name][1]()
  if rc == nil then return true end
  return rc and true or false
end

function cmdline.print_test_options()
  __sb_print_test_options()
end

-- the host runs commands through this wrapper (in a coroutine) and reads the result after
function __sb_call_command(name)
  __sb_command_rc = sysbench.cmdline.call_command(name)
end
