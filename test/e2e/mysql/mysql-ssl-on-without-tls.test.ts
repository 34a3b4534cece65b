// --mysql-ssl=on asks for TLS without requiring it (sysbench 1.0.20 on libmariadb): against a
// server that offers no TLS the run goes on over a plain connection; REQUIRED refuses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, mysqlArgs, sql, sysbench, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_ssl_on';
const serverTls = sql("SHOW GLOBAL VARIABLES LIKE 'have_ssl'").split('\t')[1];

beforeAll(async () => {
  createDatabase(DB);
  expect((await sysbenchAsync(['oltp_point_select', '--table-size=100', ...mysqlArgs(DB), 'prepare'])).code).toBe(0);
});
afterAll(() => dropDatabase(DB));

// the test servers (system or private) run without TLS; the TLS server cases are in test/reliability/tls.test.ts
describe.skipIf(serverTls === 'YES')(`a server without TLS (have_ssl=${serverTls})`, () => {
  it('--mysql-ssl=on connects without TLS and runs', () => {
    const r = sysbench(['oltp_point_select', '--table-size=100', '--mysql-ssl=on', '--threads=2', '--events=20', '--time=0', ...mysqlArgs(DB), 'run']);
    expect(r.stderr).not.toContain('FATAL');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/total number of events:\s+20\n/);
  });

  it('--mysql-ssl=REQUIRED is refused', () => {
    const r = sysbench(['oltp_point_select', '--table-size=100', '--mysql-ssl=REQUIRED', '--events=20', '--time=0', ...mysqlArgs(DB), 'run']);
    expect(r.code).not.toBe(0);
    expect(r.stderr + r.stdout).toContain('error 2026: TLS/SSL error: SSL is required, but the server does not support it');
  });
});
