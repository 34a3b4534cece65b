// Progress of long prepares (src/progress.ts, started by the CLI, counted in bulk-insert.ts):
// rows, rate and ETA on stderr when stderr is a terminal; stdout unchanged, equal to the
// reference's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { expectedRows, formatDuration, formatProgress } from '../../../src/progress.js';
import { BIN, createDatabase, dropDatabase, hasReference, mysqlArgs, REFERENCE, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_quickstart_progress';
const hasScript = existsSync('/usr/bin/script');

describe('progress texts', () => {
  it('rows of total, percent, rate, ETA from the average rate', () => {
    expect(formatProgress(250_000, 1_000_000, 48_123.4, 5000)).toBe('Inserted 250,000 of 1,000,000 rows (25%), 48,123 rows/s, ETA 0:15');
    expect(formatProgress(1234, null, 999.6, 2000)).toBe('Inserted 1,234 rows, 1,000 rows/s');
    // more rows than expected: the total was wrong, no ETA
    expect(formatProgress(20, 10, 5, 1000)).toBe('Inserted 20 rows, 5 rows/s');
    expect(formatDuration(59.4)).toBe('0:59');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('the total: table size times tables (1 by default), from the parsed options', () => {
    expect(expectedRows('1000000', null)).toBe(1_000_000);
    expect(expectedRows('500', '4')).toBe(2000);
    expect(expectedRows(null, '3')).toBeNull();
    expect(expectedRows('abc', null)).toBeNull();
    expect(expectedRows('100', '0')).toBeNull();
  });
});

describe('progress of a prepare', () => {
  const work = mkdtempSync(join(tmpdir(), 'sbts-progress-'));
  beforeEach(() => createDatabase(DB));
  afterAll(() => {
    dropDatabase(DB);
    rmSync(work, { recursive: true, force: true });
  });
  const args = (size: number, extra: string[] = []) => ['oltp_read_write', ...mysqlArgs(DB), `--table-size=${size}`, ...extra, 'prepare'];

  it('piped: stderr stays empty', async () => {
    const r = await sysbenchAsync(args(30_000));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it.skipIf(!hasScript)('on a terminal: live rows / rate / ETA on stderr; stdout to a file equal to the reference', async () => {
    // large enough to outlast the 1 s before the first frame (100,000 rows now insert in under a second)
    const size = 400_000;
    const out = join(work, 'ours.txt');
    const cmd = [BIN, ...args(size)].map((a) => `'${a}'`).join(' ') + ` > '${out}'`;
    // script(1) gives the command a terminal; what reaches the terminal is script's stdout
    const t = spawnSync('script', ['-qec', cmd, '/dev/null'], { encoding: 'utf8', timeout: 120_000 });
    expect(t.status, t.stderr).toBe(0);
    const frames = t.stdout.split('\r').filter((f) => f.startsWith('Inserted '));
    expect(frames.length).toBeGreaterThan(0);
    for (const f of frames) expect(f).toMatch(/^Inserted [\d,]+ of 400,000 rows \(\d+%\), [\d,]+ rows\/s, ETA \d+:\d\d\x1b\[K$/);
    // the line is erased at the end
    expect(t.stdout.trimEnd().endsWith('\r\x1b[K')).toBe(true);
    const ours = readFileSync(out, 'utf8');
    expect(ours).toContain("Inserting 400000 records into 'sbtest1'");
    expect(ours).not.toContain('Inserted');

    createDatabase(DB);
    const piped = await sysbenchAsync(args(size));
    expect(piped.stdout).toBe(ours);
    if (hasReference) {
      createDatabase(DB);
      const ref = await sysbenchAsync(args(size), { bin: REFERENCE });
      expect(ref.code).toBe(0);
      expect(ours).toBe(ref.stdout);
    }
  });

  it('parallel prepare: the worker threads\' rows add up to one line', async () => {
    // SYSBENCH_TS_PROGRESS=1: as if stderr were a terminal
    // long enough to outlast the second before the line shows (60,000 rows a table took 0.8 s)
    const r = await sysbenchAsync(args(200_000, ['--tables=3', '--threads=3']), { env: { SYSBENCH_TS_PROGRESS: '1' } });
    expect(r.code).toBe(0);
    const frames = r.stderr.split('\r').filter((f) => f.startsWith('Inserted '));
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.at(-1)).toMatch(/ of 600,000 rows /);
    const counts = frames.map((f) => Number(/^Inserted ([\d,]+)/.exec(f)![1].replace(/,/g, '')));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(r.stdout).not.toContain('Inserted');
  });

  it('run shows no progress', async () => {
    const prep = await sysbenchAsync(['bulk_insert', ...mysqlArgs(DB), 'prepare']);
    expect(prep.code, prep.stdout).toBe(0);
    const r = await sysbenchAsync(['bulk_insert', ...mysqlArgs(DB), '--time=2', 'run'], { env: { SYSBENCH_TS_PROGRESS: '1' } });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stderr).toBe('');
  });
});
