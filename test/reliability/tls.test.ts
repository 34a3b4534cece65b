// TLS: --mysql-ssl=on|REQUIRED|VERIFY_CA|VERIFY_IDENTITY (sysbench 1.1's modes) with
// --mysql-ssl-ca/-cert/-key, against a private MariaDB whose CA and server certificate this
// test makes with openssl. A wrong CA, a missing file and a wrong host name are refused with a
// clear FATAL; `on` keeps encrypting without checking the server (as sysbench 1.0.20).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbInstalled, startFaultServer, type FaultServer } from './helpers/server.js';
import { startSysbench } from './helpers/run.js';

const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
const DB = 'sbtest_tls';
const dir = mkdtempSync(join(tmpdir(), 'sbts-tls-'));
const f = (name: string): string => join(dir, name);
let server: FaultServer;
let script: string;

function openssl(args: string[]): void {
  const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${r.stderr}`);
}

function makeCertificates(): void {
  const ca = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'];
  openssl([...ca, '-keyout', 'ca-key.pem', '-out', 'ca.pem', '-subj', '/CN=sysbench-ts test CA']);
  openssl([...ca, '-keyout', 'wrong-key.pem', '-out', 'wrong-ca.pem', '-subj', '/CN=sysbench-ts wrong CA']);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server-key.pem', '-out', 'server.csr', '-subj', '/CN=localhost']);
  // the server's name is localhost only: 127.0.0.1 does not match it
  writeFileSync(f('san.ext'), 'subjectAltName=DNS:localhost\n');
  openssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial',
    '-out', 'server-cert.pem', '-days', '2', '-extfile', 'san.ext']);
  // a client certificate from the same CA
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'client-key.pem', '-out', 'client.csr', '-subj', '/CN=client']);
  openssl(['x509', '-req', '-in', 'client.csr', '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial', '-out', 'client-cert.pem', '-days', '2']);
}

describe.skipIf(!mariadbInstalled || !hasOpenssl)('TLS', () => {
  beforeAll(async () => {
    makeCertificates();
    server = await startFaultServer({
      databases: [DB],
      serverArgs: [`--ssl-ca=${f('ca.pem')}`, `--ssl-cert=${f('server-cert.pem')}`, `--ssl-key=${f('server-key.pem')}`],
    });
    script = f('cipher.lua');
    writeFileSync(script, `function event()
  local con = sysbench.sql.driver():connect()
  print("cipher=[" .. tostring(con:query_row("SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME='Ssl_cipher'")) .. "]")
  con:disconnect()
end
`);
  });
  afterAll(async () => {
    await server?.sql(`DROP DATABASE IF EXISTS ${DB}`).catch(() => {});
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (opts: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string }> => {
    const r = startSysbench([script, ...server.tcpArgs, `--mysql-db=${DB}`, '--events=1', ...opts, 'run'], env);
    const code = await r.exited;
    return { code, out: r.out() };
  };
  const encrypted = (out: string): boolean => /cipher=\[\w[\w-]+\]/.test(out);

  it('off: a plain connection; on and REQUIRED: encrypted, the server not checked', async () => {
    const off = await run([]);
    expect(off.code, off.out).toBe(0);
    expect(off.out).toContain('cipher=[]');
    for (const mode of ['on', 'required']) {
      const r = await run([`--mysql-ssl=${mode}`]);
      expect(r.code, r.out).toBe(0);
      expect(encrypted(r.out), r.out).toBe(true);
    }
  });

  it('prepared statements over TLS: the lean execute path steps aside and mysql2 runs them', async () => {
    const ps = f('ps.lua');
    writeFileSync(ps, `function event()
  local con = sysbench.sql.driver():connect()
  local stmt = con:prepare("SELECT ? + 1, CONCAT('v', ?)")
  local a = stmt:bind_create(sysbench.sql.type.INT)
  local b = stmt:bind_create(sysbench.sql.type.VARCHAR, 10)
  stmt:bind_param(a, b)
  a:set(41)
  b:set("x")
  local rs = stmt:execute()
  local row = rs:fetch_row()
  print("row=[" .. row[1] .. "," .. row[2] .. "]")
  con:disconnect()
end
`);
    const r = startSysbench([ps, ...server.tcpArgs, `--mysql-db=${DB}`, '--events=1', '--mysql-ssl=on', 'run'], { SYSBENCH_TS_MYSQL_LEAN: 'report' });
    const code = await r.exited;
    expect(code, r.out()).toBe(0);
    expect(r.out()).toContain('row=[42,vx]');
    expect(r.out()).toContain('lean: not used (TLS)');
    expect(r.out()).not.toMatch(/lean: \d+ lean, /);
  });

  it('VERIFY_CA with the right CA (and a client certificate) connects', async () => {
    const r = await run(['--mysql-ssl=VERIFY_CA', `--mysql-ssl-ca=${f('ca.pem')}`, `--mysql-ssl-cert=${f('client-cert.pem')}`, `--mysql-ssl-key=${f('client-key.pem')}`]);
    expect(r.code, r.out).toBe(0);
    expect(encrypted(r.out), r.out).toBe(true);
  });

  it('VERIFY_CA without --mysql-ssl-ca trusts NODE_EXTRA_CA_CERTS too, as Node does (bin/sysbench keeps it from Node)', async () => {
    const r = await run(['--mysql-ssl=VERIFY_CA'], { NODE_EXTRA_CA_CERTS: f('ca.pem') });
    expect(r.code, r.out).toBe(0);
    expect(encrypted(r.out), r.out).toBe(true);
  });

  it('VERIFY_CA with a wrong CA, or none, is refused with a clear FATAL', async () => {
    for (const ca of [[`--mysql-ssl-ca=${f('wrong-ca.pem')}`], []]) {
      const r = await run(['--mysql-ssl=VERIFY_CA', ...ca]);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toContain(`FATAL: unable to connect to MySQL server on host '127.0.0.1', port ${server.port}, aborting...`);
      expect(r.out).toContain('FATAL: error 2026: TLS/SSL error: certificate verify failed: self-signed certificate in certificate chain');
      expect(r.out).not.toContain('cipher=');
    }
  });

  it('a certificate file that cannot be read is refused', async () => {
    const r = await run(['--mysql-ssl=VERIFY_CA', `--mysql-ssl-ca=${f('missing.pem')}`]);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(`FATAL: error 2026: TLS/SSL error: cannot read the CA file '${f('missing.pem')}': No such file or directory`);
  });

  it('VERIFY_IDENTITY checks the host name: localhost matches, 127.0.0.1 does not', async () => {
    const bad = await run(['--mysql-ssl=VERIFY_IDENTITY', `--mysql-ssl-ca=${f('ca.pem')}`]);
    expect(bad.code, bad.out).toBe(1);
    expect(bad.out).toMatch(/FATAL: error 2026: TLS\/SSL error: certificate verify failed: .*127\.0\.0\.1/);
    // "localhost" is TCP when there is no local socket (as libmysqlclient)
    const good = await run(['--mysql-ssl=VERIFY_IDENTITY', `--mysql-ssl-ca=${f('ca.pem')}`, '--mysql-host=localhost'], { MYSQL_UNIX_PORT: f('no.sock') });
    expect(good.code, good.out).toBe(0);
    expect(encrypted(good.out), good.out).toBe(true);
  });

  it('an unknown mode is refused as sysbench refuses a bad bool', async () => {
    const r = await run(['--mysql-ssl=sometimes']);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain('invalid option: --mysql-ssl=sometimes');
  });
});
