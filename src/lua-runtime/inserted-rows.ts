// Where completed multi-row INSERTs (bulk-insert.ts) report their rows. Nothing listens unless
// the program shows insert progress: the CLI and the Lua workers wire src/progress.ts here.
export type RowsListener = (rows: number) => void;

let listener: RowsListener | null = null;

/** Sets this thread's listener (null: none). */
export function onRowsInserted(l: RowsListener | null): void {
  listener = l;
}

/** `n` rows were inserted by this thread. */
export function rowsInserted(n: number): void {
  if (listener !== null && n > 0) listener(n);
}
