// Reading the general options into settings, in sysbench 1.0.20's order (init() in
// sysbench.c, with sb_thread_init() and sb_rand_init() at their places), including the
// deprecated aliases. Everything printed here goes out BEFORE the header, on stdout with a
// log prefix ("WARNING: ", "FATAL: "), except invalid int values, which sysbench reports on
// stderr ("Invalid value for the 'threads' option: 'abc'") and exits 1 at once.
//
// Deprecated aliases (a warning on stdout, then the alias's text value and type are copied
// over the new option, so Lua sees the copied value too):
//   --num-threads  -> --threads  when its value, as unsigned, is > 1
//   --max-requests -> --events   when its value, as unsigned 64-bit, is > 0 (so -1 counts)
//   --max-time     -> --time     when its value is > 0 (signed)
//   --tx-rate      -> --rate     when its value, as unsigned, is > 0 (so -1 counts)
// with "WARNING: --num-threads is deprecated, use --threads instead" etc. --test is handled
// by the parser (its warning goes to stderr).
import type { OptionRegistry } from './registry.js';
import { totalmem } from 'node:os';
import { OptionError, logMessage, plainMessage, type Message } from './types.js';
import { strtol10 } from './values.js';

export const MAX_CHECKPOINTS = 256;

export interface DeprecatedAlias {
  readonly alias: string;
  readonly target: string;
}

/** In the order init() checks them (tx-rate comes later, after the rand settings). */
export const DEPRECATED_ALIASES: readonly DeprecatedAlias[] = [
  { alias: 'num-threads', target: 'threads' },
  { alias: 'max-requests', target: 'events' },
  { alias: 'max-time', target: 'time' },
  { alias: 'tx-rate', target: 'rate' },
];

export function deprecationWarning(alias: string, target: string): Message {
  return logMessage('warning', `--${alias} is deprecated, use --${target} instead`);
}

const u32 = (n: number): number => n >>> 0;

/**
 * Applies one alias: reads it (may throw OptionError for an invalid int), and if it is in
 * effect copies it over the target and returns the warning. Returns the effective int value
 * of the target (the alias's value when the alias wins).
 */
export function applyDeprecatedAlias(
  reg: OptionRegistry,
  alias: DeprecatedAlias,
): { value: number; warning: Message | null } {
  const v = reg.getInt(alias.alias);
  let active: boolean;
  switch (alias.alias) {
    case 'num-threads':
      active = u32(v) > 1;
      break;
    case 'max-time':
      active = v > 0;
      break;
    default:
      active = v !== 0; // unsigned compare with 0
  }
  if (!active) return { value: reg.getInt(alias.target), warning: null };
  reg.copy(alias.target, alias.alias);
  return { value: v, warning: deprecationWarning(alias.alias, alias.target) };
}

export interface GeneralSettings {
  /** --threads (unsigned, as sysbench holds it: -1 becomes 4294967295) */
  threads: number;
  /** --events, unsigned 64-bit */
  maxEvents: bigint;
  /** --time as given (int; negative values wrap in maxTimeNs like sysbench) */
  maxTime: number;
  maxTimeNs: bigint;
  forceShutdown: boolean;
  /** extra seconds after --time before forcing shutdown (unsigned) */
  shutdownTimeout: number;
  /** --thread-stack-size as sysbench's int */
  threadStackSize: number;
  debug: boolean;
  validate: boolean;
  randSeed: number;
  randType: string;
  randSpecIter: number;
  randSpecPct: number;
  randSpecRes: number;
  randParetoH: number;
  /** --rate (unsigned) */
  txRate: number;
  /** --report-interval (unsigned) */
  reportInterval: number;
  /** --report-checkpoints, sorted ascending */
  checkpoints: number[];
  // sysbench 1.1 backports and extensions (absent options read as 0)
  warmupTime: number;
  threadInitTimeout: number;
  randZipfianExp: number;
  workerThreads: number;
}

export type SettingsResult =
  | { ok: true; settings: GeneralSettings; messages: Message[] }
  | { ok: false; messages: Message[]; error: OptionError };

export interface SettingsOptions {
  /** --rand-type values accepted (1.0.20: uniform, gaussian, special, pareto) */
  randTypes?: readonly string[];
  /** the machine's memory in bytes (default: os.totalmem()) */
  totalMemory?: number;
}

/** The least memory a thread of ours takes (shared counters, seeds, a coroutine), in bytes. */
export const MIN_THREAD_BYTES = 1024;

const gib = (bytes: number): string => (bytes / 2 ** 30).toFixed(1);

const DEFAULT_RAND_TYPES = ['uniform', 'gaussian', 'special', 'pareto'];

/** C's (unsigned)(double): truncation, wrapped to 32 bits. */
function toU32(x: number): number {
  const t = Math.trunc(x);
  return Number(BigInt.asUintN(32, BigInt(Number.isFinite(t) ? t : 0)));
}

/**
 * init()'s option handling. Mutates the registry like sysbench (alias copies; --debug sets
 * --verbosity to 5). Messages come in output order; on failure print them, then the error
 * (its own stream; "FATAL: ..." errors are on stdout), and exit with error.exitCode.
 */
export function resolveGeneralSettings(reg: OptionRegistry, opts: SettingsOptions = {}): SettingsResult {
  const messages: Message[] = [];
  const fatal = (body: string): SettingsResult => ({
    ok: false,
    messages,
    error: new OptionError(logMessage('fatal', body)),
  });
  try {
    const [aThreads, aEvents, aTime, aRate] = DEPRECATED_ALIASES;

    const t = applyDeprecatedAlias(reg, aThreads);
    if (t.warning) messages.push(t.warning);
    const threads = u32(t.value);
    if (threads === 0) return fatal(`Invalid value for --threads: ${threads}.\n`);

    const e = applyDeprecatedAlias(reg, aEvents);
    if (e.warning) messages.push(e.warning);
    const maxEvents = BigInt.asUintN(64, BigInt(e.value));

    const m = applyDeprecatedAlias(reg, aTime);
    if (m.warning) messages.push(m.warning);
    const maxTime = m.value;
    // sysbench takes a negative --time as ~584 years (and hangs without --events): refuse it
    if (maxTime < 0) return fatal(`Invalid value for --time: ${maxTime} (0 means no time limit)`);
    const maxTimeNs = BigInt.asUintN(64, BigInt.asUintN(64, BigInt(maxTime)) * 1000000000n);

    if (maxEvents === 0n && maxTimeNs === 0n) {
      messages.push(logMessage('warning', 'Both event and time limits are disabled, running an endless test'));
    }

    let forceShutdown = false;
    let shutdownTimeout = 0;
    if (maxTimeNs > 0n) {
      const seconds = Number(maxTimeNs) / 1e9;
      const fs = reg.getString('forced-shutdown');
      if (fs === null) {
        forceShutdown = true;
        shutdownTimeout = toU32(seconds / 20);
      } else if (fs.replace(/[A-Z]/g, (c) => c.toLowerCase()) !== 'off') {
        forceShutdown = true;
        const { value, end } = strtol10(fs);
        shutdownTimeout = Number(BigInt.asUintN(32, value));
        if (fs[end] === '%') {
          shutdownTimeout = toU32((shutdownTimeout * seconds) / 100);
        } else if (fs === '' || end !== fs.length) {
          return fatal(`Invalid value for --forced-shutdown: '${fs}'`);
        }
      }
    }

    const threadStackSize = Number(BigInt.asIntN(32, reg.getSizeBig('thread-stack-size')));
    if (threadStackSize <= 0) return fatal(`Invalid value for thread-stack-size: ${threadStackSize}.\n`);
    // sb_thread_init() allocates the threads' array; sysbench fails there for --threads=-1
    const memory = opts.totalMemory ?? totalmem();
    if (threads * MIN_THREAD_BYTES > memory) {
      return {
        ok: false,
        messages,
        error: new OptionError(plainMessage('stdout', `FATAL: Memory allocation failure.\n\n`
          + `FATAL: ${threads} threads do not fit in this machine's memory (${gib(memory)} GiB)\n`)),
      };
    }

    const debug = reg.getFlag('debug');
    if (debug) {
      const v = reg.find('verbosity');
      if (v) reg.set(v.name, '5', v.type);
    }
    const validate = reg.getFlag('validate');

    // sb_rand_init()
    const randSeed = reg.getInt('rand-seed');
    const randType = reg.getString('rand-type');
    if (randType === null || !(opts.randTypes ?? DEFAULT_RAND_TYPES).includes(randType)) {
      return fatal(`Invalid random numbers distribution: ${randType ?? '(null)'}.`);
    }
    const randSpecIter = reg.getInt('rand-spec-iter');
    const randSpecPct = reg.getInt('rand-spec-pct');
    const randSpecRes = reg.getInt('rand-spec-res');
    const randParetoH = reg.getDouble('rand-pareto-h');
    const randZipfianExp = reg.has('rand-zipfian-exp') ? reg.getDouble('rand-zipfian-exp') : 0;
    if (reg.has('rand-zipfian-exp') && randZipfianExp < 0) return fatal('--rand-zipfian-exp must be >= 0');

    const r = applyDeprecatedAlias(reg, aRate);
    if (r.warning) messages.push(r.warning);
    const txRate = u32(r.value);

    const reportInterval = u32(reg.getInt('report-interval'));

    const checkpoints: number[] = [];
    for (const val of reg.getList('report-checkpoints')) {
      const { value, end } = strtol10(val);
      if (end !== val.length || value < 0n || value > 2147483647n) {
        return fatal(`Invalid value for --report-checkpoints: '${val}'`);
      }
      if (checkpoints.length + 1 > MAX_CHECKPOINTS) {
        return fatal(`Too many checkpoints in --report-checkpoints (up to ${MAX_CHECKPOINTS} can be defined)`);
      }
      checkpoints.push(Number(value));
    }
    checkpoints.sort((a, b) => a - b);

    return {
      ok: true,
      messages,
      settings: {
        threads,
        maxEvents,
        maxTime,
        maxTimeNs,
        forceShutdown,
        shutdownTimeout,
        threadStackSize,
        debug,
        validate,
        randSeed,
        randType,
        randSpecIter,
        randSpecPct,
        randSpecRes,
        randParetoH,
        txRate,
        reportInterval,
        checkpoints,
        warmupTime: reg.getInt('warmup-time'),
        threadInitTimeout: reg.getInt('thread-init-timeout'),
        randZipfianExp,
        workerThreads: reg.getInt('worker-threads'),
      },
    };
  } catch (err) {
    if (err instanceof OptionError) return { ok: false, messages, error: err };
    throw err;
  }
}

export interface LogSettings {
  /** --verbosity as sysbench holds it (unsigned char: 256 -> 0) */
  verbosity: number;
  percentile: number;
  histogram: boolean;
}

export type LogSettingsResult =
  | { ok: true; settings: LogSettings }
  | { ok: false; error: OptionError };

/**
 * log_init()'s option checks, run after resolveGeneralSettings(). Verbosity above 5 prints
 * "Invalid value for verbosity: N" on stdout (no prefix); a bad --percentile and
 * --histogram with --percentile=0 are FATAL lines on stdout. Exit code 1 for all.
 */
export function resolveLogSettings(reg: OptionRegistry): LogSettingsResult {
  try {
    const verbosity = reg.getInt('verbosity') & 0xff;
    if (verbosity > 5) {
      return { ok: false, error: new OptionError({ stream: 'stdout', text: `Invalid value for verbosity: ${verbosity}\n` }) };
    }
    const percentile = reg.getInt('percentile');
    if (percentile < 0 || percentile > 100) {
      return { ok: false, error: new OptionError(logMessage('fatal', `Invalid value for --percentile: ${percentile}`)) };
    }
    const histogram = reg.getFlag('histogram');
    if (percentile === 0 && histogram) {
      return { ok: false, error: new OptionError(logMessage('fatal', '--histogram cannot be used with --percentile=0')) };
    }
    return { ok: true, settings: { verbosity, percentile, histogram } };
  } catch (err) {
    if (err instanceof OptionError) return { ok: false, error: err };
    throw err;
  }
}
