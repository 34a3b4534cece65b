#!/usr/bin/env node
// Seed 004: primary-key UPDATEs of t1(c1 INT AUTO_INCREMENT PRIMARY KEY, c2 CHAR(100)) on
// Aria, MyISAM and InnoDB at 1, 10 and 100 threads; ops/s per engine and thread count.
import { formatTable, whole } from './lib/table.mjs';
import { log, runReport, sysbench, workload } from './lib/sysbench.mjs';
import { charts, missingEngine, parseEngines, rowLabel, runStudy } from './lib/study.mjs';

runStudy({
  file: import.meta.url,
  title: 'Study 004: UPDATE by primary key, Aria vs MyISAM vs InnoDB',
  description: `For each engine: our update_t1 workload fills t1(c1 INT AUTO_INCREMENT PRIMARY KEY,
c2 CHAR(100)) with --rows rows, then for each thread count runs
  UPDATE t1 SET c2 = CONCAT('xxx', RAND(), 'yyy') WHERE c1 = <uniform random 1..--max-id>
for --time seconds (autocommit). Prints UPDATEs per second per thread count and engine.
Document scale: --rows=1300000 --max-id=1000000 (threads 1, 10, 100 and the three engines are
the defaults; the document does not give its run time).`,
  db: 'sbtest_study_004',
  specs: {
    rows: { type: 'int', default: 130000, doc: 1300000, help: 'rows in t1' },
    'max-id': { type: 'int', default: 100000, doc: 1000000, help: 'UPDATEs pick c1 in 1..max-id' },
    threads: { type: 'ints', default: [1, 10, 100], help: 'thread counts' },
    time: { type: 'int', default: 20, help: 'seconds per run (the document does not say)' },
    engines: { type: 'strings', default: ['Maria=aria', 'MyISAM=myisam', 'InnoDB=innodb'], help: 'LABEL=ENGINE list' },
    server: { type: 'multi', default: [], help: 'LABEL="--mysql-host=... --mysql-port=..." : compare several servers (repeatable)' },
  },
}, async ({ opts, targets, onCleanup, chart }) => {
  const engines = parseEngines(opts.engines);
  /** one column per server × engine: ops/s per thread count */
  const columns = [];
  for (const t of targets) {
    for (const e of engines) {
      const label = rowLabel(targets, t, e.label);
      const col = { label, note: null, ops: new Map() };
      columns.push(col);
      if (!(await t.engineSupport(e.engine))) {
        col.note = missingEngine(e.engine);
        log(`${label}: ${col.note}`);
        continue;
      }
      const data = [workload('update_t1'), `--table_size=${opts.rows}`, `--max_id=${opts['max-id']}`, `--mysql_storage_engine=${e.spec}`];
      const cleanup = () => sysbench(t.args(...data, 'cleanup'), { allowFail: true });
      await cleanup();
      log(`${label}: prepare ${opts.rows} rows`);
      await sysbench(t.args(...data, 'prepare'));
      onCleanup(async () => { await cleanup(); });
      for (const n of opts.threads) {
        log(`${label}: ${n} threads, ${opts.time} s`);
        const r = await runReport(t.runArgs(...data, '--rand-type=uniform', `--threads=${n}`, `--time=${opts.time}`, 'run'));
        col.ops.set(n, r.tps);
      }
      await cleanup();
    }
  }
  process.stdout.write('UPDATEs per second\n\n');
  process.stdout.write(formatTable(['threads', ...columns.map((c) => c.label)],
    opts.threads.map((n) => [n, ...columns.map((c) => whole(c.ops.get(n)))])));
  for (const c of columns) if (c.note) process.stdout.write(`${c.label}: ${c.note}\n`);
  const { barChart } = await charts();
  const bars = columns.flatMap((c) => opts.threads.filter((n) => c.ops.has(n)).map((n) => ({ category: String(n), group: c.label, value: c.ops.get(n) })));
  await chart(barChart(bars, { title: 'UPDATE by primary key: UPDATEs per second', category: 'threads', value: 'UPDATEs/s', group: 'engine' }));
});
