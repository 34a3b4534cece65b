// fileio's options (parse_arguments() of sysbench's src/tests/fileio), checked in sysbench's
// order with its messages, and the run's mode banner (file_print_mode()).
import { constants as fsc } from 'node:fs';
import type { Logger } from '../../output.js';
import type { OptionRegistry } from '../../options/registry.js';
import { formatOptions } from '../../options/help.js';
import { FILEIO_OPTIONS } from '../../options/defs/builtin.js';
import { fmtFixed } from '../../format/printf.js';
import { printValueSize } from '../size.js';

export type FileTestMode = 'seqwr' | 'seqrewr' | 'seqrd' | 'rndrd' | 'rndwr' | 'rndrw';
export type FileIoMode = 'sync' | 'async' | 'mmap';

export const FLAG_SYNC = 1;
export const FLAG_DSYNC = 2;
export const FLAG_DIRECT = 4;

export interface FileioConfig {
  kind: 'fileio';
  numFiles: number;
  totalSize: number;
  /** total size / number of files */
  fileSize: number;
  blockSize: number;
  /** only read for `run`; prepare and cleanup leave it null */
  testMode: FileTestMode | null;
  ioMode: FileIoMode;
  asyncBacklog: number;
  /** FLAG_* bits */
  extraFlags: number;
  fsyncFreq: number;
  fsyncAll: boolean;
  fsyncEnd: boolean;
  fdatasync: boolean;
  mergedRequests: number;
  /** bytes per sequential request (block size times merged requests) */
  requestSize: number;
  /** a C float */
  rwRatio: number;
  validate: boolean;
  debug: boolean;
  threads: number;
  /** --events, for the banner */
  maxEvents: bigint;
  /** descriptors of the open test files (run only, filled by openTestFiles) */
  fds: number[];
}

const MODES: readonly FileTestMode[] = ['seqwr', 'seqrewr', 'seqrd', 'rndrd', 'rndwr', 'rndrw'];

export interface FileioGlobals {
  command: string;
  threads: number;
  validate: boolean;
  debug: boolean;
  maxEvents: bigint;
}

/** parse_arguments(); null when an option is invalid (the messages are out). */
export function fileioParse(reg: OptionRegistry, g: FileioGlobals, log: Logger, out: (text: string) => void): FileioConfig | null {
  const numRaw = reg.getInt('file-num');
  if (numRaw <= 0) {
    log.fatal(`Invalid value for file-num: ${numRaw}`);
    return null;
  }
  const totalBig = BigInt.asIntN(64, reg.getSizeBig('file-total-size'));
  if (totalBig <= 0n) {
    log.fatal(`Invalid value for file-total-size: ${totalBig}`);
    return null;
  }
  const totalSize = Number(totalBig);
  const numFiles = numRaw;
  const fileSize = Number(totalBig / BigInt(numFiles));

  let testMode: FileTestMode | null = null;
  if (g.command === 'run') {
    const mode = reg.getString('file-test-mode');
    if (mode === null) {
      log.fatal('Missing required argument: --file-test-mode\n');
      log.notice('fileio options:');
      out(formatOptions(FILEIO_OPTIONS));
      return null;
    }
    if (!(MODES as readonly string[]).includes(mode)) {
      log.fatal(`Invalid IO operations mode: ${mode}.`);
      return null;
    }
    testMode = mode as FileTestMode;
  }

  const io = reg.getString('file-io-mode') ?? 'sync';
  if (io !== 'sync' && io !== 'async' && io !== 'mmap') {
    log.fatal(`unknown I/O mode: ${io}`);
    return null;
  }
  if (io === 'mmap' && g.command === 'run') {
    log.fatal("mmap'ed I/O mode is not supported by sysbench-ts: Node.js cannot map files into memory. " +
      'Use --file-io-mode=sync or --file-io-mode=async.');
    return null;
  }

  const merged = reg.getInt('file-merged-requests');
  if (merged < 0) {
    log.fatal(`Invalid value for file-merged-requests: ${merged}.`);
    return null;
  }
  // read as a size and kept in a C int
  const blockSize = Number(BigInt.asIntN(32, reg.getSizeBig('file-block-size')));
  if (blockSize <= 0) {
    log.fatal(`Invalid value for file-block-size: ${blockSize}.`);
    return null;
  }
  const requestSize = merged > 0 ? blockSize * merged : blockSize;

  let extraFlags = 0;
  for (const v of reg.getList('file-extra-flags')) {
    if (v === 'sync') extraFlags |= FLAG_SYNC;
    else if (v === 'dsync') extraFlags |= FLAG_DSYNC;
    else if (v === 'direct') extraFlags |= FLAG_DIRECT;
    else {
      log.fatal(`Invalid value for file-extra-flags: ${reg.getString('file-extra-flags') ?? '(null)'}`);
      return null;
    }
  }

  let fsyncFreq = reg.getInt('file-fsync-freq');
  if (fsyncFreq < 0) {
    log.fatal(`Invalid value for file-fsync-freq: ${fsyncFreq}.`);
    return null;
  }
  let fsyncEnd = reg.getFlag('file-fsync-end');
  const fsyncAll = reg.getFlag('file-fsync-all');
  // --file-fsync-all overrides --file-fsync-end and --file-fsync-freq
  if (fsyncAll) {
    fsyncEnd = false;
    fsyncFreq = 0;
  }
  const fsyncMode = reg.getString('file-fsync-mode');
  if (fsyncMode !== 'fsync' && fsyncMode !== 'fdatasync') {
    log.fatal(`Invalid fsync mode: ${fsyncMode ?? '(null)'}.`);
    return null;
  }
  const rwRatio = Math.fround(reg.getDouble('file-rw-ratio'));
  if (rwRatio < 0) {
    log.fatal(`Invalid value for --file-rw-ratio: ${fmtFixed(rwRatio, 6)}.`);
    return null;
  }
  if (requestSize > 4 * 1024 * 1024 * 1024 - 65536) {
    log.fatal('Failed to allocate a memory buffer');
    return null;
  }
  return {
    kind: 'fileio', numFiles, totalSize, fileSize, blockSize, testMode, ioMode: io, asyncBacklog: 0, extraFlags,
    fsyncFreq, fsyncAll, fsyncEnd, fdatasync: fsyncMode === 'fdatasync', mergedRequests: merged, requestSize,
    rwRatio, validate: g.validate, debug: g.debug, threads: g.threads, maxEvents: g.maxEvents, fds: [],
  };
}

/** file_init(): the option checks of `run` beyond parse_arguments(). */
export function fileioInit(reg: OptionRegistry, g: FileioGlobals, log: Logger, out: (text: string) => void): FileioConfig | null {
  const c = fileioParse(reg, g, log, out);
  if (c === null) return null;
  if (c.fileSize === 0 && isRandomMode(c.testMode)) {
    // sysbench divides by the file size here and dies of SIGFPE
    log.fatal(`Invalid value for file-total-size: ${c.totalSize} bytes make empty files for ${c.numFiles} files`);
    return null;
  }
  if (c.ioMode === 'async') {
    const backlog = reg.getInt('file-async-backlog');
    if (backlog <= 0) {
      log.fatal(`Invalid value of file-async-backlog: ${backlog}`);
      return null;
    }
    c.asyncBacklog = backlog;
  }
  return c;
}

/** "Extra file open flags: ..." */
export function extraFlagsLine(flags: number): string {
  return 'Extra file open flags: ' +
    (flags === 0 ? '(none)' : '') +
    (flags & FLAG_SYNC ? 'sync ' : '') +
    (flags & FLAG_DSYNC ? 'dsync ' : '') +
    (flags & FLAG_DIRECT ? 'directio' : '');
}

/**
 * convert_extra_flags(): open() flags for the FLAG_* bits, or null after a FATAL line.
 * O_DIRECT comes from Node.js's fs.constants; where Node.js does not define it (not
 * Linux), direct I/O cannot be requested and the test says so.
 */
export function openFlags(flags: number, log: Logger): number | null {
  if (flags === 0) return 0;
  let f = 0;
  if (flags & FLAG_SYNC) f |= fsc.O_SYNC;
  if (flags & FLAG_DSYNC) {
    if (fsc.O_DSYNC === undefined) {
      log.fatal('--file-extra-flags=dsync is not supported on this platform.');
      return null;
    }
    f |= fsc.O_DSYNC;
  }
  if (flags & FLAG_DIRECT) {
    if (fsc.O_DIRECT === undefined) {
      log.fatal('--file-extra-flags=direct is not supported on this platform: Node.js has no O_DIRECT here.');
      return null;
    }
    f |= fsc.O_DIRECT;
  }
  // sysbench compares the whole bit set with its largest flag, so direct combined with
  // anything else is refused
  if (flags > FLAG_DIRECT) {
    log.fatal(`Unknown extra flags value: ${flags}`);
    return null;
  }
  return f;
}

const MODE_TEXT: Record<FileTestMode, string> = {
  seqwr: 'sequential write (creation)',
  seqrewr: 'sequential rewrite',
  seqrd: 'sequential read',
  rndrd: 'random read',
  rndwr: 'random write',
  rndrw: 'random r/w',
};

const IO_TEXT: Record<FileIoMode, string> = { sync: 'synchronous', async: 'asynchronous', mmap: 'fast mmaped' };

export function isRandomMode(m: FileTestMode | null): boolean {
  return m === 'rndrd' || m === 'rndwr' || m === 'rndrw';
}

/** file_print_mode() */
export function fileioPrintMode(c: FileioConfig, log: Logger): void {
  log.notice(extraFlagsLine(c.extraFlags));
  log.notice(`${c.numFiles} files, ${printValueSize(c.fileSize)}B each`);
  log.notice(`${printValueSize(c.fileSize * c.numFiles)}B total file size`);
  log.notice(`Block size ${printValueSize(c.blockSize)}B`);
  if (c.mergedRequests > 0) log.notice(`Merging requests up to ${printValueSize(c.requestSize)}B for sequential IO.`);
  if (isRandomMode(c.testMode)) {
    log.notice(`Number of IO requests: ${c.maxEvents}`);
    log.notice(`Read/Write ratio for combined random IO test: ${fmtFixed(c.rwRatio, 2, { width: 2 })}`);
  }
  if (c.fsyncFreq > 0) log.notice(`Periodic FSYNC enabled, calling fsync() each ${c.fsyncFreq} requests.`);
  if (c.fsyncEnd) log.notice('Calling fsync() at the end of test, Enabled.');
  if (c.fsyncAll) log.notice('Calling fsync() after each write operation.');
  log.notice(`Using ${IO_TEXT[c.ioMode]} I/O mode`);
  if (c.validate) log.notice('Using checksums validation.');
  log.notice(`Doing ${MODE_TEXT[c.testMode ?? 'seqrd']} test`);
}
