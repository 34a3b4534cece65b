// Parameter values as text, the way sysbench's db_print_value() prints a bound value:
// integers with %lld (of the int64 a Lua number converts to), FLOAT/DOUBLE with %f.
import { SQL_TYPE } from './sql-type.js';

const TWO63 = 9223372036854775808;

/** %lld of the int64 a Lua number converts to. */
export function int64Text(v: number): string {
  if (Number.isSafeInteger(v)) return String(v);
  if (!Number.isFinite(v) || v >= TWO63 || v < -TWO63) return '-9223372036854775808';
  return BigInt.asIntN(64, BigInt(Math.trunc(v))).toString();
}

/** printf("%f") */
export function fixedText(v: number): string {
  if (Number.isNaN(v)) return v < 0 ? '-nan' : 'nan';
  if (!Number.isFinite(v)) return v < 0 ? '-inf' : 'inf';
  if (Math.abs(v) < 1e21) {
    const s = v.toFixed(6);
    return Object.is(v, -0) || (v < 0 && !s.startsWith('-')) ? '-' + s : s;
  }
  return BigInt(v).toString() + '.000000';
}

/** The text of a non-NULL number for a parameter of sysbench type `type`. */
export function numberText(type: number, n: number): string {
  if (type === SQL_TYPE.FLOAT || type === SQL_TYPE.DOUBLE) return fixedText(n);
  if (type === SQL_TYPE.TINYINT || type === SQL_TYPE.SMALLINT || type === SQL_TYPE.INT || type === SQL_TYPE.BIGINT) return int64Text(n);
  return Number.isInteger(n) ? int64Text(n) : fixedText(n);
}

/** The sysbench type a parameter is printed as when nothing declared one (the 0.5 API binds by value). */
export function typeOfValue(v: unknown): number {
  return typeof v === 'string' ? SQL_TYPE.VARCHAR : SQL_TYPE.BIGINT;
}
