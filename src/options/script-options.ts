// Options of Lua scripts (sb_lua.c + sysbench.cmdline.lua in sysbench 1.0.20).
//
// A script MAY declare `sysbench.cmdline.options = { name = {desc, default, type, validate} }`.
// read_cmdline_options() turns that table into definitions, sorted by name (byte order, so
// "Zed" sorts before "abc"): the default becomes text (booleans "on"/"off", numbers LuaJIT's
// "%.14g", tables joined with ','), and a missing type is inferred from the default
// (boolean -> bool, number -> double, string -> string, table -> list, none -> string).
// Names keep their spelling for help ("--dash-opt") and are stored with '_' ("dash_opt").
//
// With declarations (even an empty table) the script's options are registered when a command
// runs, replacing config-file values with defaults, and every other option on the command
// line is rejected: "invalid option: --no-such-option=1" (stderr, exit 1, after the header).
// Without declarations, options nobody knows are accepted as string options: their stored
// name ('-' -> '_') and text value (or "" for a bare --flag) reach the script in sysbench.opt
// AND as Lua globals (legacy API), like every other option (threads, mysql_host, ...), unless
// a global function of that name exists. Options only seen in a config file have no type:
// they export as nil with "WARNING: Global option 'x' will not be exported, because the type
// is unknown". A bool declared without default registers as on.
import { formatOptions, formatTestHelp } from './help.js';
import { parseTestArguments, type TestParse } from './parser.js';
import type { ExportedOption, OptionRegistry } from './registry.js';
import { ArgType, type Message, type OptionDef, type OptionValidator } from './types.js';
import { luajitNumberToString } from './values.js';

/**
 * One declared option as the Lua side hands it over (the shape of sb_arg_t, and of
 * lua/host.ts's ScriptOptionDef): default already turned into text, type as ARG_* code.
 */
export interface ScriptOptionDecl {
  readonly name: string;
  readonly desc: string;
  readonly value: string | null;
  readonly type: number;
  readonly validate?: OptionValidator;
}

export function scriptDeclsToDefs(decls: readonly ScriptOptionDecl[]): OptionDef[] {
  return decls.map((d) => ({
    name: d.name,
    description: d.desc,
    default: d.value,
    type: d.type,
    ...(d.validate ? { validate: d.validate } : {}),
  }));
}

/** Lua values a declaration may hold, as seen from JS. */
export type LuaDefault = boolean | number | string | readonly (string | number)[] | null | undefined;
export type LuaOptionSpec = readonly [desc: string | null | undefined, def?: LuaDefault, type?: number | null, validate?: OptionValidator];

function luaText(v: string | number): string {
  return typeof v === 'number' ? luajitNumberToString(v) : v;
}

/** Byte-order comparison, as strcmp (Lua's string < in the C locale). */
function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * A JS mirror of read_cmdline_options(): from the content of a script's
 * sysbench.cmdline.options table to sorted declarations. Throws Error with the assertion
 * text sysbench reports (wrapped by the caller as "`sysbench.cmdline.read_cmdline_options'
 * function failed: ...") on a malformed table. Quirk kept: an explicit type next to a
 * table default always fails ("wrong type for list option NAME").
 */
export function declareScriptOptions(table: Readonly<Record<string, LuaOptionSpec>>): ScriptOptionDecl[] {
  const names = Object.keys(table).sort(byteCompare);
  return names.map((name) => {
    const spec = table[name];
    if (!Array.isArray(spec)) throw new Error('wrong table structure in sysbench.cmdline.options');
    const [desc, def, explicitType, validate] = spec;
    if (desc === null || desc === undefined) throw new Error(`nil description for option ${name}`);
    let value: string | null;
    if (Array.isArray(def)) {
      if (explicitType !== null && explicitType !== undefined) throw new Error(`wrong type for list option ${name}`);
      value = (def as readonly (string | number)[]).map(luaText).join(',');
    } else if (typeof def === 'boolean') {
      value = def ? 'on' : 'off';
    } else if (typeof def === 'number' || typeof def === 'string') {
      value = luaText(def);
    } else {
      value = null;
    }
    let type = explicitType ?? null;
    if (type === null) {
      if (def === null || def === undefined) type = ArgType.STRING;
      else if (typeof def === 'boolean') type = ArgType.BOOL;
      else if (typeof def === 'number') type = ArgType.DOUBLE;
      else if (typeof def === 'string') type = ArgType.STRING;
      else type = ArgType.LIST;
    }
    return { name, desc: String(desc), value, type, ...(validate ? { validate } : {}) };
  });
}

/** Registers a script's declared options with their defaults (sb_register_arg_set). */
export function registerScriptOptions(reg: OptionRegistry, decls: readonly ScriptOptionDecl[]): boolean {
  return reg.register(scriptDeclsToDefs(decls));
}

/**
 * Pass 2 for a script: `decls` null when the script has no sysbench.cmdline.options (lenient),
 * else its declarations (strict). Registers them and checks the left-over words.
 */
export function validateAgainstScript(
  remaining: (string | null)[],
  reg: OptionRegistry,
  decls: readonly ScriptOptionDecl[] | null,
): TestParse {
  return parseTestArguments(remaining, reg, decls === null ? null : scriptDeclsToDefs(decls));
}

/** Options no definition declared (lenient command-line extras and config-file-only names). */
export function unknownOptions(reg: OptionRegistry): { name: string; value: string | null; type: number }[] {
  return reg.unknownOptions();
}

/**
 * What a Lua state receives: every option for sysbench.opt, whether they also become globals
 * (only when the script declares no options), and the warnings to log. Throws OptionError
 * for an invalid int value ("Invalid value for the 'x' option: 'abc'", stderr, exit 1).
 */
export function scriptOptionExports(
  reg: OptionRegistry,
  declaresOptions: boolean,
): { options: ExportedOption[]; globals: boolean; messages: Message[] } {
  const { options, messages } = reg.exportOptions();
  return { options, globals: !declaresOptions, messages };
}

/** sysbench.cmdline.print_test_options(): the declared options' list (no title line). */
export function formatScriptOptions(decls: readonly ScriptOptionDecl[]): string {
  return formatOptions(scriptDeclsToDefs(decls));
}

/** `sysbench script.lua help` without a help() function: "<sname> options:" + the list. */
export function formatScriptHelp(sname: string, decls: readonly ScriptOptionDecl[]): string {
  return formatTestHelp(sname, scriptDeclsToDefs(decls));
}
