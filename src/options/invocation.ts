// What sysbench 1.0.20 does with a parsed command line (main() in sysbench.c), as pure
// decisions and exact message texts. The sequence is:
//
//  1. parseGeneralArguments(); on error print it (stderr) and exit 1.
//  2. --help set (on/true/1): formatGeneralHelp() on stdout, exit 0 (before anything else,
//     so even invalid values elsewhere do not matter). Otherwise --version: "sysbench 1.0.20"
//     on stdout, exit 0.
//  3. resolveGeneralSettings() (settings.ts): alias warnings, value errors; then the logger
//     settings (resolveLogSettings()). Errors here come BEFORE the header.
//  4. the header (formatHeader(), NOTICE level) on stdout.
//  5. classifyTest(): no test name, or "-": the script is read from stdin (a tty first gets
//     "Reading the script from the standard input:" + blank line at NOTICE level); the
//     command word is ignored then, and the exit code is 0 when the script loads.
//     A built-in test without a command: stderr "The 'cpu' test requires a command
//     argument. See 'sysbench cpu help'", exit 1. Anything else is a script/module to load
//     (a load failure prints "FATAL: Cannot find benchmark 'x': no such built-in test, file
//     or module" on stdout, exit 1); without a command, loading it is all, exit 0.
//  6. parseTestArguments(); then the command (commandOutcome()).
//
// `sysbench` with no arguments is step 5's stdin case (exit 0 on empty input). `sysbench
// help` looks for a test named "help" (FATAL: Cannot find benchmark 'help' ..., exit 1).
// `--db-driver=help` is not special in 1.0.20: it fails later, when a script creates a
// driver, with "FATAL: invalid database driver name: 'help'".
import { findBuiltinTest, type BuiltinTestInfo } from './defs/builtin.js';
import { formatGeneralHelp, formatVersion } from './help.js';
import type { GeneralParse } from './parser.js';
import type { OptionRegistry } from './registry.js';
import { OptionError, logMessage, plainMessage, type Message } from './types.js';

export type EarlyExit = { kind: 'help' | 'version'; stdout: string; exitCode: 0 };

/** Step 2: help or version output, or null to go on. */
export function earlyExit(reg: OptionRegistry): EarlyExit | null {
  if (reg.getFlag('help')) return { kind: 'help', stdout: formatGeneralHelp(), exitCode: 0 };
  if (reg.getFlag('version')) return { kind: 'version', stdout: formatVersion(), exitCode: 0 };
  return null;
}

export type TestChoice =
  | { kind: 'stdin'; ttyNotice: Message }
  | { kind: 'builtin'; test: BuiltinTestInfo; cmdname: string }
  | { kind: 'script'; path: string; cmdname: string | null }
  | { kind: 'error'; error: OptionError };

/** Step 5: which test to run, after the header is out. */
export function classifyTest(
  parsed: Pick<GeneralParse, 'testname' | 'cmdname'>,
  builtin: (name: string) => BuiltinTestInfo | undefined = findBuiltinTest,
): TestChoice {
  const { testname, cmdname } = parsed;
  if (testname === null || testname === '-') {
    return { kind: 'stdin', ttyNotice: logMessage('notice', 'Reading the script from the standard input:\n') };
  }
  const test = builtin(testname);
  if (test) {
    if (cmdname === null) return { kind: 'error', error: new OptionError(requiresCommandMessage(test.sname)) };
    return { kind: 'builtin', test, cmdname };
  }
  // sysbench loads "x.lua/" as x.lua (and names "dir/" 'dir' when it cannot find it)
  const path = testname.replace(/(?<=[^/])\/+$/, '');
  return { kind: 'script', path, cmdname };
}

/**
 * A script's short name (sbtest.sname): POSIX basename() of the path given, used in
 * "<sname> options:" and the "test does not implement" messages.
 */
export function scriptShortName(path: string): string {
  if (path === '') return '.';
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

export function requiresCommandMessage(sname: string): Message {
  return plainMessage('stderr', `The '${sname}' test requires a command argument. See 'sysbench ${sname} help'\n`);
}

export function notImplementedMessage(sname: string, command: string): Message {
  return plainMessage('stderr', `'${sname}' test does not implement the '${command}' command.\n`);
}

export function unknownCommandMessage(command: string): Message {
  return plainMessage('stderr', `Unknown command: ${command}\n`);
}

export function cannotFindBenchmarkMessage(name: string): Message {
  return logMessage('fatal', `Cannot find benchmark '${name}': no such built-in test, file or module`);
}

export interface TestCapabilities {
  /** a Lua sysbench.cmdline.commands entry exists for the command (checked first) */
  customCommand?: boolean;
  /** the script defines help() / prepare() / cleanup() (or a built-in implements them) */
  help?: boolean;
  prepare?: boolean;
  cleanup?: boolean;
  /** the test declares options (built-in tests; scripts with sysbench.cmdline.options) */
  hasOptions: boolean;
}

export type CommandOutcome =
  | { kind: 'custom' | 'help-function' | 'prepare' | 'cleanup' | 'run' }
  | { kind: 'print-options' }
  | { kind: 'error'; error: OptionError };

/** Step 6: what a command word means for a test (main()'s dispatch). */
export function commandOutcome(sname: string, command: string, caps: TestCapabilities): CommandOutcome {
  if (caps.customCommand) return { kind: 'custom' };
  switch (command) {
    case 'help':
      if (caps.help) return { kind: 'help-function' };
      if (caps.hasOptions) return { kind: 'print-options' };
      return { kind: 'error', error: new OptionError(notImplementedMessage(sname, 'help')) };
    case 'prepare':
    case 'cleanup':
      if (caps[command]) return { kind: command };
      return { kind: 'error', error: new OptionError(notImplementedMessage(sname, command)) };
    case 'run':
      return { kind: 'run' };
    default:
      return { kind: 'error', error: new OptionError(unknownCommandMessage(command)) };
  }
}
