// The server's side of the protocol once a connection is up: backend messages cut out of
// the socket's chunks, without a parser object per message. pg's Client does the startup
// (authentication, TLS); after that the connection reads its socket itself
// (connection.ts): ErrorResponse becomes an error with pg's field names, DataRow bodies are
// kept as bytes and decoded only when a script reads the row.
import type { DbResult } from '../driver.js';
import { SbCounter } from '../../stats/counters.js';
import type { ServerError } from './libpq-texts.js';

/** Backend message type bytes */
export const MSG = {
  DataRow: 0x44, // D
  RowDescription: 0x54, // T
  CommandComplete: 0x43, // C
  ReadyForQuery: 0x5a, // Z
  ErrorResponse: 0x45, // E
  EmptyQuery: 0x49, // I
  ParameterStatus: 0x53, // S
  CopyInResponse: 0x47, // G
} as const;

export type OnMessage = (type: number, buf: Buffer, start: number, end: number) => void;

/**
 * Cuts whole messages (type byte, int32 length, body) out of the chunks it is given and
 * hands each one's body (buf[start, end)) to `onMessage`, in order. A message split over
 * chunks is put together once all of it has arrived. A chunk is only read during push():
 * the part of an incomplete message is copied (the socket may reuse the chunk's memory).
 */
export class MessageReader {
  /** the start of an incomplete message, and how many bytes the whole of it takes (0: unknown yet) */
  private parts: Buffer[] = [];
  private have = 0;
  private need = 0;

  constructor(private readonly onMessage: OnMessage) {}

  /** chunk[0, n) (n: all of it when not given) */
  push(chunk: Buffer, n: number = chunk.length): void {
    let buf = chunk;
    if (this.have > 0) {
      this.parts.push(Buffer.from(chunk.subarray(0, n)));
      this.have += n;
      if (this.need === 0 && this.have >= 5) this.need = 1 + Buffer.concat(this.parts, 5).readInt32BE(1);
      if (this.need === 0 || this.have < this.need) return;
      buf = Buffer.concat(this.parts, this.have);
      n = this.have;
      this.parts = [];
      this.have = 0;
      this.need = 0;
    }
    let at = 0;
    while (n - at >= 5) {
      const end = at + 1 + int32At(buf, at + 1);
      if (end > n) break;
      this.onMessage(buf[at], buf, at + 5, end);
      at = end;
    }
    if (at < n) {
      const rest = Buffer.from(buf.subarray(at, n));
      this.parts.push(rest);
      this.have = rest.length;
      this.need = rest.length >= 5 ? 1 + rest.readInt32BE(1) : 0;
    }
  }

  /** Forgets an incomplete message (the connection is gone). */
  clear(): void {
    this.parts = [];
    this.have = 0;
    this.need = 0;
  }
}

/** A NUL-terminated string of buf from `at` (end: the message's end); returns it and where the next field starts */
function cstring(buf: Buffer, at: number, end: number): [string, number] {
  let z = buf.indexOf(0, at);
  if (z < 0 || z >= end) z = end;
  return [buf.toString('utf8', at, z), z + 1];
}

/** ErrorResponse (or NoticeResponse) fields as pg's DatabaseError names them. */
const ERROR_FIELDS: Record<number, keyof ServerError | 'schema' | 'table' | 'column' | 'dataType' | 'constraint' | 'file' | 'line' | 'routine'> = {
  0x53: 'severity', // S
  0x43: 'code', // C
  0x44: 'detail', // D
  0x48: 'hint', // H
  0x50: 'position', // P
  0x70: 'internalPosition', // p
  0x71: 'internalQuery', // q
  0x57: 'where', // W
  0x73: 'schema', // s
  0x74: 'table', // t
  0x63: 'column', // c
  0x64: 'dataType', // d
  0x6e: 'constraint', // n
  0x46: 'file', // F
  0x4c: 'line', // L
  0x52: 'routine', // R
};

/** An ErrorResponse body as an Error with pg's fields (message: the M field). */
export function parseErrorResponse(buf: Buffer, start: number, end: number): Error & ServerError {
  const fields: Record<string, string> = {};
  let message = '';
  let at = start;
  while (at < end && buf[at] !== 0) {
    const code = buf[at];
    const [value, next] = cstring(buf, at + 1, end);
    at = next;
    if (code === 0x4d) message = value; // M
    else {
      const name = ERROR_FIELDS[code];
      if (name !== undefined) fields[name] = value;
    }
  }
  return Object.assign(new Error(message), fields);
}

/** ParameterStatus: name and value. */
export function parseParameterStatus(buf: Buffer, start: number, end: number): { parameterName: string; parameterValue: string } {
  const [parameterName, next] = cstring(buf, start, end);
  const [parameterValue] = cstring(buf, next, end);
  return { parameterName, parameterValue };
}

/** One DataRow body: its text values (null for SQL NULL). */
export function decodeDataRow(body: Buffer, start = 0): (string | null)[] {
  const n = body.readInt16BE(start);
  const out = new Array<string | null>(n);
  let at = start + 2;
  for (let i = 0; i < n; i++) {
    const len = body.readInt32BE(at);
    at += 4;
    if (len < 0) out[i] = null;
    else {
      out[i] = body.toString('utf8', at, at + len);
      at += len;
    }
  }
  return out;
}

/**
 * A result set whose rows stay DataRow bodies until read (filled again by its exchange's next
 * run). `rows` holds a [buffer, body start] pair per row (no view per row: a subarray costs
 * more than the row's other handling).
 */
export class PgRowsResult implements DbResult {
  readonly counter = SbCounter.Read;
  nfields = 0;
  nrows = 0;
  private rows: readonly unknown[] = [];

  fill(nfields: number, nrows: number, rows: readonly unknown[]): void {
    this.nfields = nfields;
    this.nrows = nrows;
    this.rows = rows;
  }
  row(i: number): readonly unknown[] | null {
    return i < this.nrows ? decodeDataRow(this.rows[2 * i] as Buffer, this.rows[2 * i + 1] as number) : null;
  }
}

/** The big-endian int32 at buf[at] (readInt32BE's checks cost more than the read). */
export function int32At(buf: Uint8Array, at: number): number {
  return (buf[at] << 24) | (buf[at + 1] << 16) | (buf[at + 2] << 8) | buf[at + 3];
}
