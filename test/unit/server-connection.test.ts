// One reading of the --mysql-* options and MYSQL_* variables for our own commands
// (src/server/connection.ts): which server, user and password, by the rules in docs/private-server.md.
import { describe, expect, it } from 'vitest';
import { mysqlConnectionArgs, readMysqlConnection } from '../../src/server/connection.js';
import { serverCandidates } from '../../src/server/discover.js';

const read = (argv: string[], env: Record<string, string> = {}) => readMysqlConnection(argv, env);
const target = (argv: string[], env: Record<string, string> = {}) => read(argv, env).target;

describe('reading the connection of our own commands', () => {
  it('user and password: option, then variables, then root and no password', () => {
    expect(read([])).toEqual({ user: 'root', password: '', target: null, localhostNamed: false });
    expect(read([], { MYSQL_USER: 'u', MYSQL_PWD: 'p' })).toMatchObject({ user: 'u', password: 'p' });
    expect(read([], { MYSQL_PASSWORD: 'a', MYSQL_PWD: 'b' }).password).toBe('a');
    expect(read(['--mysql-user=v', '--mysql_password=q'], { MYSQL_USER: 'u', MYSQL_PASSWORD: 'a' })).toMatchObject({ user: 'v', password: 'q' });
    // an empty --mysql-password is a password: no password, whatever the variables say
    expect(read(['--mysql-password='], { MYSQL_PASSWORD: 'a' }).password).toBe('');
    // an empty variable is unset
    expect(read([], { MYSQL_USER: '', MYSQL_PASSWORD: '', MYSQL_PWD: 'p' })).toMatchObject({ user: 'root', password: 'p' });
  });

  it('a socket beats a host at the same level; an option beats a variable', () => {
    expect(target(['--mysql-socket=/s', '--mysql-host=db'])).toEqual({ socket: '/s', user: 'root', password: '' });
    expect(target([], { MYSQL_SOCKET: '/s', MYSQL_HOST: 'db' })).toEqual({ socket: '/s', user: 'root', password: '' });
    expect(target(['--mysql-host=db'], { MYSQL_SOCKET: '/s' })).toEqual({ host: 'db', port: 3306, user: 'root', password: '' });
    expect(target(['--mysql-socket=/o'], { MYSQL_SOCKET: '/s' })?.socket).toBe('/o');
    expect(target([], { MYSQL_UNIX_PORT: '/u' })?.socket).toBe('/u');
    expect(target([], { MYSQL_SOCKET: '/s', MYSQL_UNIX_PORT: '/u' })?.socket).toBe('/s');
  });

  it('TCP: a host with the port of the option or the variables; a port alone means 127.0.0.1', () => {
    expect(target([], { MYSQL_HOST: 'db', MYSQL_TCP_PORT: '3307' })).toMatchObject({ host: 'db', port: 3307 });
    expect(target(['--mysql-host=db'], { MYSQL_TCP_PORT: '3307' })).toMatchObject({ host: 'db', port: 3307 });
    expect(target(['--mysql-host=db', '--mysql-port=3308'], { MYSQL_TCP_PORT: '3307' })).toMatchObject({ host: 'db', port: 3308 });
    expect(target([], { MYSQL_PORT: '3309' })).toMatchObject({ host: '127.0.0.1', port: 3309 });
    expect(target(['--mysql-port=3310'], { MYSQL_SOCKET: '/s' })).toMatchObject({ host: '127.0.0.1', port: 3310 });
    expect(() => read(['--mysql-port=abc'])).toThrow('invalid port: abc');
    expect(() => read([], { MYSQL_TCP_PORT: '70000' })).toThrow('invalid port: 70000');
  });

  it('localhost: the local server through the socket of the variables, or wherever it is', () => {
    expect(read(['--mysql-host=localhost'])).toMatchObject({ target: null, localhostNamed: true });
    expect(read(['--mysql-host=localhost'], { MYSQL_UNIX_PORT: '/u', MYSQL_HOST: 'db' })).toMatchObject({ target: { socket: '/u' }, localhostNamed: true });
    // the variables' host does not override the localhost of an option
    expect(read(['--mysql-host=localhost'], { MYSQL_HOST: 'db' })).toMatchObject({ target: null, localhostNamed: true });
    expect(read([], { MYSQL_HOST: 'localhost' })).toMatchObject({ target: null, localhostNamed: true });
  });

  it('sysbench options for a connection; discovery candidates from the same reading', () => {
    expect(mysqlConnectionArgs({ socket: '/s', user: 'root', password: '' })).toEqual(['--mysql-socket=/s', '--mysql-user=root']);
    expect(mysqlConnectionArgs({ host: 'db', port: 3307, user: 'u', password: 'p' })).toEqual(['--mysql-host=db', '--mysql-port=3307', '--mysql-user=u', '--mysql-password=p']);
    expect(mysqlConnectionArgs({ user: 'u', password: '' })).toEqual(['--mysql-user=u']);
    expect(serverCandidates(['--mysql-user=u'], { MYSQL_HOST: 'db' })).toEqual({ explicit: true, targets: [{ host: 'db', port: 3306, user: 'u', password: '' }] });
    const local = serverCandidates([], { MYSQL_HOST: 'localhost' });
    expect(local.explicit).toBe(true);
    expect(local.targets.at(-1)).toEqual({ host: '127.0.0.1', port: 3306, user: 'root', password: '' });
    expect(serverCandidates([], {}).explicit).toBe(false);
  });
});
