// The frame every study command shares: options and --help, the target server(s), the study's
// own database (created, then dropped at the end, also on failure or Ctrl-C), and the header
// printed above the result table.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs, usage } from './args.mjs';
import { log, main, targetsFrom } from './sysbench.mjs';

/** the chart builders (lineChart, barChart) of dist/plot/study-charts.js */
export const charts = () => import('../../../dist/plot/study-charts.js');

/**
 * @param {{ file: string, title: string, description: string, specs: Record<string, import('./args.mjs').OptionSpec>, db: string }} study
 * @param {(ctx: { opts: Record<string, any>, targets: import('./sysbench.mjs').Target[], onCleanup: (fn: () => Promise<void>) => void, chart: (spec: object) => Promise<void> }) => Promise<void>} body
 */
export function runStudy(study, body) {
  const command = `scripts/studies/${basename(study.file)}`;
  const specs = {
    ...study.specs,
    database: { type: 'string', default: study.db, help: 'the database the study creates and drops (with --mysql-db: that one, kept)' },
    chart: { type: 'string', default: `${basename(study.file, '.mjs')}.svg`, help: 'the SVG file the chart of the document goes to (empty: no chart)' },
  };
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2), specs);
  } catch (e) {
    process.stderr.write(`${command}: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(usage(command, `${study.title}\n\n${study.description}`, specs));
    process.exit(0);
  }
  const cleanups = [];
  let targets = [];
  main(async () => {
    targets = await targetsFrom(parsed, parsed.opts.server ?? [], parsed.opts.database);
    for (const t of targets) await t.createDb();
    process.stdout.write(`${study.title}\n`);
    for (const t of targets) process.stdout.write(`  ${t.label}: database ${t.db}\n`);
    process.stdout.write('\n');
    const started = performance.now();
    /** the document's chart, next to the table (a Vega-Lite spec from dist/plot/study-charts.js) */
    const chart = async (spec) => {
      if (!parsed.opts.chart) return;
      const { renderSvg } = await import('../../../dist/plot/render.js');
      writeFileSync(parsed.opts.chart, await renderSvg(spec));
      log(`chart: ${parsed.opts.chart}`);
    };
    await body({ opts: parsed.opts, targets, onCleanup: (fn) => cleanups.push(fn), chart });
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }, async () => {
    for (const fn of cleanups.reverse()) await fn();
    for (const t of targets) await t.dropDb();
  });
}

/** `LABEL=ENGINE[ TABLE OPTIONS]` or `ENGINE` entries: { label, engine (the first word), spec } */
export function parseEngines(list) {
  return list.map((item) => {
    const eq = item.indexOf('=');
    const spec = (eq > 0 ? item.slice(eq + 1) : item).trim();
    return { label: eq > 0 ? item.slice(0, eq) : spec, engine: spec.split(/\s+/)[0], spec };
  });
}

/** the note for an engine the server lacks */
export function missingEngine(engine) {
  const hint = /rocksdb/i.test(engine) ? ' (MariaDB: install mariadb-plugin-rocksdb, then INSTALL SONAME \'ha_rocksdb\')' : '';
  return `engine ${engine} is not available on this server${hint}`;
}

/** label of a row when several servers are compared */
export const rowLabel = (targets, t, label) => (targets.length > 1 ? `${t.label}/${label}` : label);
