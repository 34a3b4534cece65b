// Help, version and header texts, byte-exact with sysbench 1.0.20. Pure: they return text.
//
// Where each goes (checked against /usr/bin/sysbench):
// - `sysbench --help` (also --help=on|true|1, anywhere on the line, with or without a test,
//   and winning over --version): formatGeneralHelp() on stdout, exit 0, no header;
// - `sysbench --version`: formatVersion() on stdout, exit 0, no header;
// - `sysbench TEST help`: the header, then "<sname> options:\n" + formatOptions(defs) on
//   stdout, exit 0 (formatTestHelp); a Lua script's help() function replaces this, and a
//   test with neither prints "'<sname>' test does not implement the 'help' command." on
//   stderr, exit 1.
import { BUILTIN_TESTS, type BuiltinTestInfo } from './defs/builtin.js';
import { DB_OPTIONS, DRIVER_DEFS, type DriverInfo } from './defs/db.js';
import { EXTENSION_OPTIONS, SYSBENCH_11_OPTIONS } from './defs/extensions.js';
import { RUN_EXTENSION_OPTIONS } from './defs/run-extensions.js';
import { GENERAL_OPTIONS } from './defs/general.js';
import { LOG_OPER_OPTIONS, LOG_TEXT_OPTIONS } from './defs/log.js';
import { RAND_OPTIONS } from './defs/rand.js';
import { ArgType, typeCode, type OptionDef } from './types.js';

export const SYSBENCH_VERSION = '1.0.20';
/** VERSION_STRING: what --version prints. */
export const VERSION_STRING = `sysbench ${SYSBENCH_VERSION}`;
/** The Lua implementation sysbench names in its header. */
export const LUAJIT_DESCRIPTION = 'system LuaJIT 2.1.0-beta3';

/** `sysbench --version` output (stdout, exit 0). */
export function formatVersion(): string {
  return `${VERSION_STRING}\n`;
}

/** The header body, as logged at NOTICE level (so --verbosity below 3 hides it). */
export function headerLogBody(): string {
  return `${VERSION_STRING} (using ${LUAJIT_DESCRIPTION})\n`;
}

/** The header as it appears on stdout: body + the logger's newline (a blank line follows). */
export function formatHeader(): string {
  return `${headerLogBody()}\n`;
}

/** The value placeholder printed after an option name, per type. */
export function optionFormat(type: number): string {
  switch (type) {
    case ArgType.BOOL:
      return '[=on|off]';
    case ArgType.INT:
    case ArgType.DOUBLE:
      return '=N';
    case ArgType.SIZE:
      return '=SIZE';
    case ArgType.STRING:
      return '=STRING';
    case ArgType.LIST:
      return '=[LIST,...]';
    case ArgType.FILE:
      return '=FILENAME';
    case ArgType.NULL:
      return ''; // sysbench itself crashes on this one
    default:
      return '=UNKNOWN';
  }
}

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * An option list as sb_print_options() prints it, in the given order: each line is
 * "  --NAME" + the type placeholder padded to a common column (one space after the longest
 * name+placeholder) + the description + " [default]" when there is a default (even an empty
 * one: "[]"); then a blank line. Widths count bytes, like strlen().
 */
export function formatOptions(defs: readonly OptionDef[]): string {
  let maxlen = 0;
  for (const d of defs) {
    maxlen = Math.max(maxlen, byteLength(d.name) + byteLength(optionFormat(typeCode(d.type))));
  }
  let out = '';
  for (const d of defs) {
    const fmt = optionFormat(typeCode(d.type));
    const width = maxlen - byteLength(d.name) + 1;
    out += `  --${d.name}${fmt}${' '.repeat(Math.max(0, width - byteLength(fmt)))}${d.description}`;
    if (d.default !== null) out += ` [${d.default}]`;
    out += '\n';
  }
  return out + '\n';
}

/** `sysbench TEST help` body after the header: "<sname> options:" and the list. */
export function formatTestHelp(sname: string, defs: readonly OptionDef[]): string {
  return `${sname} options:\n${formatOptions(defs)}`;
}

export interface GeneralHelpInput {
  drivers?: readonly { info: DriverInfo; options: readonly OptionDef[] }[];
  tests?: readonly BuiltinTestInfo[];
}

/**
 * `sysbench --help` output, byte for byte (stdout, exit 0). By default it lists our drivers
 * (those of Debian's 1.0.20 build) and tests, as in help.txt; extension options are never
 * included.
 */
export function formatGeneralHelp(input: GeneralHelpInput = {}): string {
  const drivers =
    input.drivers ?? DRIVER_DEFS.map((d) => ({ info: { sname: d.name, lname: d.description }, options: d.options }));
  const tests = input.tests ?? BUILTIN_TESTS;
  let out = '';
  out += 'Usage:\n';
  out += '  sysbench [options]... [testname] [command]\n\n';
  out += 'Commands implemented by most tests: prepare run cleanup help\n\n';
  out += 'General options:\n';
  out += formatOptions(GENERAL_OPTIONS);
  out += 'Pseudo-Random Numbers Generator options:\n';
  out += formatOptions(RAND_OPTIONS);
  out += 'Log options:\n';
  out += formatOptions(LOG_TEXT_OPTIONS);
  out += formatOptions(LOG_OPER_OPTIONS);
  // db_print_help() logs its lines; before log_init() that is plain stdout + "\n"
  out += 'General database options:\n\n';
  out += formatOptions(DB_OPTIONS);
  out += '\n';
  out += 'Compiled-in database drivers:\n';
  for (const d of drivers) out += `  ${d.info.sname} - ${d.info.lname}\n`;
  out += '\n';
  for (const d of drivers) {
    out += `${d.info.sname} options:\n`;
    out += formatOptions(d.options);
  }
  out += 'Compiled-in tests:\n';
  for (const t of tests) out += `  ${t.sname} - ${t.lname}\n`;
  out += '\n';
  out += "See 'sysbench <testname> help' for a list of options for each test.\n\n";
  return out;
}

/**
 * The options sysbench-ts accepts beyond sysbench 1.0.20, in the same layout. Not part of
 * `--help` (which must match 1.0.20); for a separate entry point such as `--help-extensions`.
 */
export function formatExtensionsHelp(): string {
  let out = 'sysbench-ts extensions:\n';
  out += formatOptions([...EXTENSION_OPTIONS, ...RUN_EXTENSION_OPTIONS]);
  out += 'Options from sysbench 1.1:\n';
  out += formatOptions(SYSBENCH_11_OPTIONS);
  return out;
}
