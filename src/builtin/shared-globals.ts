// The built-in tests' globals in shared memory, next to the runner's (src/runner/shared-memory.ts):
// counters and state that sysbench keeps in globals shared by all its threads.
//
// Layout of the control buffer: Int32 words first (one cache line each for the hot ones),
// then the fileio request generator's state as Float64 values.

/** Int32 words of the control buffer. */
export const enum GlobalWord {
  /** threads test: requests handed out (ck_pr_faa on req_performed) */
  ThreadsReq = 0,
  /** threads that stopped because --time expired / because --events was reached */
  StopTime = 16,
  StopEvents = 17,
  /** mutex test: the variable incremented under the locks */
  MutexGlobal = 32,
  /** fileio: the global mutex around request generation and statistics (exec_mutex) */
  FileioLock = 48,
  Words = 64,
}

/** Float64 slots of the fileio state, after the Int32 words. */
export const enum FileioGlobal {
  Position = 0,
  CurrentFile = 1,
  FsyncedFile = 2,
  IsDirty = 3,
  ReqPerformed = 4,
  ReadOps = 5,
  WriteOps = 6,
  OtherOps = 7,
  BytesRead = 8,
  BytesWritten = 9,
  /** the previous sequential request (--validate) */
  PrevOp = 10,
  PrevFile = 11,
  PrevPos = 12,
  PrevSize = 13,
  /** per thread: the block its last random request used (file, position) */
  ThreadBase = 16,
}

const FLOAT_OFFSET = GlobalWord.Words * 4;

export interface BuiltinViews {
  words: Int32Array;
  fio: Float64Array;
}

export function allocBuiltinShared(threads: number): SharedArrayBuffer {
  const sab = new SharedArrayBuffer(FLOAT_OFFSET + (FileioGlobal.ThreadBase + 2 * Math.max(1, threads)) * 8);
  const fio = new Float64Array(sab, FLOAT_OFFSET);
  for (let t = 0; t < threads; t++) {
    fio[FileioGlobal.ThreadBase + 2 * t] = -1;
    fio[FileioGlobal.ThreadBase + 2 * t + 1] = -1;
  }
  fio[FileioGlobal.PrevOp] = -1;
  return sab;
}

export function builtinViews(sab: SharedArrayBuffer): BuiltinViews {
  return { words: new Int32Array(sab, 0, GlobalWord.Words), fio: new Float64Array(sab, FLOAT_OFFSET) };
}
