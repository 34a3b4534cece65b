// COM_QUERY from bytes: a statement the caller already holds as bytes (the bulk insert's
// 512 KiB VALUES buffer) is sent as it is, as libmysqlclient's mysql_real_query() does, without
// the round trip through a JS string that mysql2's query() needs (making a 512 KiB string and
// encoding it again costs several milliseconds per statement, a third of the client's work in
// a prepare).
//
// mysql2 runs the statement as one of its own Query commands, so the reply, errors, the
// command queue and lost connections are handled as for any query; only the command's first
// step, which writes the COM_QUERY packet, is replaced. What this relies on (mysql2 is pinned
// to one exact version in package.json; test/e2e/mysql/mysql-bytes-query.test.ts checks each point):
// - mysql.createQuery() makes a Query command; connection.query() runs a Query given to it;
// - a command's first step is its `start(packet, connection)`, looked up on the command when
//   it starts (so an own property replaces it); Query.prototype.start records the connection,
//   its query options and timeout, writes the packet and returns Query.prototype.resultsetHeader;
// - connection.writePacket(packet) reads packet.length(), packet.writeHeader(sequenceId) and
//   packet.buffer (the whole packet, its 4 header bytes first);
// - mysql.ConnectionConfig.queryOptions().
import mysql from 'mysql2';
import { CLIENT_QUERY_ATTRIBUTES } from '../wire/protocol.js';

const COM_QUERY = 3;

/** what this file uses of a mysql2 connection */
export interface BytesQueryConnection {
  config: { clientFlags: number };
  serverCapabilityFlags?: number;
  query(cmd: unknown): unknown;
  writePacket(packet: unknown): void;
}

interface QueryCommand {
  _connection: unknown;
  options: unknown;
  _queryOptions: unknown;
  _setTimeout(): void;
  start(packet: unknown, connection: BytesQueryConnection): unknown;
}

/** A whole packet (header included) in the shape connection.writePacket() reads. */
class OutPacket {
  readonly _name = 'Query';
  constructor(readonly buffer: Buffer) {}
  length(): number {
    return this.buffer.length;
  }
  writeHeader(sequenceId: number): void {
    const n = this.buffer.length - 4;
    this.buffer[0] = n & 0xff;
    this.buffer[1] = (n >>> 8) & 0xff;
    this.buffer[2] = (n >>> 16) & 0xff;
    this.buffer[3] = sequenceId & 0xff;
  }
}

/** the parts of mysql2's exports used here (not all in its typings) */
interface Mysql2Exports {
  createQuery(options: object, values: undefined, cb: unknown, config: object): QueryCommand;
  ConnectionConfig: { queryOptions(config: unknown, overrides: unknown): unknown };
}
const m = mysql as unknown as Mysql2Exports;

/** Query.prototype.resultsetHeader: the step that reads the reply */
let resultsetHeader: unknown = null;

/** The COM_QUERY packet of `sql` (header bytes left for writeHeader). */
function queryPacket(sql: Uint8Array, attributes: boolean): Buffer {
  const head = attributes ? 7 : 5;
  const buf = Buffer.allocUnsafe(head + sql.length);
  buf[4] = COM_QUERY;
  if (attributes) {
    buf[5] = 0; // parameter_count
    buf[6] = 1; // parameter_set_count
  }
  buf.set(sql, head);
  return buf;
}

/**
 * Runs `sql` (bytes) on `raw` as a text query; `cb` gets what mysql2's query() callback gets.
 * The bytes are copied at once: the caller may reuse its buffer when this returns.
 */
export function queryBytes(
  raw: BytesQueryConnection,
  sql: Uint8Array,
  cb: (err: unknown, res: unknown, fields: unknown) => void,
): void {
  const negotiated = raw.config.clientFlags & (raw.serverCapabilityFlags ?? 0);
  const packet = new OutPacket(queryPacket(sql, (negotiated & CLIENT_QUERY_ATTRIBUTES) !== 0));
  // raw bytes for every column, as for connection.ts's text queries
  const cmd = m.createQuery({ sql: '', rowsAsArray: true, typeCast: false }, undefined, cb, raw.config);
  resultsetHeader ??= (Object.getPrototypeOf(cmd) as { resultsetHeader: unknown }).resultsetHeader;
  cmd.start = function start(this: QueryCommand, _packet: unknown, connection: BytesQueryConnection): unknown {
    this._connection = connection;
    this.options = m.ConnectionConfig.queryOptions(connection.config, this._queryOptions);
    this._setTimeout();
    connection.writePacket(packet);
    return resultsetHeader;
  };
  raw.query(cmd);
}
