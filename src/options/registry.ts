// The option registry: one ordered list of options with their raw text values, mirroring
// sysbench 1.0.20's sb_options. Every option, whether registered from a definition, given
// on the command line without being known, or read from a config file, lives here.
//
// Rules (from sb_options.c, checked against /usr/bin/sysbench):
// - names compare with '-' and '_' interchangeable (case-sensitive); an option created here
//   stores its name with every '-' turned into '_' (that stored name is what error messages
//   and Lua see: "Invalid value for the 'report_interval' option: 'x'");
// - setting a value first drops the old values, then stores the new type; an empty or absent
//   value leaves a non-bool option with no value at all;
// - bool: absent value, "on", "true", "1" -> on; "off", "false", "0" -> off; anything else
//   (including "" and other cases) is rejected, and the option is left off;
// - list: split on ',' with empty pieces dropped (strtok);
// - file: reads the named config file into the registry right away;
// - values are converted only when read: int -> strict strtol in int range (else the
//   program exits with "Invalid value for the '<name>' option: '<value>'" on stderr, code 1),
//   size -> digits + K/M/G/T, double -> strtod of the last value (never an error),
//   string -> first value, flag -> "has a value".
import { configEolMessage, parseConfigText, perrorText } from './config-file.js';
import {
  ArgType,
  OptionError,
  logMessage,
  plainMessage,
  typeCode,
  type Message,
  type OptionDef,
  type OptionType,
  type OptionValidator,
  type ReadFileFn,
} from './types.js';
import { parseSbBool, parseSbInt, parseSbSize, splitSbList, strtodPrefix } from './values.js';

/** One option as stored. */
export interface OptionRecord {
  /** stored name: the first spelling seen, with '-' turned into '_' */
  readonly name: string;
  /** type code (ArgType.*); ArgType.NULL for options only ever seen in a config file */
  type: number;
  /** raw text values; empty = no value */
  values: string[];
  validate: OptionValidator | null;
  /** registered from a definition set (as opposed to created by a stray value) */
  declared: boolean;
  /** a bool option's extra words (OptionDef.boolWords) */
  boolWords?: readonly string[];
}

/** Value of an option as exported to Lua (sysbench.opt / legacy globals). */
export type ExportedValue = boolean | number | string | string[] | null;

export interface ExportedOption {
  readonly name: string;
  readonly value: ExportedValue;
}

/**
 * The name under which sysbench stores (and exports) an option: '-' and '_' are the same
 * character in option names, so two names are one option when these are equal.
 */
export function storedOptionName(name: string): string {
  return name.includes('-') ? name.replace(/-/g, '_') : name;
}

function invalidValue(rec: OptionRecord, value: string): OptionError {
  return new OptionError(
    plainMessage('stderr', `Invalid value for the '${rec.name}' option: '${value}'\n`),
  );
}

/** int value of an option record (first value; none -> 0). Throws OptionError when invalid. */
export function optToInt(rec: OptionRecord): number {
  if (rec.values.length === 0) return 0;
  const v = parseSbInt(rec.values[0]);
  if (v === null) throw invalidValue(rec, rec.values[0]);
  return v;
}

/** size value (first value; none -> 0), unsigned 64-bit. */
export function optToSizeBig(rec: OptionRecord): bigint {
  return rec.values.length === 0 ? 0n : parseSbSize(rec.values[0]);
}

/** double value: strtod of the last value (none -> 0). */
export function optToDouble(rec: OptionRecord): number {
  return rec.values.length === 0 ? 0 : strtodPrefix(rec.values[rec.values.length - 1]);
}

/** string value: the first value, or null when there is none. */
export function optToString(rec: OptionRecord): string | null {
  return rec.values.length === 0 ? null : rec.values[0];
}

/** flag value: on when the option has any value. */
export function optToFlag(rec: OptionRecord): boolean {
  return rec.values.length > 0;
}

export interface RegistryIo {
  /** reads --config-file files; without it, every config file fails to open (ENOENT) */
  readFile?: ReadFileFn;
}

export class OptionRegistry {
  private readonly list: OptionRecord[] = [];
  /** the records by stored name: two names are the same option when their stored names are equal */
  private readonly byName = new Map<string, OptionRecord>();
  private readonly readFile: ReadFileFn | undefined;

  constructor(io: RegistryIo = {}) {
    this.readFile = io.readFile;
  }

  /** All options, in the order they were first created. */
  options(): readonly OptionRecord[] {
    return this.list;
  }

  find(name: string): OptionRecord | undefined {
    return this.byName.get(storedOptionName(name));
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  private add(name: string): OptionRecord {
    const found = this.find(name);
    if (found) return found;
    const rec: OptionRecord = {
      name: storedOptionName(name),
      type: ArgType.NULL,
      values: [],
      validate: null,
      declared: false,
    };
    this.list.push(rec);
    this.byName.set(rec.name, rec);
    return rec;
  }

  /**
   * Sets an option's value (set_option): creates the option if needed, replaces its values
   * and type. Returns the record, or null when the value is rejected (bad bool value, the
   * option's validator said no, or a type sysbench cannot store). Output produced on the
   * way (config file errors, "Unknown argument type") is appended to `out`.
   */
  set(name: string, value: string | null, type: OptionType | number, out: Message[] = []): OptionRecord | null {
    const code = typeCode(type);
    const rec = this.add(name);
    rec.values = [];
    rec.type = code;
    if (rec.validate !== null && !rec.validate(name, value)) return null;
    if (code !== ArgType.BOOL && (value === null || value === '')) return rec;
    switch (code) {
      case ArgType.BOOL: {
        const on = parseSbBool(value);
        if (on === null) {
          const word = value === null ? undefined : rec.boolWords?.find((w) => w.toLowerCase() === value.toLowerCase());
          if (word === undefined) return null;
          rec.values.push(word);
          return rec;
        }
        if (on) rec.values.push('on');
        return rec;
      }
      case ArgType.INT:
      case ArgType.SIZE:
      case ArgType.DOUBLE:
      case ArgType.STRING:
        rec.values.push(value as string);
        return rec;
      case ArgType.LIST:
        rec.values.push(...splitSbList(value as string));
        return rec;
      case ArgType.FILE:
        this.loadConfigFile(value as string, out);
        return rec;
      default:
        // sysbench prints this without a newline and rejects the value
        out.push(plainMessage('stdout', `Unknown argument type: ${code}`));
        return null;
    }
  }

  /**
   * Registers a set of definitions (sb_register_arg_set): each option gets its default as
   * value (overwriting whatever a config file put there) and is marked declared. Quirk kept
   * from sysbench: every option of the set gets the validator of the set's FIRST definition.
   * Returns false if a default is rejected (sysbench then fails silently with exit code 1).
   */
  register(defs: readonly OptionDef[], out: Message[] = []): boolean {
    const validator = defs.length > 0 ? (defs[0].validate ?? null) : null;
    for (const def of defs) {
      const rec = this.set(def.name, def.default, def.type, out);
      if (rec === null) return false;
      rec.validate = validator;
      rec.declared = true;
      if (def.boolWords) rec.boolWords = def.boolWords;
    }
    return true;
  }

  /** Copies the first value and the type of `from` into `to` (sb_opt_copy). */
  copy(to: string, from: string): boolean {
    const src = this.find(from);
    if (!src) return false;
    this.set(to, optToString(src), src.type);
    return true;
  }

  /** Reads a config file (the action of a FILE option). */
  loadConfigFile(path: string, out: Message[] = []): void {
    let data: string | Uint8Array;
    try {
      if (!this.readFile) {
        throw Object.assign(new Error('No such file or directory'), { code: 'ENOENT' });
      }
      data = this.readFile(path);
    } catch (err) {
      // fopen() of a directory succeeds and reading it yields nothing: no message
      if ((err as { code?: unknown } | null)?.code === 'EISDIR') return;
      out.push(plainMessage('stderr', perrorText(path, err)));
      return;
    }
    this.applyConfigText(data, out);
  }

  /** Applies config file content (read_config): raw values, no type, no validation. */
  applyConfigText(data: string | Uint8Array, out: Message[] = []): void {
    const parsed = parseConfigText(data);
    for (const entry of parsed.entries) {
      const rec = this.add(entry.name);
      rec.values = [...entry.values];
    }
    if (parsed.errorLine !== null) out.push(plainMessage('stderr', configEolMessage(parsed.errorLine)));
  }

  // Typed getters (sb_get_value_*): an unknown option reads as 0 / off / null / [].

  getFlag(name: string): boolean {
    const rec = this.find(name);
    return rec ? optToFlag(rec) : false;
  }

  /** Throws OptionError("Invalid value for the '<name>' option: '<value>'") when invalid. */
  getInt(name: string): number {
    const rec = this.find(name);
    return rec ? optToInt(rec) : 0;
  }

  /** Size as a JS number (exact up to 2^53); see getSizeBig for the exact value. */
  getSize(name: string): number {
    return Number(this.getSizeBig(name));
  }

  getSizeBig(name: string): bigint {
    const rec = this.find(name);
    return rec ? optToSizeBig(rec) : 0n;
  }

  getDouble(name: string): number {
    const rec = this.find(name);
    return rec ? optToDouble(rec) : 0;
  }

  getString(name: string): string | null {
    const rec = this.find(name);
    return rec ? optToString(rec) : null;
  }

  getList(name: string): string[] {
    const rec = this.find(name);
    return rec ? [...rec.values] : [];
  }

  /**
   * Options that no definition declared: those a lenient test parse accepted as strings and
   * those only a config file mentioned. Values are the raw texts (first value, or null).
   */
  unknownOptions(): { name: string; value: string | null; type: number }[] {
    return this.list
      .filter((o) => !o.declared)
      .map((o) => ({ name: o.name, value: optToString(o), type: o.type }));
  }

  /**
   * Every option as sysbench exports it to Lua (do_export_options): stored name, value by
   * type (bool -> boolean, int/double/size -> number, string -> text or "", list -> array,
   * file -> nil). An option of unknown type (only seen in a config file) exports as nil with
   * a WARNING. Throws OptionError when an int option holds an invalid value, as sysbench
   * exits at that point. Legacy scripts (no sysbench.cmdline.options) get each of these as a
   * global too, unless a global function of that name exists.
   */
  exportOptions(): { options: ExportedOption[]; messages: Message[] } {
    const options: ExportedOption[] = [];
    const messages: Message[] = [];
    for (const o of this.list) {
      let value: ExportedValue;
      switch (o.type) {
        case ArgType.BOOL:
          value = optToFlag(o);
          break;
        case ArgType.INT:
          value = optToInt(o);
          break;
        case ArgType.DOUBLE:
          value = optToDouble(o);
          break;
        case ArgType.SIZE:
          value = Number(optToSizeBig(o));
          break;
        case ArgType.STRING:
          value = optToString(o) ?? '';
          break;
        case ArgType.LIST:
          value = [...o.values];
          break;
        case ArgType.FILE:
          value = null;
          break;
        default:
          messages.push(
            logMessage('warning', `Global option '${o.name}' will not be exported, because the type is unknown`),
          );
          value = null;
      }
      options.push({ name: o.name, value });
    }
    return { options, messages };
  }
}
