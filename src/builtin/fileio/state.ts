// fileio's shared state (sysbench keeps it in globals guarded by one mutex): the sequential
// position, the fsync cycle, the request count, the I/O statistics. It lives in the
// built-in tests' shared buffer, so every worker and the main thread (reports) see it.
import { SharedMutexes } from '../locks.js';
import { GlobalWord, FileioGlobal, builtinViews } from '../shared-globals.js';

export class FileioShared {
  readonly f: Float64Array;
  private readonly m: SharedMutexes;

  constructor(sab: SharedArrayBuffer) {
    this.f = builtinViews(sab).fio;
    this.m = new SharedMutexes(sab, 1, GlobalWord.FileioLock * 4, 1);
  }

  lock(): void {
    this.m.lock(0);
  }

  unlock(): void {
    this.m.unlock(0);
  }
}

/** Totals the reports read (file_report_intermediate / file_report_cumulative). */
export interface FileioTotals {
  readOps: number;
  writeOps: number;
  otherOps: number;
  bytesRead: number;
  bytesWritten: number;
}

/** The main thread's side: reads the statistics for reports, clears them as sysbench does. */
export class FileioReportState {
  private lastRead = 0;
  private lastWritten = 0;
  private lastOther = 0;

  constructor(private readonly s: FileioShared) {}

  /** Deltas since the previous intermediate report. */
  intermediate(): { bytesRead: number; bytesWritten: number; otherOps: number } {
    const { s } = this;
    const f = s.f;
    s.lock();
    const r = f[FileioGlobal.BytesRead];
    const w = f[FileioGlobal.BytesWritten];
    const o = f[FileioGlobal.OtherOps];
    s.unlock();
    const d = { bytesRead: r - this.lastRead, bytesWritten: w - this.lastWritten, otherOps: o - this.lastOther };
    this.lastRead = r;
    this.lastWritten = w;
    this.lastOther = o;
    return d;
  }

  /** Totals since the previous cumulative report; then every counter starts again at 0. */
  cumulative(): FileioTotals {
    const { s } = this;
    const f = s.f;
    s.lock();
    const t: FileioTotals = {
      readOps: f[FileioGlobal.ReadOps], writeOps: f[FileioGlobal.WriteOps], otherOps: f[FileioGlobal.OtherOps],
      bytesRead: f[FileioGlobal.BytesRead], bytesWritten: f[FileioGlobal.BytesWritten],
    };
    f[FileioGlobal.ReadOps] = f[FileioGlobal.WriteOps] = f[FileioGlobal.OtherOps] = f[FileioGlobal.BytesRead] = f[FileioGlobal.BytesWritten] = 0;
    this.lastRead = this.lastWritten = this.lastOther = 0;
    s.unlock();
    return t;
  }
}
