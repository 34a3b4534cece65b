#!/usr/bin/env node
// Seed 001: time to load a sysbench table in PK order without secondary index, then time to
// create the secondary index, per engine and compression setting; the ratio is to the first.
import { fixed, formatTable, secs } from './lib/table.mjs';
import { log, sysbench, workload } from './lib/sysbench.mjs';
import { charts, missingEngine, parseEngines, rowLabel, runStudy } from './lib/study.mjs';

runStudy({
  file: import.meta.url,
  title: 'Study 001: load and create-index time per engine and compression',
  description: `For each configuration: load = oltp_read_write prepare of one table without the secondary
index (--create_secondary=off: the rows go in PK order), timed as a whole; then
CREATE INDEX k_1 ON sbtest1(k), timed on its own by the server's clock. Prints seconds and the
ratio to the first configuration, for the load and for the index.
A configuration is LABEL=ENGINE [TABLE OPTIONS]: the options follow the engine inside
sysbench's CREATE TABLE (e.g. "inno.zlib=innodb ROW_FORMAT=COMPRESSED"). MyRocks' compression
is a server setting (rocksdb_default_cf_options): compare it with --server, one per setting.
Document scale: --table-size=800000000 (the document's configurations are server versions:
use --server LABEL="--mysql-host=... --mysql-port=..." for each).`,
  db: 'sbtest_study_001',
  specs: {
    'table-size': { type: 'int', default: 400000, doc: 800000000, help: 'rows loaded' },
    configs: {
      type: 'strings',
      default: ['inno=innodb', 'inno.zlib=innodb ROW_FORMAT=COMPRESSED', 'inno.page=innodb PAGE_COMPRESSED=1', 'aria=aria', 'myisam=myisam', 'myrocks.none=rocksdb'],
      help: 'LABEL=ENGINE [TABLE OPTIONS] list',
    },
    server: { type: 'multi', default: [], help: 'LABEL="--mysql-host=... --mysql-port=..." : compare several servers (repeatable)' },
  },
}, async ({ opts, targets, chart }) => {
  const configs = parseEngines(opts.configs);
  /** @type {{ label: string, load: number | null, create: number | null, note?: string }[]} */
  const results = [];
  for (const t of targets) {
    for (const c of configs) {
      const label = rowLabel(targets, t, c.label);
      if (!(await t.engineSupport(c.engine))) {
        log(`${label}: ${missingEngine(c.engine)}`);
        results.push({ label, load: null, create: null, note: missingEngine(c.engine) });
        continue;
      }
      const common = [workload('oltp_read_write'), '--tables=1', `--table-size=${opts['table-size']}`, `--mysql_storage_engine=${c.spec}`];
      await sysbench(t.args(...common, 'cleanup'));
      log(`${label}: load ${opts['table-size']} rows`);
      const load = await sysbench(t.args(...common, '--create_secondary=off', '--threads=1', 'prepare'));
      log(`${label}: create index`);
      const idx = await t.sql('CREATE INDEX k_1 ON sbtest1(k)', { timed: true });
      await sysbench(t.args(...common, 'cleanup'));
      log(`${label}: load ${load.secs.toFixed(1)} s, create index ${idx.elapsed?.toFixed(1)} s`);
      results.push({ label, load: load.secs, create: idx.elapsed });
    }
  }
  const table = (key, word) => {
    const base = results.find((r) => r[key] !== null)?.[key] ?? null;
    const rows = results.map((r) => (r[key] === null
      ? ['-', '-', `${r.label}   -- ${r.note ?? 'failed'}`]
      : [secs(r[key]), base ? fixed(r[key] / base, 3) : '-', r.label]));
    return formatTable([`${word}\nsecs`, `${word}\nratio`, 'engine'], rows, { align: 'rrl' });
  };
  process.stdout.write(table('load', 'load'));
  process.stdout.write('\n');
  process.stdout.write(table('create', 'create'));
  const { barChart } = await charts();
  const bars = results.flatMap((r) => [['load', r.load], ['create index', r.create]]
    .filter(([, v]) => v !== null && v !== undefined).map(([category, value]) => ({ category, group: r.label, value })));
  await chart(barChart(bars, { title: `Load ${opts['table-size']} rows, then create the secondary index`, category: 'step', value: 'time (s)', group: 'configuration' }));
});
