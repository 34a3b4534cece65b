// NODE_EXTRA_CA_CERTS: bin/sysbench keeps it from Node's start-up (Node 20 would parse the file
// before running anything, ~80 ms a run for a system bundle), gives it back to the programs a
// script starts, and verifying TLS connections still trust those certificates
// (src/drivers/default-trust.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, sysbench } from '../helpers/sysbench.js';

const dir = mkdtempSync(join(tmpdir(), 'sbts-extra-ca-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// any PEM certificate will do
const PEM = rootCertificates[0];
const pemFile = join(dir, 'extra.pem');
writeFileSync(pemFile, PEM);

/** defaultTrust() in a fresh process with `env`: the number of certificates, or null. */
function trustIn(env: Record<string, string>): number | null {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e',
    `import { defaultTrust } from ${JSON.stringify(join(ROOT, 'dist', 'drivers', 'default-trust.js'))};
     const t = defaultTrust(); console.log(t === null ? 'null' : t.length + ' ' + (t[t.length - 1] === ${JSON.stringify(PEM)}));`],
  { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
  expect(r.stderr).toBe('');
  const out = r.stdout.trim();
  if (out === 'null') return null;
  const [n, last] = out.split(' ');
  expect(last).toBe('true');
  return Number(n);
}

describe('NODE_EXTRA_CA_CERTS', () => {
  it('verifying connections trust Node\'s CAs and the extra file, as Node would', () => {
    expect(trustIn({ SYSBENCH_TS_EXTRA_CA_CERTS: pemFile })).toBe(rootCertificates.length + 1);
    // not set, or unreadable: Node's defaults as they are
    expect(trustIn({})).toBeNull();
    expect(trustIn({ SYSBENCH_TS_EXTRA_CA_CERTS: join(dir, 'missing.pem') })).toBeNull();
  });

  it('a script sees the variable as it was given, and the run is not disturbed by it', () => {
    const script = join(dir, 'env.lua');
    writeFileSync(script, 'function event() print("extra=" .. tostring(os.getenv("NODE_EXTRA_CA_CERTS"))) end\n');
    for (const value of [pemFile, join(dir, 'missing.pem')]) {
      const r = sysbench([script, '--events=1', 'run'], { env: { NODE_EXTRA_CA_CERTS: value } });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`extra=${value}\n`);
    }
  });

  it('Node itself no longer reads the file at start-up', () => {
    // Node warns on stderr when NODE_EXTRA_CA_CERTS cannot be read (as plain node shows): ours never sees it
    const r = sysbench(['--version'], { env: { NODE_EXTRA_CA_CERTS: join(dir, 'missing.pem') } });
    expect(r.stdout).toBe('sysbench 1.0.20\n');
    expect(r.stderr).toBe('');
    const direct = spawnSync(process.execPath, ['-e', '0'], { encoding: 'utf8', env: { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, 'missing.pem') } });
    expect(direct.stderr).toContain('Ignoring extra certs from');
  });
});
