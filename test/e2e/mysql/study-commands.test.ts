// Issue 6: each study command of scripts/studies/ runs to completion at a tiny size and prints
// its table in the document's shape; it drops the database it created.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SOCKET, sql } from '../../helpers/sysbench.js';

interface StudyResult {
  code: number;
  stdout: string;
  stderr: string;
}

const CHARTS = mkdtempSync(join(tmpdir(), 'sbts-study-charts-'));
const chartOf = (file: string): string => join(CHARTS, file.replace(/\.mjs$/, '.svg'));

function study(file: string, db: string, args: string[]): Promise<StudyResult> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [join(ROOT, 'scripts', 'studies', file), `--database=${db}`, '--mysql-user=root', `--mysql-socket=${SOCKET}`,
      `--chart=${chartOf(file)}`, ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => { stdout += d; });
    p.stderr.on('data', (d) => { stderr += d; });
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function databaseExists(db: string): boolean {
  return sql(`SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '${db}'`) !== '0';
}

/** the lines from the one matching `header` to the next blank line */
function table(stdout: string, header: RegExp): string[] {
  const lines = stdout.split('\n');
  const at = lines.findIndex((l) => header.test(l));
  if (at < 0) return [];
  const end = lines.findIndex((l, i) => i > at && l.trim() === '');
  return lines.slice(at, end < 0 ? undefined : end);
}

const words = (line: string): string[] => line.trim().split(/\s+/);
const NUM = /^\d+(\.\d+)?$/;

function ok(r: StudyResult, db: string): void {
  expect(r.code, `${r.stdout}\n${r.stderr.slice(-3000)}`).toBe(0);
  expect(databaseExists(db)).toBe(false);
}

/** the texts of the study's chart (titles, axis titles, labels, legend) */
function chartTexts(file: string): string[] {
  const svg = readFileSync(chartOf(file), 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
}

/** the number of bars (rect marks) of a bar chart */
const barCount = (file: string): number => (readFileSync(chartOf(file), 'utf8').match(/aria-roledescription="bar"/g) ?? []).length;

describe('study commands at a tiny size', () => {
  it('000: tps, latency and table status per engine; a missing engine is reported', async () => {
    const db = 'sbtest_study_000_t';
    const r = await study('000-innodb-vs-myrocks.mjs', db, ['--table-size=500', '--threads=2', '--time=1', '--engines=InnoDB=innodb,MyRocks=rocksdb,Aria=aria,Nope=no_such_engine']);
    ok(r, db);
    const t = table(r.stdout, /latency \(ms\)/);
    expect(words(t[1])).toEqual(['engine', 'secs', 'tps', 'avg', '95th', 'max', 'rows', 'data_length', 'index_length']);
    const row = (label: string): string[] => words(t.find((l) => l.startsWith(`${label} `)) ?? '');
    for (const label of ['InnoDB', 'Aria']) {
      const cells = row(label);
      expect(cells.length, t.join('\n')).toBe(9);
      expect(cells.slice(1).every((c) => NUM.test(c)), t.join('\n')).toBe(true);
      expect(Number(cells[2])).toBeGreaterThan(0);
    }
    expect(row('Aria')[6]).toBe('500');
    expect(t.find((l) => l.startsWith('Nope '))).toContain('engine no_such_engine is not available on this server');
    const rocks = t.find((l) => l.startsWith('MyRocks '));
    if (sql("SELECT COUNT(*) FROM information_schema.ENGINES WHERE ENGINE='ROCKSDB' AND SUPPORT IN ('YES','DEFAULT')") === '0') {
      expect(rocks).toContain('engine rocksdb is not available on this server');
    } else {
      expect(words(rocks ?? '').length).toBe(9);
    }
    const c = chartTexts('000-innodb-vs-myrocks.mjs');
    for (const label of ['tps (transactions/s)', 'engine', 'InnoDB', 'Aria']) expect(c).toContain(label);
  }, 300_000);

  it('001: load and create-index seconds with the ratio to the first configuration', async () => {
    const db = 'sbtest_study_001_t';
    const r = await study('001-load-and-index.mjs', db, ['--table-size=500', '--configs=inno=innodb,inno.zlib=innodb ROW_FORMAT=COMPRESSED,myisam=myisam,x=no_such_engine']);
    ok(r, db);
    for (const word of ['load', 'create']) {
      const t = table(r.stdout, new RegExp(`^${word}\\s+${word}$`));
      expect(words(t[1])).toEqual(['secs', 'ratio', 'engine']);
      expect(words(t[2])).toEqual([expect.stringMatching(NUM), '1.000', 'inno']);
      expect(words(t[3])).toEqual([expect.stringMatching(NUM), expect.stringMatching(/^\d+\.\d{3}$/), 'inno.zlib']);
      expect(words(t[4])).toEqual([expect.stringMatching(NUM), expect.stringMatching(/^\d+\.\d{3}$/), 'myisam']);
      expect(t[5]).toMatch(/^\s+-\s+-\s+x\s+-- engine no_such_engine is not available/);
    }
    const c = chartTexts('001-load-and-index.mjs');
    for (const label of ['time (s)', 'configuration', 'load', 'create index', 'inno.zlib']) expect(c).toContain(label);
    expect(barCount('001-load-and-index.mjs')).toBe(6);
  }, 300_000);

  it('002: tps per client count per configuration, and the differences', async () => {
    const db = 'sbtest_study_002_t';
    const before = sql('SELECT @@GLOBAL.max_seeks_for_key');
    const r = await study('002-legacy-point-selects.mjs', db, ['--table-size=500', '--clients=1,2', '--time=1', '--point-selects=20',
      '--config', 'a=SET GLOBAL max_seeks_for_key=1000', '--config', 'b=SET GLOBAL max_seeks_for_key=2000']);
    ok(r, db);
    expect(sql('SELECT @@GLOBAL.max_seeks_for_key')).toBe(before);
    const t = table(r.stdout, /^clients\s+a\s+b$/);
    expect(t.length).toBe(3);
    expect(words(t[1])).toEqual(['1', expect.stringMatching(NUM), expect.stringMatching(NUM)]);
    expect(words(t[2])[0]).toBe('2');
    const d = table(r.stdout, /^clients\s+b vs\. a$/);
    expect(d.length).toBe(3);
    expect(words(d[1])).toEqual(['1', expect.stringMatching(/^[+-]\d+\.\d%$/)]);
    // the document's 0.5 command line ran through our sysbench
    expect(r.stderr).toMatch(/1 clients/);
    // the document's chart: tps against the client count, one line per configuration
    const c = chartTexts('002-legacy-point-selects.mjs');
    for (const label of ['clients (--num-threads)', 'tps (transactions/s)', 'server', 'a', 'b']) expect(c).toContain(label);
    const svg = readFileSync(chartOf('002-legacy-point-selects.mjs'), 'utf8');
    expect((svg.match(/aria-roledescription="line mark"/g) ?? []).length).toBe(2);
  }, 300_000);

  it('003: scan times, then QPS per test for 1 vs 8 tables', async () => {
    const db = 'sbtest_study_003_t';
    const r = await study('003-io-bound-tables.mjs', db, ['--rows=800', '--threads=2', '--time=1']);
    ok(r, db);
    const scan = table(r.stdout, /^scan\s+1 table\s+8 tables$/);
    expect(scan.map((l) => words(l)[0])).toEqual(['scan', 'secs', 'rows/s']);
    const q = table(r.stdout, /^QPS\s+1 table\s+8 tables\s+1\/8$/);
    expect(q.slice(1).map((l) => words(l)[0])).toEqual(['update-one', 'update-index', 'read-write', 'hot-points', 'insert']);
    for (const l of q.slice(1)) expect(words(l).slice(1).every((c) => NUM.test(c)), l).toBe(true);
    const c = chartTexts('003-io-bound-tables.mjs');
    for (const label of ['queries/s', 'tables', '1 table', '8 tables', 'hot-points']) expect(c).toContain(label);
    expect(barCount('003-io-bound-tables.mjs')).toBe(10);
  }, 300_000);

  it('004: UPDATEs per second per thread count and engine', async () => {
    const db = 'sbtest_study_004_t';
    const r = await study('004-update-engines.mjs', db, ['--rows=300', '--max-id=200', '--threads=1,4', '--time=1']);
    ok(r, db);
    const t = table(r.stdout, /^threads\s+Maria\s+MyISAM\s+InnoDB$/);
    expect(t.length).toBe(3);
    expect(words(t[1])[0]).toBe('1');
    expect(words(t[2])[0]).toBe('4');
    for (const l of t.slice(1)) expect(words(l).slice(1).every((c) => NUM.test(c) && Number(c) > 0), l).toBe(true);
    const c = chartTexts('004-update-engines.mjs');
    for (const label of ['UPDATEs/s', 'threads', 'engine', 'Maria', 'MyISAM', 'InnoDB']) expect(c).toContain(label);
    expect(barCount('004-update-engines.mjs')).toBe(6);
  }, 300_000);

  it('usage errors exit 2; --help lists the document scale', async () => {
    const r = await study('004-update-engines.mjs', 'sbtest_study_x', ['--no-such-option=1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option --no-such-option');
    const h = await study('000-innodb-vs-myrocks.mjs', 'sbtest_study_x', ['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('[document: 5000000]');
  });
});
