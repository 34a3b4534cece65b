#!/usr/bin/env node
// Seed 003: the IO-bound suite (scan, update-one, update-index, read-write range=100,
// hot-points, insert) with the rows in 1 table vs spread over 8 tables; QPS per test.
import { fixed, formatTable, secs, whole } from './lib/table.mjs';
import { log, runReport, sysbench, workload } from './lib/sysbench.mjs';
import { charts, missingEngine, parseEngines, runStudy } from './lib/study.mjs';

/** the suite: name, our workload script, its options (besides tables/size/threads/time) */
const TESTS = {
  'update-one': ['oltp_update_one', []],
  'update-index': ['oltp_update_index', []],
  'read-write': ['oltp_read_write', ['--range_size=100']],
  'hot-points': ['select_random_points', ['--random_points=100', '--hot_points=on']],
  insert: ['oltp_insert', []],
};

runStudy({
  file: import.meta.url,
  title: 'Study 003: IO-bound sysbench, 1 table vs 8 tables',
  description: `The same number of rows, in one table or spread over several (--tables-list=1,8), and per
layout the suite of the document, with our bundled workloads:
  scan          oltp_scan: one connection per table reads its whole table once (secs, rows/s)
  update-one    oltp_update_one: every UPDATE changes the same row (one per table)
  update-index  oltp_update_index
  read-write    oltp_read_write --range_size=100
  hot-points    select_random_points --random_points=100 --hot_points=on: the same 100 keys
  insert        oltp_insert
Prints the scan times, then QPS per test and layout with the ratio of the first layout to the
second. For an IO-bound run the rows must not fit the server's buffer pool: give --rows a size
beyond innodb_buffer_pool_size (about 4.5 million rows per GB) or shrink the pool.
Document scale: --rows=800000000 --threads=48 --time=180 (InnoDB 5.6/5.7/8.0 and MyRocks:
--engines, or --server per server).`,
  db: 'sbtest_study_003',
  specs: {
    rows: { type: 'int', default: 800000, doc: 800000000, help: 'rows in all, split evenly over the tables' },
    'tables-list': { type: 'ints', default: [1, 8], help: 'table counts compared' },
    threads: { type: 'int', default: 16, doc: 48, help: 'clients of each test (not of scan: one per table)' },
    time: { type: 'int', default: 20, doc: 180, help: 'seconds per test' },
    tests: { type: 'strings', default: ['scan', ...Object.keys(TESTS)], help: 'the tests to run, in order' },
    engines: { type: 'strings', default: ['innodb'], help: 'LABEL=ENGINE list' },
    'rand-type': { type: 'string', default: 'uniform', help: 'distribution of the ids' },
    'prepare-threads': { type: 'int', default: 2, help: 'threads of the parallel prepare (at most one per table)' },
    server: { type: 'multi', default: [], help: 'LABEL="--mysql-host=... --mysql-port=..." : compare several servers (repeatable)' },
  },
}, async ({ opts, targets, onCleanup, chart }) => {
  for (const name of opts.tests) {
    if (name !== 'scan' && !TESTS[name]) throw new Error(`--tests: unknown test '${name}' (${['scan', ...Object.keys(TESTS)].join(', ')})`);
  }
  const layouts = opts['tables-list'];
  const engines = parseEngines(opts.engines);
  /** one column per server × engine × layout */
  const columns = [];
  for (const t of targets) {
    for (const e of engines) {
      const group = [targets.length > 1 ? t.label : '', engines.length > 1 || targets.length > 1 ? e.label : ''].filter((s) => s).join('/');
      const available = await t.engineSupport(e.engine);
      for (const tables of layouts) {
        const col = { group, tables, note: available ? null : missingEngine(e.engine), scan: null, qps: new Map() };
        columns.push(col);
        if (!available) continue;
        const where = `${group ? `${group}, ` : ''}${tables} table${tables > 1 ? 's' : ''}`;
        const size = Math.max(1, Math.floor(opts.rows / tables));
        const data = [`--tables=${tables}`, `--table-size=${size}`, `--mysql_storage_engine=${e.spec}`];
        const cleanup = () => sysbench(t.args(workload('oltp_read_write'), ...data, 'cleanup'), { allowFail: true });
        log(`${where}: prepare ${tables} x ${size} rows`);
        await sysbench(t.args(workload('oltp_read_write'), ...data, `--threads=${Math.min(tables, opts['prepare-threads'])}`, 'prepare'));
        onCleanup(async () => { await cleanup(); });
        for (const name of opts.tests) {
          if (name === 'scan') {
            log(`${where}: scan, ${tables} connection${tables > 1 ? 's' : ''}`);
            const r = await runReport(t.runArgs(workload('oltp_scan'), ...data, `--threads=${tables}`, `--events=${tables}`, '--time=0', 'run'));
            col.scan = { secs: r.secs, rowsPerSec: (size * tables) / r.secs };
            continue;
          }
          const [script, extra] = TESTS[name];
          log(`${where}: ${name}, ${opts.threads} threads, ${opts.time} s`);
          const r = await runReport(t.runArgs(workload(script), ...data, ...extra, `--threads=${opts.threads}`,
            `--time=${opts.time}`, `--rand-type=${opts['rand-type']}`, 'run'));
          col.qps.set(name, r.qps);
        }
        await cleanup();
      }
    }
  }
  const head = (c) => `${c.group ? `${c.group}\n` : ''}${c.tables} table${c.tables > 1 ? 's' : ''}`;
  const notes = columns.filter((c) => c.note).map((c) => `${c.group || 'engine'}: ${c.note}`);
  if (opts.tests.includes('scan')) {
    process.stdout.write(formatTable(['scan', ...columns.map(head)], [
      ['secs', ...columns.map((c) => secs(c.scan?.secs))],
      ['rows/s', ...columns.map((c) => whole(c.scan?.rowsPerSec))],
    ], { align: 'l' }));
    process.stdout.write('\n');
  }
  const tests = opts.tests.filter((n) => n !== 'scan');
  if (tests.length > 0) {
    // ratio of the first layout to the second, per group
    const ratioCols = layouts.length === 2 ? [...new Set(columns.map((c) => c.group))] : [];
    const ratio = (group, name) => {
      const [a, b] = layouts.map((n) => columns.find((c) => c.group === group && c.tables === n)?.qps.get(name));
      return a && b ? fixed(a / b, 2) : '-';
    };
    process.stdout.write(formatTable(
      ['QPS', ...columns.map(head), ...ratioCols.map((g) => `${g ? `${g}\n` : ''}${layouts[0]}/${layouts[1]}`)],
      tests.map((name) => [name, ...columns.map((c) => whole(c.qps.get(name))), ...ratioCols.map((g) => ratio(g, name))]),
      { align: 'l' },
    ));
  }
  for (const n of new Set(notes)) process.stdout.write(`${n}\n`);
  const { barChart } = await charts();
  const group = (c) => head(c).replace('\n', ' ');
  const bars = tests.length > 0
    ? columns.flatMap((c) => tests.filter((name) => c.qps.has(name)).map((name) => ({ category: name, group: group(c), value: c.qps.get(name) })))
    : columns.filter((c) => c.scan).map((c) => ({ category: 'scan', group: group(c), value: c.scan.rowsPerSec }));
  await chart(barChart(bars, tests.length > 0
    ? { title: 'QPS per test, by table count', category: 'test', value: 'queries/s', group: 'tables' }
    : { title: 'Full scan rate, by table count', category: '', value: 'rows/s', group: 'tables' }));
});
