// Shared types of the option layer: option types, definitions, and the messages/errors that
// the pure functions hand back to the CLI layer instead of printing.

/** Option types by name, as used in definitions. */
export type OptionType = 'bool' | 'int' | 'size' | 'double' | 'string' | 'list' | 'file';

/**
 * sysbench's numeric option type codes (sb_arg_type_t). Lua scripts pass these numbers
 * (sysbench.cmdline.ARG_*), so the registry keeps types as codes internally.
 */
export const ArgType = {
  NULL: 0,
  BOOL: 1,
  INT: 2,
  SIZE: 3,
  DOUBLE: 4,
  STRING: 5,
  LIST: 6,
  FILE: 7,
  MAX: 8,
} as const;

const CODE_BY_NAME: Record<OptionType, number> = {
  bool: ArgType.BOOL,
  int: ArgType.INT,
  size: ArgType.SIZE,
  double: ArgType.DOUBLE,
  string: ArgType.STRING,
  list: ArgType.LIST,
  file: ArgType.FILE,
};

const NAME_BY_CODE: (OptionType | null)[] = [null, 'bool', 'int', 'size', 'double', 'string', 'list', 'file'];

/** Type code of a type name; numbers pass through unchanged (Lua may pass any number). */
export function typeCode(t: OptionType | number): number {
  return typeof t === 'number' ? t : CODE_BY_NAME[t];
}

/** Type name of a code, or null for ARG_NULL and codes outside sysbench's range. */
export function typeName(code: number): OptionType | null {
  return NAME_BY_CODE[code] ?? null;
}

/**
 * Validation callback, called as sysbench does with the option name exactly as it was
 * spelled on the command line (or in the definition) and the raw value (null: no `=`).
 */
export type OptionValidator = (name: string, value: string | null) => boolean;

/** One option definition (sb_arg_t). */
export interface OptionDef {
  /** name as displayed in help, e.g. 'thread-stack-size' */
  readonly name: string;
  readonly description: string;
  readonly type: OptionType | number;
  /** default exactly as sysbench stores it (text), or null for none (no "[...]" in help) */
  readonly default: string | null;
  readonly validate?: OptionValidator;
  /**
   * bool options only: words (compared without case) accepted besides on/off and stored as the
   * value, which then reads as on (--mysql-ssl=REQUIRED, sysbench 1.1's SSL modes)
   */
  readonly boolWords?: readonly string[];
}

/** Which stream a piece of output goes to. */
export type Stream = 'stdout' | 'stderr';

/** Log priorities sysbench's log_text() uses (sb_logger.h). */
export type LogPriority = 'fatal' | 'alert' | 'warning' | 'notice' | 'info' | 'debug';

/**
 * A piece of output the CLI layer must write, in order. `text` is byte-exact, including
 * prefixes and newlines, as sysbench prints it when the logger is not initialised yet.
 * When `log` is present the text came from sysbench's log_text(): a CLI whose logger is
 * already initialised may route `log.body` through it instead (verbosity/dedup apply).
 */
export interface Message {
  readonly stream: Stream;
  readonly text: string;
  readonly log?: { readonly priority: LogPriority; readonly body: string };
}

const LOG_PREFIX: Record<LogPriority, string> = {
  fatal: 'FATAL: ',
  alert: 'ALERT: ',
  warning: 'WARNING: ',
  notice: '',
  info: '',
  debug: 'DEBUG: ',
};

/** A message as log_text() prints it before log_init(): prefix + body + "\n", on stdout. */
export function logMessage(priority: LogPriority, body: string): Message {
  return { stream: 'stdout', text: `${LOG_PREFIX[priority]}${body}\n`, log: { priority, body } };
}

/** A plain printf/fprintf message. */
export function plainMessage(stream: Stream, text: string): Message {
  return { stream, text };
}

/**
 * An error that ends the program: sysbench prints `message` and exits with `exitCode`.
 * Thrown by getters (like sysbench's exit() inside sb_opt_to_int) and returned by parsers.
 */
export class OptionError extends Error {
  readonly exitCode: number;
  /** the exact output, on its stream; empty text for silent failures */
  readonly output: Message;

  constructor(output: Message, exitCode = 1) {
    super(output.text.replace(/\n+$/, ''));
    this.name = 'OptionError';
    this.output = output;
    this.exitCode = exitCode;
  }
}

/** Reads a file for --config-file; throws a Node-style error (with `code`) when it cannot. */
export type ReadFileFn = (path: string) => string | Uint8Array;
