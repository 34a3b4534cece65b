// Client-side prepared statements, for every driver: --db-ps-mode=disable, and statements
// the server cannot prepare (MySQL's ER_UNSUPPORTED_PS). As sysbench's db_print_value()
// does, each execute prints the values into the statement text (NULL, %lld, %f) and sends
// it as a plain query. Unlike sysbench, strings are quoted by the connection, so a value
// with a quote or a backslash reaches the server intact.
import type { DbCallback, DbConnection, DbResult, DbStatement } from './driver.js';
import { SQL_TYPE } from './sql-type.js';
import { numberText, typeOfValue } from './value-text.js';

export class ClientStatement implements DbStatement {
  readonly paramCount: number;
  /** the text between the `?` placeholders */
  private readonly parts: string[];
  private types: readonly number[] | null = null;
  /**
   * sysbench's string parameters are fixed buffers that a shorter value overwrites only in
   * part: the old tail stays behind and is printed with it.
   */
  private readonly buffers: string[];
  /** the text of the last execute (sysbench logs a failure with it, as a query) */
  lastText = '';

  constructor(private readonly con: DbConnection, readonly sql: string) {
    this.parts = sql.split('?');
    this.paramCount = this.parts.length - 1;
    this.buffers = new Array<string>(this.paramCount).fill('');
  }

  bind(types: readonly number[]): number {
    this.types = types.slice();
    return 0;
  }

  execute(values: unknown[], cb: DbCallback<DbResult>, dropRows = false): void {
    const parts = this.parts;
    let text = parts[0];
    for (let i = 1; i < parts.length; i++) text += this.literal(i - 1, values[i - 1]) + parts[i];
    this.lastText = text;
    this.con.query(text, cb, dropRows);
  }

  private literal(i: number, v: unknown): string {
    if (v === null || v === undefined) return 'NULL';
    const type = this.types?.[i] ?? typeOfValue(v);
    if (typeof v === 'string' || type === SQL_TYPE.CHAR || type === SQL_TYPE.VARCHAR) {
      const s = String(v);
      const old = this.buffers[i];
      const buf = s.length >= old.length ? s : s + old.slice(s.length);
      this.buffers[i] = buf;
      return this.con.quote(buf);
    }
    return numberText(type, typeof v === 'number' ? v : Number(v));
  }

  close(): void {}
}
