// The command lines of seed 000 (InnoDB vs MyRocks on oltp_point_select), scaled down:
// prepare, run with 1 and 100 threads, the storage-engine variant (an engine this server
// has), cleanup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, sql, SOCKET, STOCK, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_seed000';
const base = (extra: string[]): string[] => [
  `${STOCK}/oltp_point_select.lua`, '--table-size=5000', ...extra, '--rand-type=uniform', '--db-driver=mysql',
  `--mysql-db=${DB}`, `--mysql-socket=${SOCKET}`, '--mysql-user=root',
];

beforeAll(() => {
  createDatabase(DB);
  sql('SET GLOBAL max_connections = 600');
});
afterAll(() => dropDatabase(DB));

describe('seed 000 command lines', () => {
  for (const engine of [null, 'aria', 'myisam']) {
    it(`prepare, run at 1 and 100 threads, cleanup${engine ? ` (--mysql_storage_engine=${engine})` : ''}`, async () => {
      const eng = engine ? [`--mysql_storage_engine=${engine}`] : [];
      const prep = await sysbenchAsync([...base(['--threads=1', ...eng]), 'prepare']);
      expect(prep.code, prep.stdout).toBe(0);
      expect(sql(`SELECT COUNT(*) FROM ${DB}.sbtest1`)).toBe('5000');
      const status = sql(`SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA='${DB}' AND TABLE_NAME='sbtest1'`);
      expect(status.toLowerCase()).toBe(engine ?? 'innodb');
      for (const threads of [1, 100]) {
        const r = await sysbenchAsync([...base([`--threads=${threads}`, '--time=2', ...eng]), 'run']);
        expect(r.code, r.stdout.slice(-2000)).toBe(0);
        expect(r.stdout).toContain(`Number of threads: ${threads}`);
        const tx = Number(/transactions:\s+(\d+)/.exec(r.stdout)?.[1]);
        const reads = Number(/read:\s+(\d+)/.exec(r.stdout)?.[1]);
        expect(tx).toBeGreaterThan(0);
        // one point select per event
        expect(reads).toBe(tx);
        const fair = /events \(avg\/stddev\):\s+([\d.]+)/.exec(r.stdout);
        expect(Number(fair?.[1]) * threads).toBeCloseTo(tx, -1);
      }
      const clean = await sysbenchAsync([...base([]), 'cleanup']);
      expect(clean.code).toBe(0);
      expect(sql(`SHOW TABLES FROM ${DB}`)).toBe('');
    }, 120_000);
  }
});
