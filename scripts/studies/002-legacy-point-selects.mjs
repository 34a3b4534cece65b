#!/usr/bin/env node
// Seed 002: the sysbench 0.5 read-only OLTP run with 1000 point selects per transaction,
// for 1, 2, 4, ... clients; one column per server / configuration, then the percentage
// differences between neighbouring columns.
import { formatTable, percent, whole } from './lib/table.mjs';
import { log, runReport, sysbench } from './lib/sysbench.mjs';
import { charts, runStudy } from './lib/study.mjs';

runStudy({
  file: import.meta.url,
  title: 'Study 002: sysbench 0.5 read-only point selects by number of clients',
  description: `The document's sysbench 0.5 command line, run by our sysbench with the bundled 0.5 scripts:
  sysbench --test=lua/oltp.lua --oltp-table-size=N --oltp-read-only=on --oltp_point_selects=1000
    --oltp_sum_ranges=0 --oltp_simple_ranges=0 --oltp_order_ranges=0 --oltp_distinct_ranges=0
    --max-requests=0 --max-time=T --num-threads=C run
for each client count C (after the 0.5 prepare of one table). One column per server
(--server, repeatable) and per configuration (--config LABEL="SET GLOBAL ...; ...", repeatable:
applied before its runs, the previous values restored after); with two columns or more, a
second table gives each column's difference to the previous one.
Document scale: --table-size=1000000 --clients=1,2,4,8,16,32,64,128,256 --time=100.`,
  db: 'sbtest_study_002',
  specs: {
    'table-size': { type: 'int', default: 100000, doc: 1000000, help: 'rows in sbtest1' },
    clients: { type: 'ints', default: [1, 2, 4, 8, 16], doc: '1,2,4,8,16,32,64,128,256', help: 'client counts (--num-threads)' },
    time: { type: 'int', default: 10, doc: 100, help: 'seconds per run (--max-time)' },
    'point-selects': { type: 'int', default: 1000, help: 'point selects per transaction (--oltp_point_selects)' },
    metric: { type: 'string', default: 'tps', help: 'tps (transactions/s) or qps (queries/s)' },
    server: { type: 'multi', default: [], help: 'LABEL="--mysql-host=... --mysql-port=..." : one column per server (repeatable)' },
    config: { type: 'multi', default: [], help: 'LABEL="SET GLOBAL a=1; SET GLOBAL b=2" : one column per configuration (repeatable)' },
  },
}, async ({ opts, targets, onCleanup, chart }) => {
  if (opts.metric !== 'tps' && opts.metric !== 'qps') throw new Error('--metric must be tps or qps');
  const configs = opts.config.length > 0
    ? opts.config.map((c) => {
      const eq = c.indexOf('=');
      if (eq <= 0) throw new Error(`--config: expected LABEL=STATEMENTS, got '${c}'`);
      return { label: c.slice(0, eq), sql: c.slice(eq + 1) };
    })
    : [{ label: '', sql: '' }];
  const legacy = ['--test=lua/oltp.lua', `--oltp-table-size=${opts['table-size']}`];
  const run = [...legacy, '--oltp-read-only=on', `--oltp_point_selects=${opts['point-selects']}`, '--oltp_sum_ranges=0',
    '--oltp_simple_ranges=0', '--oltp_order_ranges=0', '--oltp_distinct_ranges=0', '--max-requests=0', `--max-time=${opts.time}`];
  /** @type {{ label: string, values: Map<number, number> }[]} */
  const columns = [];
  for (const t of targets) {
    log(`${t.label}: 0.5 prepare, ${opts['table-size']} rows`);
    await sysbench(t.args(...legacy, 'prepare'));
    onCleanup(async () => { await sysbench(t.args(...legacy, 'cleanup'), { allowFail: true }); });
    for (const c of configs) {
      const label = [targets.length > 1 || c.label === '' ? t.label : '', c.label].filter((s) => s !== '').join('/');
      const restore = c.sql ? await t.applyConfig(c.sql) : async () => {};
      const values = new Map();
      try {
        for (const n of opts.clients) {
          log(`${label}: ${n} clients, ${opts.time} s`);
          const r = await runReport(t.runArgs(...run, `--num-threads=${n}`, 'run'));
          values.set(n, opts.metric === 'tps' ? r.tps : r.qps);
        }
      } finally {
        await restore();
      }
      columns.push({ label, values });
    }
  }
  const value = (col, n) => {
    const v = col.values.get(n);
    return v === undefined ? '-' : opts.metric === 'tps' && v < 1000 ? v.toFixed(2) : whole(v);
  };
  process.stdout.write(`${opts.metric} by number of clients\n\n`);
  process.stdout.write(formatTable(['clients', ...columns.map((c) => c.label)], opts.clients.map((n) => [n, ...columns.map((c) => value(c, n))])));
  if (columns.length >= 2) {
    const pairs = columns.slice(1).map((c, i) => [c, columns[i]]);
    process.stdout.write('\n');
    process.stdout.write(formatTable(['clients', ...pairs.map(([b, a]) => `${b.label} vs. ${a.label}`)],
      opts.clients.map((n) => [n, ...pairs.map(([b, a]) => percent(b.values.get(n), a.values.get(n)))])));
  }
  // the document's chart: one line per server / configuration against the client count
  const { lineChart } = await charts();
  const points = columns.flatMap((c) => [...c.values].map(([x, y]) => ({ x, y, series: c.label || 'server' })));
  const unit = opts.metric === 'tps' ? 'transactions/s' : 'queries/s';
  await chart(lineChart(points, { title: `sysbench 0.5 point selects: ${opts.metric} by number of clients`, x: 'clients (--num-threads)', y: `${opts.metric} (${unit})`, series: 'server' }));
});
