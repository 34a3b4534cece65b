// fileio's test files: the prepare and cleanup commands (create_files(), remove_files()),
// and opening the files before a run (file_prepare()). Files are test_file.N in the
// current directory, as in sysbench.
import { closeSync, constants as fsc, fstatSync, fsyncSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Logger } from '../../output.js';
import { fmtFixed } from '../../format/printf.js';
import type { SbRng } from '../../rand/sb-rand.js';
import { errnoMessage } from '../../format/errno.js';
import { printValueSize } from '../size.js';
import { alignedBuffer, fillBuffer } from './buffer.js';
import { extraFlagsLine, openFlags, type FileioConfig } from './config.js';

const MEGABYTE = 1024 * 1024;
const MODE = 0o600;

export const fileName = (i: number): string => `test_file.${i}`;

/** create_files(): the prepare command. */
export function createFiles(c: FileioConfig, log: Logger, rng: SbRng): boolean {
  log.notice(`${c.numFiles} files, ${Math.trunc(c.fileSize / 1024)}Kb each, ` +
    `${Math.trunc((c.fileSize * c.numFiles) / MEGABYTE)}Mb total`);
  log.notice('Creating files for the test...');
  log.notice(extraFlagsLine(c.extraFlags));
  const flags = openFlags(c.extraFlags, log);
  if (flags === null) return false;
  const buf = alignedBuffer(c.blockSize);
  if (buf === null) {
    log.fatal('Failed to allocate a memory buffer');
    return false;
  }
  const t0 = performance.now();
  let written = 0;
  for (let i = 0; i < c.numFiles; i++) {
    const name = fileName(i);
    let fd: number;
    try {
      fd = openSync(name, fsc.O_CREAT | fsc.O_WRONLY | flags, MODE);
    } catch (e) {
      log.fatal(errnoMessage("Can't open file", e));
      return false;
    }
    let offset: number;
    try {
      offset = fstatSync(fd).size;
    } catch (e) {
      log.fatal(errnoMessage("Can't open file", e));
      closeSync(fd);
      return false;
    }
    if (offset >= c.fileSize) log.notice(`Reusing existing file ${name}`);
    else if (offset > 0) log.notice(`Extending existing file ${name}`);
    else log.notice(`Creating file ${name}`);
    // whole blocks are appended until the file reaches its size (the last one may overshoot)
    let pos = offset;
    try {
      for (; offset < c.fileSize; written += c.blockSize, offset += c.blockSize) {
        if (c.validate) fillBuffer(buf, c.blockSize, offset, () => rng.uniformUint64Low32() & 0xff);
        pos += writeSync(fd, buf, 0, c.blockSize, pos);
      }
    } catch (e) {
      log.fatal(errnoMessage('Failed to write file!', e));
      closeSync(fd);
      return false;
    }
    // fsync, so that flushing the page cache does not disturb the test
    try {
      fsyncSync(fd);
    } catch {
      // sysbench ignores fsync() errors here
    }
    closeSync(fd);
  }
  const seconds = (performance.now() - t0) / 1000;
  if (written > 0) {
    log.notice(`${written} bytes written in ${fmtFixed(seconds, 2)} seconds (${fmtFixed(written / MEGABYTE / seconds, 2)} MiB/sec).`);
  } else {
    log.notice('No bytes written.');
  }
  return true;
}

/** remove_files(): the cleanup command. Missing files are not an error. */
export function removeFiles(c: FileioConfig, log: Logger): boolean {
  log.notice('Removing test files...');
  for (let i = 0; i < c.numFiles; i++) {
    try {
      unlinkSync(fileName(i));
    } catch {
      // as unlink() in sysbench: ignored
    }
  }
  return true;
}

/**
 * file_prepare(), before a run: sequential write recreates empty files; other modes open
 * the existing files and check they are large enough. The descriptors go to c.fds.
 */
export function openTestFiles(c: FileioConfig, log: Logger): boolean {
  for (let i = 0; i < c.numFiles; i++) {
    const name = fileName(i);
    if (c.testMode === 'seqwr') {
      try {
        unlinkSync(name);
      } catch {
        // it may well not exist
      }
      try {
        closeSync(openSync(name, fsc.O_CREAT | fsc.O_EXCL, MODE));
      } catch (e) {
        log.fatal(errnoMessage(`Cannot create file '${name}'`, e));
        return false;
      }
    }
    log.debug(`Opening file: ${name}`);
    const flags = openFlags(c.extraFlags, log);
    let fd: number;
    try {
      if (flags === null) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      fd = openSync(name, fsc.O_RDWR | flags, MODE);
    } catch (e) {
      log.fatal(errnoMessage(`Cannot open file '${name}'`, e));
      log.warning('Did you forget to run the prepare step?');
      return false;
    }
    c.fds.push(fd);
    if (c.testMode === 'seqwr') continue;
    let size: number;
    try {
      size = fstatSync(fd).size;
    } catch (e) {
      log.fatal(errnoMessage(`fstat() failed on file '${name}'`, e));
      return false;
    }
    if (size < c.fileSize) {
      log.fatal(`Size of file '${name}' is ${printValueSize(size)}B, but at least ${printValueSize(c.fileSize)}B is expected.`);
      log.warning("Did you run 'prepare' with different --file-total-size or --file-num values?");
      return false;
    }
  }
  return true;
}

/** file_done(): closes what openTestFiles() opened. */
export function closeTestFiles(c: FileioConfig): void {
  for (const fd of c.fds) {
    try {
      closeSync(fd);
    } catch {
      // already gone
    }
  }
  c.fds = [];
}
