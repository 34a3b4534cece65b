// Connecting as libpq does for sysbench: the options, then the PG* environment, then
// libpq's defaults; ~/.pgpass; sslmode; every address of the host in turn; and libpq's
// texts for each failure (the driver prefixes them with "Connection to database failed: ").
import pg from 'pg';
import dns from 'node:dns';
import net from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { LOST, serverErrorReport, type ServerError } from './libpq-texts.js';
import type { PgsqlOptions } from './options.js';
import type { ServerSettings } from './connection.js';
import { defaultTrust } from '../default-trust.js';
import { pgpassLookup } from './pgpass.js';
import { pgSocket } from './socket.js';
import { strerror } from '../../format/errno.js';

/** Debian's compiled-in default socket directory (libpq's DEFAULT_PGSOCKET_DIR) */
const DEFAULT_SOCKET_DIR = '/var/run/postgresql';

const SSL_MODES = new Set(['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full']);

const GAI_TEXT: Record<string, string> = {
  ENOTFOUND: 'Name or service not known',
  EAI_NONAME: 'Name or service not known',
  EAI_AGAIN: 'Temporary failure in name resolution',
  ENODATA: 'No address associated with hostname',
  EAI_NODATA: 'No address associated with hostname',
  EAI_FAIL: 'Non-recoverable failure in name resolution',
};

/** The socket errors libpq reports with its "Is the server running ..." hint (strerror() text first). */
// (EAGAIN: a local socket whose listen queue is full; libpq gives up on it at once, as here)
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOENT', 'EACCES', 'ECONNRESET', 'EADDRNOTAVAIL', 'EAGAIN']);

class NoPassword extends Error {}

/** Servers that answered "no SSL": sslmode=prefer goes straight to a plain connection next time. */
const NO_SSL = new Set<string>();

interface Target {
  /** the host as given (socket directory, name or address) */
  host: string;
  /** the address tried, or the socket directory */
  addr: string;
  socket: boolean;
  /** libpq's "connection to server ... failed: " prefix */
  label: string;
}

export type Connected = (err: string | null, client: pg.Client | null, settings: ServerSettings | null) => void;

export function openClient(o: PgsqlOptions, cb: Connected): void {
  const fail = (msg: string): void => cb(msg, null, null);
  const env = process.env;
  // libpq takes an empty value as "not given": the environment, then its default
  const host = o.host || env.PGHOST || DEFAULT_SOCKET_DIR;
  const port = o.port || env.PGPORT || '5432';
  const user = o.user || env.PGUSER || userInfo().username;
  const db = o.db || env.PGDATABASE || user;
  // sysbench 1.0.20 leaves sslmode to libpq (PGSSLMODE, else prefer): the option's default
  // gives way to the environment
  const sslmode = (o.sslmode === 'prefer' ? '' : o.sslmode) || env.PGSSLMODE || 'prefer';
  if (!SSL_MODES.has(sslmode)) return fail(`invalid sslmode value: "${sslmode}"\n`);
  const portNum = Number(port);
  if (!/^\s*[-+]?\d+\s*$/.test(port)) return fail(`invalid integer value "${port}" for connection option "port"\n`);
  if (portNum < 1 || portNum > 65535) return fail(`invalid port number: "${port}"\n`);
  const password = o.password || env.PGPASSWORD || pgpassLookup(host, port, db, user) || '';

  // libpq's root.crt when there is one, else the default CAs (default-trust.ts)
  const trustFor = (rootCert: string): { ca?: Buffer | string[] } => {
    if (existsSync(rootCert)) return { ca: readFileSync(rootCert) };
    const trust = defaultTrust();
    return trust !== null ? { ca: trust } : {};
  };
  type Attempted = (err: string | null, client: pg.Client | null, settings: ServerSettings | null, retryPlain: boolean) => void;
  const attempt = (t: Target, ssl: boolean, done: Attempted): void => {
    let sslConfig: object | false = false;
    if (ssl && !t.socket) {
      const verify = sslmode === 'verify-ca' || sslmode === 'verify-full';
      const rootCert = env.PGSSLROOTCERT || join(homedir(), '.postgresql', 'root.crt');
      sslConfig = {
        rejectUnauthorized: verify,
        ...(verify ? trustFor(rootCert) : {}),
        ...(sslmode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
        ...(sslmode === 'verify-full' && net.isIP(t.host) === 0 ? { servername: t.host } : {}),
      };
    }
    const client = new pg.Client({
      host: t.addr, port: portNum, user, database: db,
      password: () => {
        if (password === '') throw new NoPassword('no password');
        return password;
      },
      ssl: sslConfig as never,
      // plain connections read into a buffer of their own (socket.ts); TLS keeps pg's own socket
      ...(sslConfig === false ? { stream: pgSocket } : {}),
    });
    client.on('error', () => { /* reported through the connect callback */ });
    const settings = watchSettings(client);
    client.connect((err: (Error & ServerError) | null) => {
      if (!err) return done(null, client, settings, false);
      try { client.end(); } catch { /* ignore */ }
      if (err.message === 'The server does not support SSL connections') {
        if (sslmode === 'prefer') return done(null, null, null, true);
        return done(`${t.label}server does not support SSL, but SSL was required\n`, null, null, false);
      }
      if (err instanceof NoPassword) return done(`${t.label}fe_sendauth: no password supplied\n`, null, null, false);
      if (typeof err.severity === 'string') return done(t.label + serverErrorReport(err, null), null, null, false);
      const code = (err as NodeJS.ErrnoException).code ?? '';
      const text = CONNECT_ERRORS.has(code) ? strerror(code) : undefined;
      if (text !== undefined) {
        const hint = t.socket
          ? '\tIs the server running locally and accepting connections on that socket?\n'
          : '\tIs the server running on that host and accepting TCP/IP connections?\n';
        return done(`${t.label}${text}\n${hint}`, null, null, false);
      }
      if (err.message.startsWith('Connection terminated')) return done(t.label + LOST, null, null, false);
      return done(`${t.label}${err.message}\n`, null, null, false);
    });
  };

  // every address of the host in turn; libpq keeps the messages of each failed one
  const tryAll = (targets: Target[]): void => {
    let messages = '';
    const next = (i: number): void => {
      if (i >= targets.length) return fail(messages);
      const t = targets[i];
      const key = `${t.addr}:${port}`;
      const useSsl = sslmode !== 'disable' && sslmode !== 'allow' && !t.socket && !(sslmode === 'prefer' && NO_SSL.has(key));
      attempt(t, useSsl, (err, client, settings, retryPlain) => {
        if (client !== null) return cb(null, client, settings);
        if (retryPlain) {
          NO_SSL.add(key);
          return attempt(t, false, (err2, client2, settings2) => {
            if (client2 !== null) return cb(null, client2, settings2);
            messages += err2 ?? '';
            next(i + 1);
          });
        }
        messages += err ?? '';
        next(i + 1);
      });
    };
    next(0);
  };

  if (host.startsWith('/')) {
    const path = `${host}/.s.PGSQL.${port}`;
    return tryAll([{ host, addr: host, socket: true, label: `connection to server on socket "${path}" failed: ` }]);
  }
  if (net.isIP(host) !== 0) {
    return tryAll([{ host, addr: host, socket: false, label: `connection to server at "${host}", port ${port} failed: ` }]);
  }
  dns.lookup(host, { all: true }, (err, addrs) => {
    if (err || addrs.length === 0) {
      const code = err?.code ?? 'ENOTFOUND';
      return fail(`could not translate host name "${host}" to address: ${GAI_TEXT[code] ?? 'Name or service not known'}\n`);
    }
    tryAll(addrs.map((a) => ({
      host, addr: a.address, socket: false,
      label: `connection to server at "${host}" (${a.address}), port ${port} failed: `,
    })));
  });
}

/** The settings the server reports (at startup and whenever they change). */
function watchSettings(client: pg.Client): ServerSettings {
  const settings: ServerSettings = { standardStrings: true };
  (client as unknown as PgClientInternals).connection.on('parameterStatus', (msg) => {
    if (msg.parameterName === 'standard_conforming_strings') settings.standardStrings = msg.parameterValue === 'on';
  });
  return settings;
}

/** pg internals used here (checked by test/e2e/pgsql/pgsql-pg-internals.test.ts) */
interface PgClientInternals {
  connection: { on(event: 'parameterStatus', listener: (msg: { parameterName: string; parameterValue: string }) => void): void };
}
