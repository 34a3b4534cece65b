// mysql2's errors as libmysqlclient reports them: server errors keep their errno and
// SQLSTATE, client-side failures get the client library's codes and texts.
import type { DbError } from '../driver.js';

export interface Mysql2Error extends Error {
  errno?: number;
  code?: string;
  sqlState?: string;
  sqlMessage?: string;
  fatal?: boolean;
}

// libmysqlclient's error for a connection lost during a query (mysql2 reports it without an errno)
const CR_SERVER_LOST = 2013;

export function toDbError(e: Mysql2Error): DbError {
  if (e.sqlMessage !== undefined && e.errno !== undefined && e.errno < 2000) {
    return { errno: e.errno, sqlState: e.sqlState ?? 'HY000', message: e.sqlMessage, connectionLost: false };
  }
  const lost = e.fatal === true || e.code === 'PROTOCOL_CONNECTION_LOST' || e.code === 'ECONNRESET' || e.code === 'EPIPE';
  if (lost) return { errno: CR_SERVER_LOST, sqlState: 'HY000', message: 'Lost connection to server during query', connectionLost: true };
  return { errno: e.errno ?? 2000, sqlState: e.sqlState ?? 'HY000', message: e.message, connectionLost: false };
}

export interface Target {
  socketPath?: string;
  host?: string;
  port?: number;
}

/** "error N: message" as libmariadb words it for the usual connection failures. */
export function connectErrorLine(err: Mysql2Error, target: Target): string {
  if (err.errno !== undefined && err.sqlMessage !== undefined && err.errno < 2000) return `error ${err.errno}: ${err.sqlMessage}`;
  const sysErrno: Record<string, number> = { ENOENT: 2, ECONNREFUSED: 111, EACCES: 13, ETIMEDOUT: 110, ENOTSOCK: 88 };
  const os = sysErrno[err.code ?? ''] ?? 0;
  if (target.socketPath) return `error 2002: Can't connect to local server through socket '${target.socketPath}' (${os})`;
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return `error 2005: Unknown server host '${target.host}' (-2)`;
  return `error 2002: Can't connect to server on '${target.host}' (${os})`;
}
