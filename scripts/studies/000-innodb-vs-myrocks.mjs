#!/usr/bin/env node
// Seed 000: InnoDB vs MyRocks with oltp_point_select (sysbench 1.0.14 in the document).
// Per engine: prepare (1 thread, --rand-type=uniform), SHOW TABLE STATUS, then a point-select
// run; prints tps, latency avg / 95th / max and the table status per engine.
import { fixed, formatTable, whole } from './lib/table.mjs';
import { log, runReport, sysbench, workload } from './lib/sysbench.mjs';
import { charts, missingEngine, parseEngines, rowLabel, runStudy } from './lib/study.mjs';

runStudy({
  file: import.meta.url,
  title: 'Study 000: InnoDB vs MyRocks, oltp_point_select',
  description: `For each engine: oltp_point_select prepare (one table, --threads=1, --rand-type=uniform,
--mysql_storage_engine=ENGINE), the table status (rows, data and index length), then a
point-select run; prints tps and latency avg / 95th / max per engine. An engine the server does
not have (rocksdb needs MariaDB's mariadb-plugin-rocksdb) is reported as such in the table.
Document scale: --table-size=5000000 --threads=100 --time=180.`,
  db: 'sbtest_study_000',
  specs: {
    'table-size': { type: 'int', default: 1000000, doc: 5000000, help: 'rows in sbtest1' },
    threads: { type: 'int', default: 16, doc: 100, help: 'threads of the run' },
    time: { type: 'int', default: 30, doc: 180, help: 'seconds of the run' },
    engines: { type: 'strings', default: ['InnoDB=innodb', 'MyRocks=rocksdb'], help: 'LABEL=ENGINE list (ENGINE may carry table options)' },
    'rand-type': { type: 'string', default: 'uniform', help: 'distribution of the ids' },
    server: { type: 'multi', default: [], help: 'LABEL="--mysql-host=... --mysql-port=..." : compare several servers (repeatable)' },
  },
}, async ({ opts, targets, chart }) => {
  const engines = parseEngines(opts.engines);
  const rows = [];
  const bars = [];
  for (const t of targets) {
    for (const e of engines) {
      const label = rowLabel(targets, t, e.label);
      if (!(await t.engineSupport(e.engine))) {
        log(`${label}: ${missingEngine(e.engine)}`);
        rows.push([label, missingEngine(e.engine)]);
        continue;
      }
      const common = [workload('oltp_point_select'), `--table-size=${opts['table-size']}`, `--rand-type=${opts['rand-type']}`, `--mysql_storage_engine=${e.spec}`];
      log(`${label}: prepare ${opts['table-size']} rows`);
      const prep = await sysbench(t.args(...common, '--threads=1', 'prepare'));
      const status = await t.tableStatus('sbtest1');
      log(`${label}: run, ${opts.threads} threads, ${opts.time} s`);
      const r = await runReport(t.runArgs(...common, `--threads=${opts.threads}`, `--time=${opts.time}`, 'run'));
      await sysbench(t.args(...common, 'cleanup'));
      bars.push({ category: label, group: label, value: r.tps });
      rows.push([label, fixed(prep.secs, 1), fixed(r.tps), fixed(r.latency.avg), fixed(r.latency.p95), fixed(r.latency.max),
        whole(status?.rows), whole(status?.dataLength), whole(status?.indexLength)]);
    }
  }
  process.stdout.write(formatTable(
    ['engine', 'prepare\nsecs', 'tps', 'latency (ms)\navg', '\n95th', '\nmax', 'table status\nrows', '\ndata_length', '\nindex_length'],
    rows, { align: 'l' },
  ));
  const { barChart } = await charts();
  await chart(barChart(bars, { title: `oltp_point_select, ${opts.threads} threads: transactions per second by engine`, category: 'engine', value: 'tps (transactions/s)', group: 'engine' }));
});
