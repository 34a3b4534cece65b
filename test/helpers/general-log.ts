// Captures the statements MariaDB receives, from its general log, for one database (as the
// developers' qstream.sh tool does), made safe for concurrent test files (a lock serialises
// use of the global log; records are filtered by the connections to `db`).
import { mkdirSync, readFileSync, rmSync, rmdirSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { sql, SOCKET } from './sysbench.js';

// one lock per server: runs against another server (a private one) do not wait; the local
// server's keeps the name older checkouts use
const LOCK = join(tmpdir(), SOCKET === '/run/mysqld/mysqld.sock' ? 'sysbench-ts-general-log.lock'
  : `sysbench-ts-general-log-${createHash('sha1').update(SOCKET).digest('hex').slice(0, 12)}.lock`);

async function lock(): Promise<void> {
  for (let i = 0; i < 6000; i++) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('general log lock not acquired in 5 minutes');
}

interface LogRecord {
  conn: number;
  command: string;
  argument: string;
}

function parse(text: string): LogRecord[] {
  const records: LogRecord[] = [];
  for (const line of text.split('\n')) {
    const m = /^(?:\d{6}\s+[\d:]+)?\t+\s*(\d+) (\w+)\t?(.*)$/.exec(line);
    if (m) records.push({ conn: Number(m[1]), command: m[2], argument: m[3] });
    else if (records.length > 0) records[records.length - 1].argument += '\n' + line;
  }
  return records;
}

/**
 * Runs `fn` with the general log on and returns the Query/Prepare/Execute records of the
 * connections made to database `db`, as "Command\targument" lines (qstream.sh's format).
 */
export async function captureStatements(db: string, fn: () => Promise<unknown> | unknown): Promise<string[]> {
  await lock();
  const file = join(tmpdir(), `sbts-glog-${process.pid}-${Date.now()}.log`);
  try {
    writeFileSync(file, '');
    chmodSync(file, 0o666);
    sql(`SET GLOBAL general_log_file='${file}'; SET GLOBAL log_output='FILE'; SET GLOBAL general_log=1`);
    try {
      await fn();
    } finally {
      sql('SET GLOBAL general_log=0');
    }
    const records = parse(readFileSync(file, 'utf8'));
    const conns = new Set(records.filter((r) => r.command === 'Connect' && new RegExp(` on ${db} `).test(r.argument + ' ')).map((r) => r.conn));
    return records
      .filter((r) => conns.has(r.conn) && (r.command === 'Query' || r.command === 'Prepare' || r.command === 'Execute'))
      .map((r) => `${r.command}\t${r.argument.replace(/\n$/, '')}`);
  } finally {
    rmSync(file, { force: true });
    rmdirSync(LOCK);
  }
}
