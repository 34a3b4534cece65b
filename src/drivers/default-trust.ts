// The certificates a TLS connection trusts when no CA file is given: Node's own, plus those of
// NODE_EXTRA_CA_CERTS. bin/sysbench keeps that variable from Node's start-up (where Node 20
// would read it at once, on every run) and passes it as SYSBENCH_TS_EXTRA_CA_CERTS; connections
// that verify certificates get the same trust here, read only when one is made.
import { readFileSync } from 'node:fs';
import { tls } from '../lazy-node-modules.js';

let trust: string[] | null | undefined;

/** The CAs to give a verifying connection without a CA file, or null: Node's default applies. */
export function defaultTrust(): string[] | null {
  if (trust !== undefined) return trust;
  const file = process.env.SYSBENCH_TS_EXTRA_CA_CERTS;
  trust = null;
  if (file) {
    try {
      trust = [...tls().rootCertificates, readFileSync(file, 'utf8')];
    } catch {
      // as Node does with an unreadable NODE_EXTRA_CA_CERTS: the default CAs only
    }
  }
  return trust;
}
