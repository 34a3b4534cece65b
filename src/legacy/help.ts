// --legacy-help (sysbench-ts extension): the porting aid for sysbench 0.5 command lines.
// Prints what replaced each legacy option on the command line given, that command in 1.0
// syntax (same 0.5 script) and with sysbench 1.0's own script, then the full mapping.
// Nothing runs; the exit code is 0.
import { LEGACY_OPTIONS, LEGACY_SCRIPTS_MAP, findLegacyOption, findLegacyScript, type LegacyOption } from './mapping.js';

interface Word {
  /** the word as typed */
  text: string;
  /** option name with dashes, or null for a positional word */
  name: string | null;
  value: string | null;
}

function splitWord(text: string): Word {
  if (!text.startsWith('--')) return { text, name: null, value: null };
  const body = text.slice(2);
  const eq = body.indexOf('=');
  const name = (eq < 0 ? body : body.slice(0, eq)).replaceAll('_', '-');
  return { text, name, value: eq < 0 ? null : body.slice(eq + 1) };
}

/** A word as a shell would need it quoted. */
function shellWord(s: string): string {
  return /^[A-Za-z0-9_\-=.,/:@%+]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

function option(name: string, value: string | null): string {
  return value === null ? `--${name}` : `--${name}=${value}`;
}

function isOn(value: string | null): boolean {
  // how the 0.5 scripts test these flags: the exact text "on"
  return value === 'on';
}

function table(rows: [string, string][], indent = '  '): string {
  const width = Math.min(34, Math.max(...rows.map(([a]) => a.length)) + 2);
  return rows.map(([a, b]) => (b ? `${indent}${a.padEnd(width)}${b}` : `${indent}${a}`) + '\n').join('');
}

function optionTable(): string {
  const rows: [string, string][] = LEGACY_OPTIONS.map((o: LegacyOption) => {
    const left = o.name === 'test' ? '--test=NAME' : `--${o.name}`;
    let right: string;
    if (o.kind === 'general') right = o.replacement ? `--${o.replacement}: ${o.note}` : o.note;
    else if (o.kind === 'script') right = `--${o.replacement}: ${o.note}`;
    else if (o.kind === 'script-choice') right = o.note;
    else right = `(none) ${o.note}`;
    return [left, right];
  });
  return table(rows);
}

function scriptTable(): string {
  return table(LEGACY_SCRIPTS_MAP.map((s) => [
    `${s.name}.lua`,
    (s.runCommand ? `${s.replacement} ${s.runCommand}` : s.replacement) + (s.note ? ` - ${s.note}` : ''),
  ]));
}

/**
 * The --legacy-help text. `argv` is the command line without the program name; `testname`
 * and `command` are what sysbench's parser made of it; `isGeneralOption` tells sysbench's own
 * options (kept as they are) from script options.
 */
export function formatLegacyHelp(
  argv: readonly string[], testname: string | null, command: string | null, isGeneralOption: (name: string) => boolean,
): string {
  const words = argv.map(splitWord).filter((w) => w.name !== 'legacy-help');
  const given = words.some((w) => w.name !== null ? findLegacyOption(w.name) !== undefined : true);
  let out = 'sysbench 0.5 -> 1.0 porting aid (sysbench-ts --legacy-help)\n\n';
  out += 'sysbench-ts runs 0.5 command lines as they are (with the warnings sysbench 1.0.20 prints),\n' +
    'including the 0.5 OLTP scripts: lua/oltp.lua, lua/select.lua, ... from this project, or by name\n' +
    '(--test=oltp, --test=legacy/select_random_points).\n\n';

  if (given) out += commandSection(words, testname, command, isGeneralOption);

  out += 'Legacy options and their sysbench 1.0 replacements:\n';
  out += optionTable();
  out += '\nsysbench 0.5 OLTP scripts and the sysbench 1.0 scripts that replace them:\n';
  out += scriptTable();
  out += '\nOther options (--db-driver, --mysql-*, --rand-*, --report-interval, ...) are the same in 1.0.\n';
  return out;
}

function commandSection(words: Word[], testname: string | null, command: string | null, isGeneralOption: (name: string) => boolean): string {
  const legacyScript = testname !== null ? findLegacyScript(testname) : undefined;
  const readOnly = words.some((w) => w.name === 'oltp-read-only' && isOn(w.value));
  const writeOnly = words.some((w) => w.name === 'oltp-write-only' && isOn(w.value));
  let newScript: string | null = null;
  if (legacyScript) {
    newScript = legacyScript.replacement;
    if (legacyScript.name === 'oltp') newScript = readOnly ? 'oltp_read_only' : writeOnly ? 'oltp_write_only' : 'oltp_read_write';
  }

  const rows: [string, string][] = [];
  const sameScript: string[] = [];   // the 0.5 command in 1.0 syntax
  const ported: string[] = [];       // with the 1.0 script
  const notes: string[] = [];
  let limitGiven = false;

  for (const w of words) {
    if (w.name === null) continue;
    const o = findLegacyOption(w.name);
    if (w.name === 'max-requests' || w.name === 'max-time' || w.name === 'events' || w.name === 'time') limitGiven = true;
    if (!o) {
      sameScript.push(w.text);
      if (isGeneralOption(w.name) || !newScript) ported.push(w.text);
      else notes.push(`${w.text}: not an option of ${newScript} (it declares its options and rejects others); left out`);
      continue;
    }
    if (o.name === 'test') {
      rows.push([w.text, `positional test name: ${w.value ?? ''}` + (newScript ? ` (sysbench 1.0 script: ${newScript})` : '')]);
      continue;
    }
    switch (o.kind) {
      case 'general': {
        const now = option(o.replacement!, w.value);
        rows.push([w.text, now]);
        sameScript.push(now);
        ported.push(now);
        break;
      }
      case 'script': {
        const now = option(o.replacement!, w.value);
        rows.push([w.text, newScript ? `${now} (option of ${newScript})` : now]);
        sameScript.push(w.text);
        ported.push(now);
        break;
      }
      case 'script-choice':
        rows.push([w.text, isOn(w.value) && newScript ? `the ${newScript} script` : '(no 1.0 option: pick oltp_read_only / oltp_write_only)']);
        sameScript.push(w.text);
        break;
      case 'dropped':
        rows.push([w.text, '(no sysbench 1.0 equivalent)']);
        sameScript.push(w.text);
        notes.push(`${w.text}: ${o.note}`);
        break;
    }
  }

  let out = 'This command line:\n';
  out += rows.length > 0 ? table(rows) : '  (no legacy options)\n';
  if (testname === null) {
    out += '\n  (no test given: add --test=NAME or a test name)\n\n';
    return out;
  }

  const cmd = command ?? '';
  out += '\nIn sysbench 1.0 syntax, same script:\n  ';
  out += ['sysbench', testname, ...sameScript, ...(cmd ? [cmd] : [])].map(shellWord).join(' ') + '\n';
  if (newScript) {
    const portedCmd = legacyScript?.runCommand && cmd === 'run' ? legacyScript.runCommand : cmd;
    out += `\nWith sysbench 1.0's own script (${newScript}):\n  `;
    out += ['sysbench', newScript, ...ported, ...(portedCmd ? [portedCmd] : [])].map(shellWord).join(' ') + '\n';
    if (legacyScript?.note && legacyScript.name !== 'oltp') notes.push(`${legacyScript.name}.lua -> ${newScript}: ${legacyScript.note}`);
  }
  if (!limitGiven && cmd === 'run' && !legacyScript?.runCommand) {
    notes.push('sysbench 0.5 stopped after 10000 requests by default; sysbench 1.0 runs for 10 seconds (--time=10, --events=0)');
  }
  if (notes.length > 0) out += '\nNotes:\n' + notes.map((n) => `  - ${n}\n`).join('');
  return out + '\n';
}
