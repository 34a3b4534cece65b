// How our own commands (quickstart, studies, the private server, bench) reach a MySQL/MariaDB
// server: their --mysql-* options and the MYSQL_* variables, read by one function with one set
// of rules (docs/private-server.md, "Which server our own commands use"):
// - a value comes from its option, else from its variables in the order below, else its
//   default; an empty variable counts as unset:
//     user      --mysql-user      MYSQL_USER                    root
//     password  --mysql-password  MYSQL_PASSWORD, MYSQL_PWD     none
//     socket    --mysql-socket    MYSQL_SOCKET, MYSQL_UNIX_PORT
//     host      --mysql-host      MYSQL_HOST
//     port      --mysql-port      MYSQL_TCP_PORT, MYSQL_PORT    3306
// - the server: the options decide if they name one, else the variables. At either level a
//   socket beats a host; a host other than localhost means TCP to host:port; a port without
//   such a host means TCP to 127.0.0.1:port. So --mysql-host=db1 beats MYSQL_SOCKET, and
//   MYSQL_SOCKET beats MYSQL_HOST.
// - localhost means the local server through its socket, as in libmysqlclient: the socket of
//   the variables if they give one, else wherever the local server's socket is.

export interface ServerTarget {
  socket?: string;
  host?: string;
  port?: number;
  user: string;
  password: string;
}

export interface MysqlConnection {
  user: string;
  password: string;
  /** the server the options or variables name; null when they name none */
  target: ServerTarget | null;
  /** --mysql-host / MYSQL_HOST named localhost: the local server, wherever its socket is */
  localhostNamed: boolean;
}

/** `--name=value` options, names with '-' for '_' (the last one wins; a bare `--name` is 'on'). */
export function parseOptions(argv: readonly string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const a of argv) {
    const r = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/s.exec(a);
    if (r) m.set(r[1].replace(/_/g, '-'), r[2] ?? 'on');
  }
  return m;
}

function parsePort(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!(/^\d+$/.test(text) && port > 0 && port < 65536)) throw new Error(`invalid port: ${text}`);
  return port;
}

/** The connection named by `argv`'s --mysql-* options and `env`'s MYSQL_* variables. */
export function readMysqlConnection(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): MysqlConnection {
  const o = parseOptions(argv);
  const fromEnv = (...vars: string[]): string | undefined => {
    for (const v of vars) if (env[v] !== undefined && env[v] !== '') return env[v];
    return undefined;
  };
  // an empty option names nothing, except that --mysql-password= is an empty password
  const option = (name: string): string | undefined => (o.get(name) === '' ? undefined : o.get(name));
  const user = option('mysql-user') ?? fromEnv('MYSQL_USER') ?? 'root';
  const password = o.get('mysql-password') ?? fromEnv('MYSQL_PASSWORD', 'MYSQL_PWD') ?? '';
  const levels = [
    { socket: option('mysql-socket'), host: option('mysql-host'), port: parsePort(option('mysql-port')) },
    { socket: fromEnv('MYSQL_SOCKET', 'MYSQL_UNIX_PORT'), host: fromEnv('MYSQL_HOST'), port: parsePort(fromEnv('MYSQL_TCP_PORT', 'MYSQL_PORT')) },
  ];
  const port = levels[0].port ?? levels[1].port;
  let localhostNamed = false;
  for (const l of levels) {
    if (l.socket !== undefined) return { user, password, target: { socket: l.socket, user, password }, localhostNamed };
    if (localhostNamed) break;
    if (l.host !== undefined && l.host !== 'localhost') return { user, password, target: { host: l.host, port: port ?? 3306, user, password }, localhostNamed };
    if (l.port !== undefined) return { user, password, target: { host: '127.0.0.1', port: l.port, user, password }, localhostNamed };
    localhostNamed = l.host === 'localhost';
  }
  return { user, password, target: null, localhostNamed };
}

export function describeTarget(t: ServerTarget): string {
  return t.socket !== undefined ? `socket ${t.socket}` : `${t.host}:${t.port}`;
}

/** The sysbench --mysql-* options that connect to `t` (database not included). */
export function mysqlConnectionArgs(t: ServerTarget): string[] {
  const where = t.socket !== undefined ? [`--mysql-socket=${t.socket}`] : t.host !== undefined ? [`--mysql-host=${t.host}`, `--mysql-port=${t.port}`] : [];
  return [...where, `--mysql-user=${t.user}`, ...(t.password !== '' ? [`--mysql-password=${t.password}`] : [])];
}

/** The sysbench options that connect to `t` with the MySQL driver (database not included). */
export function targetSysbenchArgs(t: ServerTarget): string[] {
  return ['--db-driver=mysql', ...mysqlConnectionArgs(t)];
}

/** mysql2 connection settings for `t`. */
export function targetConnection(t: ServerTarget): { socketPath?: string; host?: string; port?: number; user: string; password: string } {
  return t.socket !== undefined
    ? { socketPath: t.socket, user: t.user, password: t.password }
    : { host: t.host, port: t.port, user: t.user, password: t.password };
}
