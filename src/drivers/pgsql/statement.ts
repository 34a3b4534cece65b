// A named server-side prepared statement (--db-ps-mode=auto), as sysbench's pgsql driver
// makes one: parsed once its parameter types are known (bind_param(), or the first execute
// for the 0.5 API), then run with Bind/Execute and text parameters.
import type { DbCallback, DbResult, DbStatement } from '../driver.js';
import type { Logger } from '../../output.js';
import { SQL_TYPE } from '../sql-type.js';
import { ExecOp, ParseOp, type Op } from './protocol.js';
import { paramOid, paramText } from './params.js';

/** What a statement needs from its connection. */
export interface StatementHost {
  readonly log: Logger;
  run(op: Op): void;
}

export class PgStatement implements DbStatement {
  /** null until bound: the declared sysbench types */
  private types: number[] | null = null;
  /** parsed (or the Parse is on its way) */
  private prepared: boolean;
  /** the parameter texts sent; a NULL leaves the previous text, as sysbench's buffers do */
  private readonly pvalues: (string | null)[];
  private readonly op: ExecOp;

  constructor(
    private readonly conn: StatementHost,
    readonly sql: string,
    readonly paramCount: number,
    readonly name: string,
    readonly text: string,
    prepared: boolean,
  ) {
    this.prepared = prepared;
    this.pvalues = new Array<string | null>(paramCount).fill('');
    this.op = new ExecOp(name, this.pvalues);
  }

  bind(types: readonly number[]): number {
    this.types = types.slice();
    if (this.prepared) return 0;
    if (types.length !== this.paramCount) {
      this.conn.log.alert('wrong number of parameters in prepared statement');
      this.conn.log.debug(`counted: ${this.paramCount}, passed to bind_param(): ${types.length}`);
      return 1;
    }
    this.prepared = true;
    const oids = types.map(paramOid);
    this.conn.run(new ParseOp(this.name, this.text, oids, (err) => {
      if (err === null) return;
      this.prepared = false;
      this.conn.log.fatal(`PQprepare() failed: ${err.report}`);
    }));
    return 0;
  }

  execute(values: unknown[], cb: DbCallback<DbResult>): void {
    // never bound: type the parameters by their values, as sysbench's 0.5 API does (INT, CHAR)
    if (this.types === null && this.paramCount > 0) {
      this.bind(values.map((v) => (typeof v === 'string' ? SQL_TYPE.CHAR : SQL_TYPE.INT)));
    }
    const types = this.types;
    const pv = this.pvalues;
    if (types !== null) {
      const n = Math.min(pv.length, values.length);
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (v !== null && v !== undefined) pv[i] = paramText(types[i], v);
      }
    }
    const op = this.op.busy ? new ExecOp(this.name, pv.slice()) : this.op;
    this.conn.run(op.start(cb));
  }

  close(): void { /* sysbench frees its copy only; the server keeps the statement */ }
}
