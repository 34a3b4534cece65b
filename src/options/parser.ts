// sysbench's command line grammar: `sysbench [options]... [testname] [command]`, parsed in
// two passes exactly as sysbench 1.0.20 does (parse_general_arguments() and
// parse_test_arguments() in sysbench.c). Rules, verified against /usr/bin/sysbench:
//
// Pass 1 (before the test is known), each argv word in order:
// - a word not starting with "--" (also "-x" and "-") is the test name if none yet, else the
//   command if none yet, else: "Unrecognized command line argument: WORD" on stderr, exit 1,
//   nothing else printed. Options may come anywhere, also after the command.
// - "--test=VALUE" (literally "test=", case-sensitive): prints the deprecation WARNING on
//   stderr, stores VALUE as a string option "test", and makes it the test name (an empty
//   VALUE makes the test name unset again). The word stays for pass 2.
// - "--NAME[=VALUE]" for a known option: sets it (name split at the first '='; no '=' means
//   no value; '-' and '_' are interchangeable) and consumes the word. A --config-file is read
//   right here, so its values override earlier options and are overridden by later ones.
//   Unknown options, and known ones whose value is rejected (bad bool spelling), are kept
//   for pass 2, silently. Nothing else is validated here: "--threads=abc" only fails when
//   the value is read, and `sysbench --unknown` (no test) succeeds.
// Pass 2 (only when a command is given and the test is known): the test's options are
// registered (their defaults replace any config-file values), then every kept word is parsed
// again. With declared options (built-in tests, scripts with sysbench.cmdline.options, even
// an empty table) an unknown option or a rejected value prints "invalid option: WORD" on
// stderr, exit 1 (the header is already out). A script without sysbench.cmdline.options
// accepts unknown options as string options instead (see script-options.ts).
//
// yargs-parser is not used: sysbench's grammar depends on word order (positionals vs
// --test=, --config-file vs the options around it, last value wins), treats "--" as an
// option named "" (-> "invalid option: --"), never takes the next word as a value, and has
// no negation/camel-case/number coercion; a per-word loop reproduces it exactly.
import { maskArg } from './secrets.js';
import {
  DB_OPTIONS,
  DRIVER_DEFS,
  EXTENSION_OPTIONS,
  GENERAL_OPTIONS,
  LOG_OPER_OPTIONS,
  LOG_TEXT_OPTIONS,
  RAND_OPTIONS,
  SYSBENCH_11_GENERAL_OPTIONS,
  SYSBENCH_11_RAND_OPTIONS,
  RUN_EXTENSION_OPTIONS,
} from './defs/index.js';

import { OptionRegistry, type RegistryIo } from './registry.js';
import { ArgType, OptionError, plainMessage, type Message, type OptionDef } from './types.js';

export const TEST_OPTION_WARNING =
  'WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.\n';

export interface DefaultRegistryOptions extends RegistryIo {
  /** register sysbench-ts extensions and sysbench 1.1 backports (default true) */
  extensions?: boolean;
}

/**
 * A registry with every option sysbench knows before the test is chosen, registered in
 * sysbench's order: logger, drivers (mysql, pgsql), db, rand, general. Extensions and 1.1
 * backports follow their groups.
 */
export function createDefaultRegistry(opts: DefaultRegistryOptions = {}): OptionRegistry {
  const reg = new OptionRegistry({ readFile: opts.readFile });
  const ext = opts.extensions !== false;
  const groups: (readonly OptionDef[])[] = [
    LOG_TEXT_OPTIONS,
    LOG_OPER_OPTIONS,
    ...DRIVER_DEFS.flatMap((d) => [d.options, ext ? d.backportOptions : []]),
    DB_OPTIONS,
    RAND_OPTIONS,
    ext ? SYSBENCH_11_RAND_OPTIONS : [],
    GENERAL_OPTIONS,
    ext ? SYSBENCH_11_GENERAL_OPTIONS : [],
    ext ? EXTENSION_OPTIONS : [],
    ext ? RUN_EXTENSION_OPTIONS : [],
  ];
  // each group is its own sb_register_arg_set() call (matters only for the validator quirk)
  for (const g of groups) if (g.length > 0) reg.register(g);
  return reg;
}

/** Parses one option word without its leading "--" (parse_option()). True when accepted. */
export function parseOptionWord(
  reg: OptionRegistry,
  word: string,
  acceptUnknown: boolean,
  out: Message[] = [],
): boolean {
  const eq = word.indexOf('=');
  const name = eq >= 0 ? word.slice(0, eq) : word;
  const value = eq >= 0 ? word.slice(eq + 1) : null;
  const opt = reg.find(name);
  if (!opt && !acceptUnknown) return false;
  return reg.set(name, value, opt ? opt.type : ArgType.STRING, out) !== null;
}

export interface GeneralParse {
  testname: string | null;
  cmdname: string | null;
  /**
   * argv (without the program name) with the words pass 1 consumed replaced by null; what
   * is left goes to pass 2. Lua's sysbench.cmdline.argv is the ORIGINAL argv, not this.
   */
  remaining: (string | null)[];
  /** output produced while parsing (--test warning, config file errors), in order */
  messages: Message[];
  /** set when parsing failed; print messages, then this, and exit with its code */
  error: OptionError | null;
}

/** Pass 1: general options, test name and command. `argv` excludes the program name. */
export function parseGeneralArguments(argv: readonly string[], reg: OptionRegistry): GeneralParse {
  const remaining: (string | null)[] = [...argv];
  const messages: Message[] = [];
  let testname: string | null = null;
  let cmdname: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      if (testname === null) testname = arg;
      else if (cmdname === null) cmdname = arg;
      else {
        const error = new OptionError(plainMessage('stderr', `Unrecognized command line argument: ${arg}\n`));
        return { testname, cmdname, remaining, messages, error };
      }
    } else if (arg.startsWith('test=', 2)) {
      messages.push(plainMessage('stderr', TEST_OPTION_WARNING));
      parseOptionWord(reg, arg.slice(2), true, messages);
      testname = reg.getString('test');
    } else if (parseOptionWord(reg, arg.slice(2), false, messages)) {
      remaining[i] = null;
    }
  }
  return { testname, cmdname, remaining, messages, error: null };
}

export interface TestParse {
  messages: Message[];
  /** "invalid option: WORD" (stderr, exit 1), or a silent exit 1 if registration failed */
  error: OptionError | null;
}

/**
 * Pass 2: registers the test's options (null: the test declares none, i.e. a script
 * without sysbench.cmdline.options) and parses the words pass 1 left over. Mutates
 * `remaining` like sysbench does (consumed words become null).
 */
export function parseTestArguments(
  remaining: (string | null)[],
  reg: OptionRegistry,
  testDefs: readonly OptionDef[] | null,
): TestParse {
  const messages: Message[] = [];
  if (testDefs !== null && !reg.register(testDefs, messages)) {
    return { messages, error: new OptionError(plainMessage('stderr', '')) };
  }
  for (let i = 0; i < remaining.length; i++) {
    const arg = remaining[i];
    if (arg === null || !arg.startsWith('--')) continue;
    if (!parseOptionWord(reg, arg.slice(2), testDefs === null, messages)) {
      return { messages, error: new OptionError(plainMessage('stderr', `invalid option: ${maskArg(arg)}\n`)) };
    }
    remaining[i] = null;
  }
  return { messages, error: null };
}
