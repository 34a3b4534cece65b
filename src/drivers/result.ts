// Result shapes the drivers hand back. A result set's rows are read through row(), so a
// driver may decode a row only when the script fetches it.
import { SbCounter } from '../stats/counters.js';
import type { DbResult } from './driver.js';

/** A result set whose rows are already arrays of column values. */
export class RowsResult implements DbResult {
  readonly counter = SbCounter.Read;
  constructor(readonly nrows: number, readonly nfields: number, private readonly rows: readonly (readonly unknown[])[]) {}
  row(i: number): readonly unknown[] | null {
    return i < this.rows.length ? this.rows[i] : null;
  }
}

/** The result of a read whose rows the caller said it drops (DbStatement.execute's dropRows). */
export const DROPPED_ROWS: DbResult = new RowsResult(0, 0, []);

/** A statement without a result set: its affected-row count decides Write or Other. */
export class CountResult implements DbResult {
  readonly nfields = 0;
  readonly counter: SbCounter;
  constructor(readonly nrows: number) {
    this.counter = nrows > 0 ? SbCounter.Write : SbCounter.Other;
  }
  row(): null {
    return null;
  }
}
