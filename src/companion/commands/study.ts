// sysbench-ts study NNN [options]: the seed studies of scripts/studies/ (each keeps its own
// options and --help, which this command passes through untouched).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { STUDIES_DIR } from '../paths.js';
import { runScript } from '../child.js';

export interface StudyScript {
  /** e.g. 002-legacy-point-selects */
  name: string;
  /** e.g. 002 */
  number: string;
  file: string;
  /** the study's first comment line */
  describe: string;
}

export function listStudies(dir: string = STUDIES_DIR): StudyScript[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /^\d{3}-.+\.mjs$/.test(f)).sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    const file = join(dir, f);
    const comment = readFileSync(file, 'utf8').split('\n').find((l) => /^\/\/ \S/.test(l)) ?? '';
    return { name: f.replace(/\.mjs$/, ''), number: f.slice(0, 3), file, describe: comment.replace(/^\/\/\s*/, '') };
  });
}

interface StudyArgs {
  args?: string[];
}

function studySubcommand(s: StudyScript): CommandModule<object, StudyArgs> {
  return {
    command: `${s.name} [args..]`,
    aliases: [s.number],
    describe: s.describe,
    // the study parses its own options (and prints its own --help)
    builder: (y) => y.help(false).version(false).strict(false).parserConfiguration({ 'unknown-options-as-args': true }) as never,
    handler: (a) => runScript(s.file, (a.args ?? []).map(String)),
  };
}

export const studyCommand: CommandModule = {
  command: 'study',
  describe: 'run a seed study (one published sysbench comparison re-run here): table on stdout, chart as SVG',
  builder: (y: Argv) => {
    for (const s of listStudies()) y.command(studySubcommand(s));
    // an installed package has no scripts/: say where the studies are instead of "no command"
    const missing = existsSync(STUDIES_DIR) ? '' : ` (none here: the studies are in a clone of the repository, ${STUDIES_DIR} is missing)`;
    return y
      .demandCommand(1, `name a study (see --help)${missing}`)
      .epilogue('Each study takes its own options: sysbench-ts study NNN --help. The old paths (node scripts/studies/NNN-....mjs) run the same code.');
  },
  handler: () => {},
};
