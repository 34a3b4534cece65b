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

/** How far a connection attempt got: 'connecting' (socket not open yet) or 'handshake'. */
export type ConnectStage = 'connecting' | 'handshake';

/** Follows a new mysql2 connection's socket: call the result to know how far it got. */
export function connectStage(raw: any): () => ConnectStage {
  let stage: ConnectStage = 'connecting';
  raw.stream?.once?.('connect', () => { stage = 'handshake'; });
  return () => stage;
}

// node's codes of a certificate the server presented and we refused (OpenSSL's verify errors)
const TLS_REFUSED = /SSL|TLS|CERT|SELF_SIGNED|UNABLE_TO|HOSTNAME|IP_ADDRESS|ALTNAME/;

/** "error N: message" as libmariadb words it for the usual connection failures. */
export function connectErrorLine(err: Mysql2Error, target: Target, stage: ConnectStage = 'connecting'): string {
  if (err.errno !== undefined && err.sqlMessage !== undefined && err.errno < 2000) return `error ${err.errno}: ${err.sqlMessage}`;
  const code = err.code ?? '';
  // TLS failures: libmariadb's CR_SSL_CONNECTION_ERROR with OpenSSL's reason
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT') return 'error 2026: TLS/SSL error: SSL is required, but the server does not support it';
  if (TLS_REFUSED.test(code) || /ssl|tls/i.test(err.message)) {
    const why = err.message.replace(/^Error: /, '');
    // the server's certificate was refused (OpenSSL's reason follows, as node words it)
    const verify = /certificate|self-signed|issuer|altnames|hostname/i.test(why) ? 'certificate verify failed: ' : '';
    return `error 2026: TLS/SSL error: ${verify}${why}`;
  }
  // the socket opened but the server never completed the handshake (closed it, or the
  // connect timeout ran out): libmariadb's CR_SERVER_LOST during the handshake
  if (stage === 'handshake' && (code === 'PROTOCOL_CONNECTION_LOST' || code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'EPIPE')) {
    return `error 2013: Lost connection to server at 'handshake: reading initial communication packet', system error: ${code === 'ETIMEDOUT' ? 110 : 11}`;
  }
  const sysErrno: Record<string, number> = { ENOENT: 2, EAGAIN: 11, ECONNREFUSED: 111, EACCES: 13, ETIMEDOUT: 110, ENOTSOCK: 88 };
  const os = sysErrno[code] ?? 0;
  if (target.socketPath) return `error 2002: Can't connect to local server through socket '${target.socketPath}' (${os})`;
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return `error 2005: Unknown server host '${target.host}' (-2)`;
  return `error 2002: Can't connect to server on '${target.host}' (${os})`;
}
