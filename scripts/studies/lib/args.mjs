// Command line of the study commands: the study's own options (typed, with defaults and a help
// text), plus sysbench's connection options, passed to every sysbench step unchanged.
//
//   node scripts/studies/NNN-name.mjs [--option=value | --option value]... [--mysql-*=...]...
//
// - `--mysql-*`, `--pgsql-*` and `--db-*` options (either spelling, - or _) go to every
//   sysbench call: they pick the server. What they leave open comes from the MYSQL_*
//   variables, read as every command of ours reads them (src/server/connection.ts); the user
//   defaults to root.
// - `--sysbench-extra="--opt=v ..."` adds options to every sysbench run (e.g. --worker-threads).
// - `--help` prints the study's usage.
import { mysqlConnectionArgs, readMysqlConnection } from '../../../dist/server/connection.js';

/**
 * @typedef {{ type: 'int' | 'number' | 'string' | 'bool' | 'ints' | 'strings' | 'multi', default: unknown, help: string, doc?: string }} OptionSpec
 * `ints` / `strings`: comma lists. `multi`: the option may be repeated; its values collect in
 * an array. `doc`: the value that restores the document's scale (shown by --help).
 */

const PASS_THROUGH = /^--(mysql|pgsql|db)[-_]/;

function convert(name, spec, raw) {
  switch (spec.type) {
    case 'int': {
      if (!/^\d+$/.test(raw)) throw new Error(`--${name}: not a whole number: '${raw}'`);
      return Number(raw);
    }
    case 'number': {
      const v = Number(raw);
      if (raw === '' || !Number.isFinite(v)) throw new Error(`--${name}: not a number: '${raw}'`);
      return v;
    }
    case 'bool': {
      if (/^(on|true|yes|1|)$/.test(raw)) return true;
      if (/^(off|false|no|0)$/.test(raw)) return false;
      throw new Error(`--${name}: expected on or off, got '${raw}'`);
    }
    case 'ints':
      return raw.split(',').filter((s) => s !== '').map((s) => {
        if (!/^\d+$/.test(s)) throw new Error(`--${name}: not a list of whole numbers: '${raw}'`);
        return Number(s);
      });
    case 'strings':
      return raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
    default:
      return raw;
  }
}

/** Splits "--a=1 --b='x y'" into words (single or double quotes group). */
export function splitWords(text) {
  const words = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  let m;
  let cur = null;
  let last = 0;
  while ((m = re.exec(text)) !== null) {
    const piece = m[1] ?? m[2] ?? m[3];
    // pieces without whitespace between them belong to one word: --a='x y'
    if (cur !== null && m.index === last) cur += piece;
    else {
      if (cur !== null) words.push(cur);
      cur = piece;
    }
    last = re.lastIndex;
  }
  if (cur !== null) words.push(cur);
  return words;
}

/** The --mysql-* options the MYSQL_* variables (and the defaults) add to those given. */
function connectionDefaults(given) {
  const c = readMysqlConnection(given, process.env);
  const name = (a) => a.slice(0, a.indexOf('=')).replaceAll('_', '-');
  const givenNames = new Set(given.map(name));
  return mysqlConnectionArgs(c.target ?? c).filter((a) => !givenNames.has(name(a)));
}

/**
 * Parses argv against `specs`. Returns { opts, connection, extra, help } where connection is
 * the list of sysbench connection options and extra the --sysbench-extra words.
 * @param {string[]} argv
 * @param {Record<string, OptionSpec>} specs
 */
export function parseArgs(argv, specs) {
  const opts = {};
  for (const [name, spec] of Object.entries(specs)) {
    opts[name] = spec.type === 'multi' ? [...(spec.default ?? [])] : spec.default;
  }
  const multiSeen = new Set();
  const connection = [];
  let extra = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--help' || word === '-h') {
      help = true;
      continue;
    }
    if (PASS_THROUGH.test(word)) {
      connection.push(word.includes('=') ? word : `${word}=${argv[++i] ?? ''}`);
      continue;
    }
    const m = /^--([a-z0-9_-]+)(?:=(.*))?$/s.exec(word);
    if (!m) throw new Error(`unexpected argument '${word}' (see --help)`);
    const name = m[1].replaceAll('_', '-');
    if (name === 'sysbench-extra') {
      extra = [...extra, ...splitWords(m[2] ?? argv[++i] ?? '')];
      continue;
    }
    const spec = specs[name];
    if (!spec) throw new Error(`unknown option --${name} (see --help)`);
    let raw = m[2];
    if (raw === undefined) {
      // a bool may stand alone; others take the next word
      if (spec.type === 'bool' && (argv[i + 1] === undefined || argv[i + 1].startsWith('--'))) raw = '';
      else raw = argv[++i];
      if (raw === undefined) throw new Error(`--${name} needs a value`);
    }
    if (spec.type === 'multi') {
      // the first use replaces the default list
      if (!multiSeen.has(name)) opts[name] = [];
      multiSeen.add(name);
      opts[name].push(raw);
    } else {
      opts[name] = convert(name, spec, raw);
    }
  }
  return { opts, connection: [...connectionDefaults(connection), ...connection], extra, help };
}

/** The --help text: a title, a description, the options with defaults and document values. */
export function usage(command, description, specs) {
  const lines = [`Usage: node ${command} [OPTIONS] [--mysql-*=... connection options]`, '', description.trim(), '', 'Options:'];
  const show = (v) => (Array.isArray(v) ? v.join(',') : String(v));
  for (const [name, spec] of Object.entries(specs)) {
    const dflt = spec.type === 'multi' ? (spec.default?.length ? spec.default.join(' | ') : 'none') : show(spec.default);
    lines.push(`  --${name}=${spec.type.toUpperCase()}`);
    lines.push(`      ${spec.help} [default: ${dflt}]${spec.doc !== undefined ? ` [document: ${spec.doc}]` : ''}`);
  }
  lines.push('  --sysbench-extra="OPTIONS"');
  lines.push('      more sysbench options for every run (e.g. --worker-threads=2)');
  lines.push('  --mysql-host, --mysql-port, --mysql-socket, --mysql-user, --mysql-password, --mysql-db, ...');
  lines.push('      the server, as sysbench takes them (default: MYSQL_* variables, user root, local socket).');
  lines.push('      Without --mysql-db the study works in a database of its own that it creates and drops.');
  return lines.join('\n') + '\n';
}
