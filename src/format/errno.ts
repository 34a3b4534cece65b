// C's errno numbers and glibc's strerror() texts for Node.js errors (which carry the code name,
// not the C text), for the errors file and socket I/O can meet: sysbench's log_errno() lines, the
// Lua io library's error results, perror() lines, libpq's connection failures.
import { constants } from 'node:os';

const TEXT: Record<string, string> = {
  EPERM: 'Operation not permitted',
  ENOENT: 'No such file or directory',
  EINTR: 'Interrupted system call',
  EIO: 'Input/output error',
  ENXIO: 'No such device or address',
  EBADF: 'Bad file descriptor',
  EAGAIN: 'Resource temporarily unavailable',
  ENOMEM: 'Cannot allocate memory',
  EACCES: 'Permission denied',
  EFAULT: 'Bad address',
  EBUSY: 'Device or resource busy',
  EEXIST: 'File exists',
  EXDEV: 'Invalid cross-device link',
  ENODEV: 'No such device',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EINVAL: 'Invalid argument',
  ENFILE: 'Too many open files in system',
  EMFILE: 'Too many open files',
  ETXTBSY: 'Text file busy',
  EFBIG: 'File too large',
  ENOSPC: 'No space left on device',
  ESPIPE: 'Illegal seek',
  EROFS: 'Read-only file system',
  EMLINK: 'Too many links',
  EPIPE: 'Broken pipe',
  ENAMETOOLONG: 'File name too long',
  ENOSYS: 'Function not implemented',
  ELOOP: 'Too many levels of symbolic links',
  EOVERFLOW: 'Value too large for defined data type',
  EOPNOTSUPP: 'Operation not supported',
  EDQUOT: 'Disk quota exceeded',
  ESTALE: 'Stale file handle',
  ENETUNREACH: 'Network is unreachable',
  ECONNRESET: 'Connection reset by peer',
  ETIMEDOUT: 'Connection timed out',
  ECONNREFUSED: 'Connection refused',
  EHOSTUNREACH: 'No route to host',
  EADDRNOTAVAIL: 'Cannot assign requested address',
};

/** glibc's strerror() text for error `code` ('ENOENT'), when the table has it. */
export function strerror(code: string): string | undefined {
  return Object.hasOwn(TEXT, code) ? TEXT[code] : undefined;
}

export interface Errno {
  errno: number;
  text: string;
}

/** The C errno of a Node.js error (0, "Success" when there is none). */
export function errnoOf(err: unknown): Errno {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const n = (constants.errno as Record<string, number | undefined>)[code];
    if (n !== undefined) return { errno: n, text: strerror(code) ?? (err as Error).message ?? code };
  }
  if (err === null || err === undefined) return { errno: 0, text: 'Success' };
  return { errno: 0, text: err instanceof Error ? err.message : String(err) };
}

/** An error as Node.js raises them for C error `code` ('EINVAL'): errnoOf() gives its number and text. */
export function systemError(code: string): Error & { code: string } {
  return Object.assign(new Error(strerror(code) ?? code), { code });
}

/** The text log_errno() prints. */
export function errnoMessage(msg: string, err: unknown): string {
  const e = errnoOf(err);
  return `${msg} errno = ${e.errno} (${e.text})`;
}
