// Statement text and parameter values as sysbench's libpq driver sends them: '?' becomes
// '$n', parameters are declared with the OIDs of their sysbench types, values are text
// (C strings: a NUL ends them, as libpq sends them), and client-side statements quote
// strings as PQescapeStringConn() would.
import { SQL_TYPE } from '../sql-type.js';
import { numberText } from '../value-text.js';

/** The parameter type OIDs sysbench declares for each sysbench.sql.type (-1: unknown type). */
export function paramOid(type: number): number {
  switch (type) {
    case SQL_TYPE.TINYINT: return 0;
    case SQL_TYPE.SMALLINT: return 21;
    case SQL_TYPE.INT: return 23;
    case SQL_TYPE.BIGINT: return 20;
    case SQL_TYPE.FLOAT: return 700;
    case SQL_TYPE.DOUBLE: return 701;
    case SQL_TYPE.DATETIME: return 0;
    case SQL_TYPE.TIMESTAMP: return 1114;
    case SQL_TYPE.CHAR: return 18;
    case SQL_TYPE.VARCHAR: return 1043;
    default: return -1;
  }
}

/** sysbench's '?' → '$n' rewrite for server-side statements. */
export function numberPlaceholders(sql: string): { text: string; count: number } {
  let count = 0;
  let text = '';
  let from = 0;
  for (let i = sql.indexOf('?'); i >= 0; i = sql.indexOf('?', i + 1)) {
    text += sql.slice(from, i) + '$' + String(++count);
    from = i + 1;
  }
  return { text: count === 0 ? sql : text + sql.slice(from), count };
}

/** A string as libpq passes it: up to its first NUL (PostgreSQL text cannot hold one). */
export function cString(s: string): string {
  const nul = s.indexOf('\0');
  return nul < 0 ? s : s.slice(0, nul);
}

/** The text of a non-NULL value for a parameter of sysbench type `type`. */
export function paramText(type: number, v: unknown): string {
  if (typeof v === 'string') return cString(v);
  return numberText(type, typeof v === 'number' ? v : Number(v));
}

/**
 * A string literal: quotes doubled; backslashes doubled too when the server reads them as
 * escapes (standard_conforming_strings off); cut at a NUL, as libpq's C strings are.
 */
export function pgQuote(value: string, standardStrings: boolean): string {
  let s = cString(value);
  if (s.includes("'")) s = s.replace(/'/g, "''");
  if (!standardStrings && s.includes('\\')) s = s.replace(/\\/g, '\\\\');
  return "'" + s + "'";
}
