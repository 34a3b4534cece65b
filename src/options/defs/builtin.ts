// Options of the built-in tests (src/tests/*/sb_*.c in sysbench 1.0.20), in help order, and
// the compiled-in test list. Debian's build has libaio (file-async-backlog) and large-page
// support (memory-hugetlb).
import type { OptionDef } from '../types.js';

export const FILEIO_OPTIONS: readonly OptionDef[] = [
  { name: 'file-num', description: 'number of files to create', default: '128', type: 'int' },
  { name: 'file-block-size', description: 'block size to use in all IO operations', default: '16384', type: 'int' },
  { name: 'file-total-size', description: 'total size of files to create', default: '2G', type: 'size' },
  {
    name: 'file-test-mode',
    description: 'test mode {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw}',
    default: null,
    type: 'string',
  },
  { name: 'file-io-mode', description: 'file operations mode {sync,async,mmap}', default: 'sync', type: 'string' },
  {
    name: 'file-async-backlog',
    description: 'number of asynchronous operatons to queue per thread',
    default: '128',
    type: 'int',
  },
  {
    name: 'file-extra-flags',
    description: 'list of additional flags to use to open files {sync,dsync,direct}',
    default: '',
    type: 'list',
  },
  {
    name: 'file-fsync-freq',
    description: "do fsync() after this number of requests (0 - don't use fsync())",
    default: '100',
    type: 'int',
  },
  { name: 'file-fsync-all', description: 'do fsync() after each write operation', default: 'off', type: 'bool' },
  { name: 'file-fsync-end', description: 'do fsync() at the end of test', default: 'on', type: 'bool' },
  {
    name: 'file-fsync-mode',
    description: 'which method to use for synchronization {fsync, fdatasync}',
    default: 'fsync',
    type: 'string',
  },
  {
    name: 'file-merged-requests',
    description: "merge at most this number of IO requests if possible (0 - don't merge)",
    default: '0',
    type: 'int',
  },
  { name: 'file-rw-ratio', description: 'reads/writes ratio for combined test', default: '1.5', type: 'double' },
];

export const CPU_OPTIONS: readonly OptionDef[] = [
  { name: 'cpu-max-prime', description: 'upper limit for primes generator', default: '10000', type: 'int' },
];

export const MEMORY_OPTIONS: readonly OptionDef[] = [
  { name: 'memory-block-size', description: 'size of memory block for test', default: '1K', type: 'size' },
  { name: 'memory-total-size', description: 'total size of data to transfer', default: '100G', type: 'size' },
  { name: 'memory-scope', description: 'memory access scope {global,local}', default: 'global', type: 'string' },
  { name: 'memory-hugetlb', description: 'allocate memory from HugeTLB pool', default: 'off', type: 'bool' },
  {
    name: 'memory-oper',
    description: 'type of memory operations {read, write, none}',
    default: 'write',
    type: 'string',
  },
  { name: 'memory-access-mode', description: 'memory access mode {seq,rnd}', default: 'seq', type: 'string' },
];

export const THREADS_OPTIONS: readonly OptionDef[] = [
  { name: 'thread-yields', description: 'number of yields to do per request', default: '1000', type: 'int' },
  { name: 'thread-locks', description: 'number of locks per thread', default: '8', type: 'int' },
];

export const MUTEX_OPTIONS: readonly OptionDef[] = [
  { name: 'mutex-num', description: 'total size of mutex array', default: '4096', type: 'int' },
  { name: 'mutex-locks', description: 'number of mutex locks to do per thread', default: '50000', type: 'int' },
  { name: 'mutex-loops', description: 'number of empty loops to do outside mutex lock', default: '10000', type: 'int' },
];

export interface BuiltinTestInfo {
  readonly sname: string;
  readonly lname: string;
  readonly options: readonly OptionDef[];
}

/** Compiled-in tests, in registration (and help) order. */
export const BUILTIN_TESTS: readonly BuiltinTestInfo[] = [
  { sname: 'fileio', lname: 'File I/O test', options: FILEIO_OPTIONS },
  { sname: 'cpu', lname: 'CPU performance test', options: CPU_OPTIONS },
  { sname: 'memory', lname: 'Memory functions speed test', options: MEMORY_OPTIONS },
  { sname: 'threads', lname: 'Threads subsystem performance test', options: THREADS_OPTIONS },
  { sname: 'mutex', lname: 'Mutex performance test', options: MUTEX_OPTIONS },
];

export function findBuiltinTest(name: string): BuiltinTestInfo | undefined {
  return BUILTIN_TESTS.find((t) => t.sname === name);
}
